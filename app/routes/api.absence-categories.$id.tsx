import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiUpdateAbsenceTypeSchema } from "~/lib/schemas/absence-types-api";
import { deleteAbsenceType, getAbsenceType, serializeAbsenceType, updateAbsenceType } from "~/models/absence-category.server";
import { handleApi, noStore, parseBody, requireApiAdmin, requireApiUser } from "~/utils/api.server";
import { allowMethods } from "~/utils/http.server";

// GET /api/absence-categories/{id}: one type of the caller's company.
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const viewer = await requireApiUser(request);
    return Response.json(serializeAbsenceType(await getAbsenceType(viewer, params.id!)), { headers: noStore });
  });
}

// PATCH /api/absence-categories/{id} (company admins): the fields sent change, `active` included.
// DELETE: only a type no absence ever used (409 otherwise: deactivate it with PATCH).
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "PATCH", "DELETE");
    const viewer = await requireApiAdmin(request);
    if (request.method === "DELETE") {
      await deleteAbsenceType(viewer, params.id!);
      return new Response(null, { status: 204 });
    }
    const body = await parseBody(request, apiUpdateAbsenceTypeSchema);
    const updated = await updateAbsenceType(viewer, params.id!, {
      name: body.name,
      color: body.color,
      balance: body.balance,
      requiresApproval: body.requires_approval,
      active: body.active,
      sortOrder: body.sort_order,
    });
    return Response.json(serializeAbsenceType(updated));
  });
}
