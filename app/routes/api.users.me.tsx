import type { LoaderFunctionArgs } from "@remix-run/node";
import { getUser, serializeUser } from "~/models/user.server";
import { handleApi, noStore, requireApiUser } from "~/utils/api.server";
import { onlyMethods } from "~/utils/http.server";

export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const { user, companyId } = await requireApiUser(request);
    return Response.json({ ...serializeUser(await getUser(companyId, user.id)), company: user.company }, { headers: noStore });
  });
}

// Reads only.
export const action = onlyMethods("GET", "HEAD");
