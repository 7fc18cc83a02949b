import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiUpdateAbsenceCategorySchema, categoryRulesOf } from "~/lib/schemas/absence-categories-api";
import { deleteAbsenceCategory, getAbsenceCategory, serializeAbsenceCategory, updateAbsenceCategory } from "~/models/absence-category.server";
import { handleApi, noStore, parseBody, requireApiAdmin, requireApiUser } from "~/utils/api.server";
import { allowMethods } from "~/utils/http.server";

// GET /api/absence-categories/{id}: one category of the caller's company.
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const viewer = await requireApiUser(request);
    return Response.json(serializeAbsenceCategory(await getAbsenceCategory(viewer, params.id!)), { headers: noStore });
  });
}

// PATCH /api/absence-categories/{id} (company admins): the fields sent change, `active` included.
// DELETE: only a category no vacation ever used (409 otherwise: deactivate it with PATCH).
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "PATCH", "DELETE");
    const viewer = await requireApiAdmin(request);
    if (request.method === "DELETE") {
      await deleteAbsenceCategory(viewer, params.id!);
      return new Response(null, { status: 204 });
    }
    const body = await parseBody(request, apiUpdateAbsenceCategorySchema);
    const updated = await updateAbsenceCategory(viewer, params.id!, {
      name: body.name,
      color: body.color,
      balance: body.balance,
      requiresApproval: body.requires_approval,
      active: body.active,
      ...categoryRulesOf(body),
    });
    return Response.json(serializeAbsenceCategory(updated));
  });
}
