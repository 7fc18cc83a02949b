import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiVacationSearchSchema, vacationFiltersFromQuery } from "~/lib/schemas/api";
import { searchVacations, serializeVacation } from "~/models/vacation.server";
import { handleApi, noStore, parseQuery, requireApiUser } from "~/utils/api.server";
import { onlyMethods } from "~/utils/http.server";

// GET /api/vacations/search?date_from&date_to&user_id (or "me")&limit (≤ 1000)&offset: an array,
// the company's absences (the company calendar shows everyone's).
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const { user, companyId } = await requireApiUser(request);
    const q = parseQuery(request, apiVacationSearchSchema);
    const page = await searchVacations(companyId, vacationFiltersFromQuery(q, user.id, 1000));
    return Response.json(page.items.map((v) => serializeVacation(v)), { headers: { ...noStore, "X-Total-Count": String(page.total) } });
  });
}

// Reads only.
export const action = onlyMethods("GET", "HEAD");
