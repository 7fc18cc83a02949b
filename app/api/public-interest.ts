import type { ActionFunctionArgs } from "@remix-run/node";
import { apiInterestSchema } from "~/lib/schemas/api-billing";
import { registerInterest } from "~/models/public-interest.server";
import { handleApi, parseBody } from "~/utils/api.server";
import { allowMethods, onlyMethods } from "~/utils/http.server";
import { getLanguage, getT } from "~/utils/i18n.server";
import { clientIp } from "~/utils/rate-limit.server";

// POST /api/public-interest { email }: the landing page's interest form without a page (spec
// section 7's fallback). No sign-in; rate limited per client address; a filled honeypot
// (`website`) gets the same answer and stores nothing.
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "POST");
    const body = await parseBody(request, apiInterestSchema);
    const language = await getLanguage(request);
    await registerInterest(body, language, clientIp(request));
    return Response.json({ ok: true, message: getT(language)("publicSite.interest.thanks") }, { status: 201 });
  });
}

// Acts only.
export const loader = onlyMethods("POST");
