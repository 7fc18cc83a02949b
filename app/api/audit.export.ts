import type { LoaderFunctionArgs } from "@remix-run/node";
import { readAuditFilters } from "~/lib/audit-filters";
import { csvDialectFor, csvFileName, csvResponse } from "~/lib/csv";
import { todayIn } from "~/lib/dates";
import { auditCsv } from "~/models/audit.server";
import { handleApi, requireApiUser } from "~/utils/api.server";
import { AppError } from "~/utils/errors.server";
import { onlyMethods } from "~/utils/http.server";
import { getLanguage, getT } from "~/utils/i18n.server";

/** GET /api/audit/export (spec section 7): the entries under the search's filters as CSV, in the caller's language. */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const viewer = await requireApiUser(request);
    const { filters, invalid } = readAuditFilters(new URL(request.url).searchParams);
    if (Object.keys(invalid).length) throw new AppError(400, "validation_failed", Object.values(invalid)[0], { fields: invalid });
    const language = await getLanguage(request);
    const t = getT(language);
    const { body } = await auditCsv(viewer, filters, { t, dialect: csvDialectFor(language) });
    return csvResponse(csvFileName(t("audit.csv.file", { date: todayIn(viewer.timeZone) })), body);
  });
}

// Reads only.
export const action = onlyMethods("GET", "HEAD");
