import type { LoaderFunctionArgs } from "@remix-run/node";
import { readAuditFilters } from "~/lib/audit-filters";
import { csvDialectFor, csvFileName, csvResponse } from "~/lib/csv";
import { todayIn } from "~/lib/dates";
import { auditCsv } from "~/models/audit.server";
import { AppError } from "~/utils/errors.server";
import { runExport } from "~/utils/export.server";
import { getT } from "~/utils/i18n.server";

// The audit screen's "Export CSV": every entry under the screen's filters, in the reader's language.
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return runExport(request, { screen: `/audit${url.search}`, failedKey: "audit.exportFailed" }, async ({ viewer, language }) => {
    const { filters, invalid } = readAuditFilters(url.searchParams);
    const [problem] = Object.values(invalid);
    if (problem) throw new AppError(400, "validation_failed", problem);
    const t = getT(language);
    const { body } = await auditCsv(viewer, filters, { t, dialect: csvDialectFor(language) });
    return csvResponse(csvFileName(t("audit.csv.file", { date: todayIn(viewer.timeZone) })), body);
  });
}
