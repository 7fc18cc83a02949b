import type { LoaderFunctionArgs } from "@remix-run/node";
import { listUsers, serializeUser } from "~/models/user.server";
import { apiUsersQuerySchema } from "~/lib/schemas/api";
import { handleApi, noStore, parseQuery, requireApiUser } from "~/utils/api.server";
import { onlyMethods } from "~/utils/http.server";

// GET /api/users?ids=a,b&user_id=c — colleagues of the caller's company only.
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const viewer = await requireApiUser(request);
    parseQuery(request, apiUsersQuerySchema);
    const url = new URL(request.url);
    const ids = [...url.searchParams.getAll("ids").flatMap((v) => v.split(",")), ...url.searchParams.getAll("user_id")]
      .map((v) => v.trim())
      .filter(Boolean);
    const users = await listUsers(viewer, ids);
    return Response.json(users.map((user) => serializeUser(user, viewer)), { headers: noStore });
  });
}

// Reads only.
export const action = onlyMethods("GET", "HEAD");
