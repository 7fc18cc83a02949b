import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiTeamNameSchema } from "~/lib/schemas/api-teams";
import { deleteTeam, getTeam, renameTeam, serializeTeam } from "~/models/team.server";
import { handleApi, noStore, parseBody, requireApiUser } from "~/utils/api.server";
import { allowMethods } from "~/utils/http.server";

export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const viewer = await requireApiUser(request);
    return Response.json(serializeTeam(await getTeam(viewer, params.id!)), { headers: noStore });
  });
}

// PUT /api/teams/{id} { name }: renames; DELETE: only a team without members (spec section 4).
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "PUT", "DELETE");
    const viewer = await requireApiUser(request);
    if (request.method === "DELETE") {
      await deleteTeam(viewer, params.id!);
      return new Response(null, { status: 204 });
    }
    const { name } = await parseBody(request, apiTeamNameSchema);
    return Response.json(serializeTeam(await renameTeam(viewer, params.id!, name)));
  });
}
