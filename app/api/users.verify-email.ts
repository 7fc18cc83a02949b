import type { ActionFunctionArgs } from "@remix-run/node";
import { verifyEmail } from "~/models/account.server";
import { apiTokenSchema } from "~/lib/schemas/api";
import { handleApi, parseBody } from "~/utils/api.server";
import { allowMethods, onlyMethods } from "~/utils/http.server";

// 204: nothing to read back; the person signs in next.
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "POST");
    const { token } = await parseBody(request, apiTokenSchema);
    await verifyEmail(token);
    return new Response(null, { status: 204 });
  });
}

// Acts only.
export const loader = onlyMethods("POST");
