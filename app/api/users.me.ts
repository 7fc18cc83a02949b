import type { LoaderFunctionArgs } from "@remix-run/node";
import { serializeUser } from "~/models/user.server";
import { handleApi, noStore, requireApiUser } from "~/utils/api.server";
import { onlyMethods } from "~/utils/http.server";

export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const viewer = await requireApiUser(request);
    const { company, ...user } = viewer.user;
    return Response.json({ ...serializeUser(user), company }, { headers: noStore });
  });
}

// Reads only.
export const action = onlyMethods("GET", "HEAD");
