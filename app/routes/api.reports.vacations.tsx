import type { LoaderFunctionArgs } from "@remix-run/node";
import { todayIn } from "~/lib/dates";
import { apiYearSchema } from "~/lib/schemas/api";
import { allowanceReport, serializeReportRow } from "~/models/report.server";
import { handleApi, noStore, parseQuery, requireApiAdmin } from "~/utils/api.server";
import { onlyMethods } from "~/utils/http.server";

export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const viewer = await requireApiAdmin(request);
    const year = parseQuery(request, apiYearSchema).year ?? Number(todayIn(viewer.timeZone).slice(0, 4));
    const rows = await allowanceReport(viewer, year);
    return Response.json(rows.map(serializeReportRow), { headers: noStore });
  });
}

// Reads only.
export const action = onlyMethods("GET", "HEAD");
