import type { ActionFunctionArgs } from "@remix-run/node";
import { setPreferredLanguage } from "~/models/user.server";
import { apiLanguageSchema } from "~/lib/schemas/api";
import { handleApi, parseBody, requireApiUser } from "~/utils/api.server";
import { languageCookieHeader } from "~/utils/i18n.server";
import { allowMethods, onlyMethods } from "~/utils/http.server";

export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "PATCH", "PUT");
    const viewer = await requireApiUser(request);
    const { language } = await parseBody(request, apiLanguageSchema);
    await setPreferredLanguage(viewer, language);
    return Response.json({ ok: true, language }, { headers: { "Set-Cookie": await languageCookieHeader(language) } });
  });
}

// Acts only.
export const loader = onlyMethods("PATCH", "PUT");
