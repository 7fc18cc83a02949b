import type { ActionFunctionArgs } from "@remix-run/node";
import { issueTokenPair } from "~/models/api-token.server";
import { checkCredentials } from "~/models/credentials.server";
import { getUser, serializeUser } from "~/models/user.server";
import { apiLoginSchema } from "~/lib/schemas/api";
import { handleApi, noStore, parseBody } from "~/utils/api.server";
import { clientIp } from "~/utils/rate-limit.server";
import { allowMethods, onlyMethods } from "~/utils/http.server";

export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "POST");
    const { email, password } = await parseBody(request, apiLoginSchema);
    const found = await checkCredentials(email, password, clientIp(request));
    const tokens = await issueTokenPair(found);
    const user = await getUser(found.companyId, found.id);
    return Response.json(
      { access_token: tokens.accessToken, refresh_token: tokens.refreshToken, token_type: "bearer", user: serializeUser(user) },
      { headers: noStore },
    );
  });
}

// Acts only.
export const loader = onlyMethods("POST");
