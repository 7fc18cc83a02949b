import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvDialectFor, csvFileName, csvStreamResponse } from "~/lib/csv";
import { readReportSort, readReportTeam, readReportYear } from "~/lib/report-params";
import { allowanceReportCsvParts } from "~/models/report.server";
import { AppError } from "~/utils/errors.server";
import { runExport } from "~/utils/export.server";
import { getT } from "~/utils/i18n.server";
import { currentLeaveYear } from "~/models/balance.server";

// The year tab's "Export CSV": everyone under the tab's team filter, in its order, in the reader's language.
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return runExport(request, { screen: `/reports${url.search}`, failedKey: "reports.errors.exportFailed" }, async ({ viewer, language }) => {
    const params = url.searchParams;
    const currentYear = currentLeaveYear(viewer);
    const { year, error } = readReportYear(params.get("year"), currentYear);
    if (error) throw new AppError(400, "validation_failed", error, { params: { max: String(currentYear + 1) } });
    const t = getT(language);
    // Streamed a read of people at a time (decision 0102); a failure before the first part is this page's.
    const parts = allowanceReportCsvParts(viewer, { year, teamId: readReportTeam(params), ...readReportSort(params) }, { t, dialect: csvDialectFor(language) });
    return csvStreamResponse(csvFileName(t("reports.csv.allowancesFile", { year })), parts);
  });
}
