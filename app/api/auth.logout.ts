import type { ActionFunctionArgs } from "@remix-run/node";
import { revokeRefreshToken } from "~/models/api-token.server";
import { apiLogoutSchema } from "~/lib/schemas/api";
import { handleApi, parseBody } from "~/utils/api.server";
import { allowMethods, onlyMethods } from "~/utils/http.server";

// Fire and forget (spec): revoking an unknown token is not an error.
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "POST");
    const { refresh_token } = await parseBody(request, apiLogoutSchema);
    await revokeRefreshToken(refresh_token ?? "");
    return new Response(null, { status: 204 });
  });
}

// Acts only.
export const loader = onlyMethods("POST");
