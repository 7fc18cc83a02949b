import type { LoaderFunctionArgs } from "@remix-run/node";
import { lastReportYear } from "~/lib/report-params";
import { apiYearSchema } from "~/lib/schemas/api";
import { allowanceReport, serializeReportRow } from "~/models/report.server";
import { handleApi, noStore, parseQuery, requireApiAdmin } from "~/utils/api.server";
import { AppError } from "~/utils/errors.server";
import { onlyMethods } from "~/utils/http.server";
import { currentLeaveYear } from "~/models/balance.server";

/** GET /api/reports/vacations?year= (spec section 7): every person's report row of the year. */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const viewer = await requireApiAdmin(request);
    const currentYear = currentLeaveYear(viewer);
    const year = parseQuery(request, apiYearSchema).year ?? currentYear;
    // Spec section 5: from 2000 to next year.
    const max = lastReportYear(currentYear);
    if (year > max) throw new AppError(400, "validation_failed", "reports.year.outOfRange", { params: { max: String(max) } });
    const rows = await allowanceReport(viewer, year);
    return Response.json(rows.map(serializeReportRow), { headers: noStore });
  });
}

// Reads only.
export const action = onlyMethods("GET", "HEAD");
