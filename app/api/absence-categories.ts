import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { DEFAULT_TYPE_COLOR } from "~/lib/schemas/absence-categories";
import { apiCreateAbsenceCategorySchema, categoryRulesOf } from "~/lib/schemas/absence-categories-api";
import { createAbsenceCategory, listAbsenceCategories, serializeAbsenceCategory } from "~/models/absence-category.server";
import { handleApi, noStore, parseBody, requireApiAdmin, requireApiUser } from "~/utils/api.server";
import { allowMethods } from "~/utils/http.server";

// GET /api/absence-categories: every category of the caller's company, inactive ones included, in order.
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const viewer = await requireApiUser(request);
    return Response.json((await listAbsenceCategories(viewer)).map(serializeAbsenceCategory), { headers: noStore });
  });
}

// POST /api/absence-categories (company admins): a new category; unnamed fields take the form's defaults.
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "POST");
    const viewer = await requireApiAdmin(request);
    const body = await parseBody(request, apiCreateAbsenceCategorySchema);
    const created = await createAbsenceCategory(viewer, {
      name: body.name,
      color: body.color ?? DEFAULT_TYPE_COLOR,
      balance: body.balance ?? "none",
      requiresApproval: body.requires_approval ?? true,
      ...categoryRulesOf(body),
    });
    return Response.json(serializeAbsenceCategory(created), { status: 201 });
  });
}
