import type { ActionFunctionArgs } from "@remix-run/node";
import { registerCompany } from "~/models/company.server";
import { apiRegisterSchema } from "~/lib/schemas/api";
import { handleApi, parseBody } from "~/utils/api.server";
import { getLanguage, getT } from "~/utils/i18n.server";
import { clientIp, consumeLimit, LIMITS } from "~/utils/rate-limit.server";
import { allowMethods, onlyMethods } from "~/utils/http.server";

// No tokens in the answer: the owner confirms the e-mail first (docs/decisions/0007-identity.md).
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "POST");
    await consumeLimit(LIMITS.signupPerIp, clientIp(request));
    const body = await parseBody(request, apiRegisterSchema);
    const language = await getLanguage(request);
    const { company, user } = await registerCompany({ ...body, language });
    return Response.json(
      { ok: true, company_id: company.id, user_id: user.id, verification_required: true, message: getT(language)("signup.checkEmail") },
      { status: 201 },
    );
  });
}

// Acts only.
export const loader = onlyMethods("POST");
