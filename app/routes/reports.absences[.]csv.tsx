import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvDialectFor, csvFileName, csvStreamResponse } from "~/lib/csv";
import { vacationReportCsvParts } from "~/models/report.server";
import { AppError } from "~/utils/errors.server";
import { runExport } from "~/utils/export.server";
import { getT } from "~/utils/i18n.server";
import { requireAdmin } from "~/utils/permissions.server";
import { readVacationReportFilters } from "./_app.reports/vacations.server";

// The absences tab's "Export CSV": every vacation under the tab's filters, in the reader's language.
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const screen = `/reports?${new URLSearchParams([["tab", "absences"], ...[...url.searchParams].filter(([key]) => key !== "tab")])}`;
  return runExport(request, { screen, failedKey: "reports.errors.exportFailed" }, async ({ viewer, language }) => {
    requireAdmin(viewer);
    const { applied, invalid } = await readVacationReportFilters(viewer, url.searchParams);
    const [problem] = Object.values(invalid);
    if (problem) throw new AppError(400, "validation_failed", problem);
    const t = getT(language);
    // Streamed a read of vacations at a time (decision 0102); a failure before the first part is this page's.
    const parts = vacationReportCsvParts(viewer, applied, { t, dialect: csvDialectFor(language) });
    return csvStreamResponse(csvFileName(t("reports.csv.absencesFile", { from: applied.dateFrom ?? "", to: applied.dateTo ?? "" })), parts);
  });
}
