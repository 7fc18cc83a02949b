import type { ActionFunctionArgs } from "@remix-run/node";
import { acceptInvitation } from "~/models/invitation.server";
import { serializeUser } from "~/models/user.server";
import { apiAcceptInviteSchema } from "~/lib/schemas/api";
import { handleApi, parseBody } from "~/utils/api.server";
import { getLanguage } from "~/utils/i18n.server";
import { clientIp, consumeLimit, LIMITS } from "~/utils/rate-limit.server";
import { allowMethods, onlyMethods } from "~/utils/http.server";

// 201 with the person the invitation made; they sign in next.
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "POST");
    await consumeLimit(LIMITS.acceptInvitePerIp, clientIp(request));
    const body = await parseBody(request, apiAcceptInviteSchema);
    const user = await acceptInvitation(body.token, { password: body.new_password, fullName: body.full_name, language: await getLanguage(request) });
    return Response.json(serializeUser(user), { status: 201 });
  });
}

// Acts only.
export const loader = onlyMethods("POST");
