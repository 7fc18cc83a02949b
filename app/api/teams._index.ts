import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiTeamNameSchema } from "~/lib/schemas/api-teams";
import { createTeam, listTeamsWithPeople, serializeTeam } from "~/models/team.server";
import { handleApi, noStore, parseBody, requireApiUser } from "~/utils/api.server";
import { allowMethods } from "~/utils/http.server";

// GET /api/teams: the teams of the caller's company with their active members and admins.
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const viewer = await requireApiUser(request);
    return Response.json((await listTeamsWithPeople(viewer)).map(serializeTeam), { headers: noStore });
  });
}

// POST /api/teams { name }: a new, empty team (company admins).
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "POST");
    const viewer = await requireApiUser(request);
    const { name } = await parseBody(request, apiTeamNameSchema);
    return Response.json(serializeTeam(await createTeam(viewer, name)), { status: 201 });
  });
}
