import type { ActionFunctionArgs } from "@remix-run/node";
import { categoryUnits, decideVacation, serializeVacation } from "~/models/vacation.server";
import { handleApi, requireApiUser } from "~/utils/api.server";
import { allowMethods, onlyMethods } from "~/utils/http.server";

export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "POST");
    const viewer = await requireApiUser(request);
    const vacation = await decideVacation(viewer, params.id!, "rejected");
    const units = await categoryUnits(viewer);
    return Response.json(serializeVacation(vacation, undefined, { unit: units.get(vacation.categoryId) ?? "day" }));
  });
}

// Acts only.
export const loader = onlyMethods("POST");
