import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { addTeamAdmin, getTeam, removeTeamAdmin, serializeTeam } from "~/models/team.server";
import { handleApi, noStore, requireApiUser } from "~/utils/api.server";
import { readUserIdParam } from "~/utils/api-params.server";
import { allowMethods } from "~/utils/http.server";

export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const viewer = await requireApiUser(request);
    return Response.json(serializeTeam(await getTeam(viewer, params.id!)).team_admins, { headers: noStore });
  });
}

// POST { userId }: a member becomes an admin of the team (and an admin, if a user); DELETE: stops
// being one, keeping their role. The same rules as the team admin dialog.
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "POST", "DELETE");
    const viewer = await requireApiUser(request);
    const userId = await readUserIdParam(request);
    if (request.method === "DELETE") {
      await removeTeamAdmin(viewer, params.id!, userId);
      return new Response(null, { status: 204 });
    }
    return Response.json(serializeTeam(await addTeamAdmin(viewer, params.id!, userId)));
  });
}
