import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { addMember, getTeam, removeMember, serializeTeam } from "~/models/team.server";
import { handleApi, noStore, requireApiUser } from "~/utils/api.server";
import { readUserIdParam } from "~/utils/api-params.server";
import { allowMethods } from "~/utils/http.server";

export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const viewer = await requireApiUser(request);
    return Response.json(serializeTeam(await getTeam(viewer, params.id!)).members, { headers: noStore });
  });
}

// POST { userId }: puts the person in the team (moving them from another one); DELETE: takes them out.
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "POST", "DELETE");
    const viewer = await requireApiUser(request);
    const userId = await readUserIdParam(request);
    if (request.method === "DELETE") {
      await removeMember(viewer, params.id!, userId);
      return new Response(null, { status: 204 });
    }
    return Response.json(serializeTeam(await addMember(viewer, params.id!, userId)));
  });
}
