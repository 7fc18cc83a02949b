import type { ActionFunctionArgs } from "@remix-run/node";
import { issueTokenPair } from "~/models/api-token.server";
import { checkCredentials } from "~/models/credentials.server";
import { serializeUser } from "~/models/user.server";
import { loadViewer } from "~/utils/auth.server";
import { AppError } from "~/utils/errors.server";
import { apiLoginSchema } from "~/lib/schemas/api";
import { handleApi, noStore, parseBody } from "~/utils/api.server";
import { clientIp } from "~/utils/rate-limit.server";
import { deviceCookieHeader, knownDevices } from "~/utils/device-cookie.server";
import { allowMethods, onlyMethods } from "~/utils/http.server";

export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "POST");
    const { email, password } = await parseBody(request, apiLoginSchema);
    const ip = clientIp(request);
    const found = await checkCredentials(email, password, ip, Date.now(), await knownDevices(request));
    const tokens = await issueTokenPair(found, { ip });
    const viewer = await loadViewer(found.id, found.companyId);
    if (!viewer) throw new AppError(401, "invalid_credentials", "auth.invalidCredentials");
    return Response.json(
      { access_token: tokens.accessToken, refresh_token: tokens.refreshToken, token_type: "bearer", user: serializeUser(viewer.user) },
      // The client now knows the account (decision 0070): a client that keeps cookies sends it back.
      { headers: { ...noStore, "Set-Cookie": await deviceCookieHeader(request, found) } },
    );
  });
}

// Acts only.
export const loader = onlyMethods("POST");
