import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvResponse } from "~/lib/csv";
import { leaveImportTemplate, parseLeaveImportKind } from "~/lib/leave-import";
import { requireAdminUser } from "~/utils/auth.server";
import { AppError } from "~/utils/errors.server";
import { withPageErrors } from "~/utils/form-errors.server";

// The templates of the Import tab (decision 0086): /leave-import/balances-template.csv and
// /leave-import/absences-template.csv, the header and two example rows, UTF-8 with a byte order mark.
export function loader({ request, context, params }: LoaderFunctionArgs) {
  return withPageErrors(async () => {
    await requireAdminUser({ request, context });
    const kind = parseLeaveImportKind(params.kind?.replace(/-template$/, ""));
    if (!kind) throw new AppError(404, "not_found", "errors.notFound");
    return csvResponse(`${kind}-template.csv`, leaveImportTemplate(kind));
  });
}
