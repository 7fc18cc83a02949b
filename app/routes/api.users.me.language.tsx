import type { ActionFunctionArgs } from "@remix-run/node";
import { setPreferredLanguage } from "~/models/user.server";
import { apiLanguageSchema } from "~/lib/schemas/api";
import { handleApi, parseBody, requireApiUser } from "~/utils/api.server";
import { languageCookieHeader } from "~/utils/i18n.server";

export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "PATCH" && request.method !== "PUT") return Response.json({ detail: "Method not allowed" }, { status: 405 });
    const viewer = await requireApiUser(request);
    const { language } = await parseBody(request, apiLanguageSchema);
    await setPreferredLanguage(viewer, language);
    return Response.json({ ok: true, language }, { headers: { "Set-Cookie": await languageCookieHeader(language) } });
  });
}
