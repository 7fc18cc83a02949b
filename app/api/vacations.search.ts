import type { LoaderFunctionArgs } from "@remix-run/node";
import { categoryUnits, searchVacations, serializeVacation } from "~/models/vacation.server";
import { handleApi, noStore, parseVacationQuery, requireApiUser } from "~/utils/api.server";
import { onlyMethods } from "~/utils/http.server";

// GET /api/vacations/search?date_from&date_to&user_id (or "me")&limit (≤ 1000)&offset: an array,
// the company's vacations (the company calendar shows everyone's).
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const viewer = await requireApiUser(request);
    const [page, units] = await Promise.all([searchVacations(viewer, parseVacationQuery(request, viewer, 1000)), categoryUnits(viewer)]);
    return Response.json(page.items.map((v) => serializeVacation(v, undefined, { unit: units.get(v.categoryId) ?? "day" })), { headers: { ...noStore, "X-Total-Count": String(page.total) } });
  });
}

// Reads only.
export const action = onlyMethods("GET", "HEAD");
