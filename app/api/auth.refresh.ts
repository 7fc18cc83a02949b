import type { ActionFunctionArgs } from "@remix-run/node";
import { refreshTokenPair } from "~/models/api-token.server";
import { serializeUser } from "~/models/user.server";
import { loadViewer } from "~/utils/auth.server";
import { AppError } from "~/utils/errors.server";
import { apiRefreshSchema } from "~/lib/schemas/api";
import { handleApi, noStore, parseBody } from "~/utils/api.server";
import { allowMethods, onlyMethods } from "~/utils/http.server";

export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "POST");
    const { refresh_token } = await parseBody(request, apiRefreshSchema);
    const { user, accessToken, refreshToken } = await refreshTokenPair(refresh_token);
    const viewer = await loadViewer(user.id, user.companyId);
    if (!viewer) throw new AppError(401, "invalid_refresh_token", "auth.invalidRefreshToken");
    return Response.json(
      { access_token: accessToken, refresh_token: refreshToken, token_type: "bearer", user: serializeUser(viewer.user) },
      { headers: noStore },
    );
  });
}

// Acts only.
export const loader = onlyMethods("POST");
