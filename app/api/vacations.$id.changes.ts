import type { ActionFunctionArgs } from "@remix-run/node";
import { apiVacationChangeBodySchema } from "~/lib/schemas/vacation-change";
import { proposeVacationChange, serializeVacationChange } from "~/models/vacation-change.server";
import { handleApi, parseBody, requireApiUser } from "~/utils/api.server";
import { allowMethods, onlyMethods } from "~/utils/http.server";

// POST /api/vacations/{id}/changes: the owner proposes a change of an approved absence (pending,
// 201); an admin who manages the owner changes it at once (approved, 201). Decision 0093.
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "POST");
    const viewer = await requireApiUser(request);
    const input = await parseBody(request, apiVacationChangeBodySchema);
    const change = await proposeVacationChange(viewer, params.id!, input);
    return Response.json(serializeVacationChange(change), { status: 201 });
  });
}

// Acts only.
export const loader = onlyMethods("POST");
