import type { ActionFunctionArgs } from "@remix-run/node";
import { refreshTokenPair } from "~/models/api-token.server";
import { getUser, serializeUser } from "~/models/user.server";
import { apiRefreshSchema } from "~/lib/schemas/api";
import { handleApi, noStore, parseBody } from "~/utils/api.server";
import { allowMethods, onlyMethods } from "~/utils/http.server";

export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "POST");
    const { refresh_token } = await parseBody(request, apiRefreshSchema);
    const { user, accessToken, refreshToken } = await refreshTokenPair(refresh_token);
    return Response.json(
      { access_token: accessToken, refresh_token: refreshToken, token_type: "bearer", user: serializeUser(await getUser(user.companyId, user.id)) },
      { headers: noStore },
    );
  });
}

// Acts only.
export const loader = onlyMethods("POST");
