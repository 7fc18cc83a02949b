import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { todayIn } from "~/lib/dates";
import { cancelVacation, categoryUnits, getVacation, serializeVacation } from "~/models/vacation.server";
import { handleApi, noStore, requireApiUser } from "~/utils/api.server";
import { allowMethods } from "~/utils/http.server";

export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const viewer = await requireApiUser(request);
    const [vacation, units] = await Promise.all([getVacation(viewer, params.id!), categoryUnits(viewer)]);
    return Response.json(serializeVacation(vacation, undefined, { unit: units.get(vacation.categoryId) ?? "day" }), { headers: noStore });
  });
}

// DELETE /api/vacations/{id}: cancels (the row stays, status cancelled, for history and audit).
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "DELETE");
    const viewer = await requireApiUser(request);
    await cancelVacation(viewer, params.id!, todayIn(viewer.timeZone));
    return new Response(null, { status: 204 });
  });
}
