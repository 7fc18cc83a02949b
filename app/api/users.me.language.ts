import type { ActionFunctionArgs } from "@remix-run/node";
import { getUser, serializeUser, setPreferredLanguage } from "~/models/user.server";
import { apiLanguageSchema } from "~/lib/schemas/api";
import { handleApi, parseBody, requireApiUser } from "~/utils/api.server";
import { languageCookieHeader } from "~/utils/i18n.server";
import { allowMethods, onlyMethods } from "~/utils/http.server";

// PATCH (or PUT) { language }: answers the caller's profile as saved.
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "PATCH", "PUT");
    const viewer = await requireApiUser(request, { whileReadOnly: true });
    const { language } = await parseBody(request, apiLanguageSchema);
    await setPreferredLanguage(viewer, language);
    const user = serializeUser(await getUser(viewer, viewer.userId));
    return Response.json(user, { headers: { "Set-Cookie": await languageCookieHeader(language) } });
  });
}

// Acts only.
export const loader = onlyMethods("PATCH", "PUT");
