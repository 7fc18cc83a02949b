import type { ActionFunctionArgs } from "@remix-run/node";
import { withdrawVacationChange, serializeVacationChange } from "~/models/vacation-change.server";
import { handleApi, requireApiUser } from "~/utils/api.server";
import { allowMethods, onlyMethods } from "~/utils/http.server";

// POST /api/vacations/{id}/changes/{changeId}/withdraw (decision 0093).
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "POST");
    const viewer = await requireApiUser(request);
    return Response.json(serializeVacationChange(await withdrawVacationChange(viewer, params.id!, params.changeId!)));
  });
}

// Acts only.
export const loader = onlyMethods("POST");
