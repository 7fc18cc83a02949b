import type { ActionFunctionArgs } from "@remix-run/node";
import { messageValues } from "~/i18n";
import { csvFromForm } from "~/lib/holiday-csv";
import { apiDryRunSchema } from "~/lib/schemas/api-holidays";
import { importHolidayCsv } from "~/models/holiday.server";
import { handleApi, parseQuery, requireApiUser } from "~/utils/api.server";
import { AppError, forbidden } from "~/utils/errors.server";
import { allowMethods, onlyMethods, readFormData } from "~/utils/http.server";
import { getLanguage, getT } from "~/utils/i18n.server";
import { canManageHolidays } from "~/utils/permissions.server";

const API_FIELDS: Record<string, string> = { countryCode: "country_code", isRecurring: "is_recurring" };

// POST /api/holidays/import-csv?dry_run=true|false, a multipart body with the file (field `file`,
// else the form's first file): { created, skipped, errors: [{ line, detail, field?, value? }], dry_run }. With
// dry_run=true nothing is written. Company admins. The file's own checks of spec section 5
// (empty, header, the first 50 rows' dates) refuse it whole with a 400.
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "POST");
    const viewer = await requireApiUser(request);
    if (!canManageHolidays(viewer)) throw forbidden();
    const { dry_run } = parseQuery(request, apiDryRunSchema);
    const dryRun = dry_run === "true" || dry_run === "1";
    let formData: FormData;
    try {
      formData = await readFormData(request);
    } catch (error) {
      // A field holding a control character keeps its own answer (request-input.server.ts).
      if (error instanceof AppError) throw error;
      throw new AppError(400, "invalid_body", "holidays.csv.fileRequired");
    }
    const upload = await csvFromForm(formData);
    if (!upload.ok) throw new AppError(upload.status, "csv_upload", upload.key, { params: upload.params });
    const plan = await importHolidayCsv(viewer, upload.text, { dryRun });
    const t = getT(await getLanguage(request));
    return Response.json({
      created: plan.create.length,
      skipped: plan.skip.length,
      errors: plan.errors.map((error) => ({
        line: error.line,
        detail: t(error.key, messageValues(error.params)),
        ...(error.params?.field ? { field: API_FIELDS[error.params.field] ?? error.params.field, value: error.params.value } : {}),
      })),
      dry_run: dryRun,
    });
  });
}

export const loader = onlyMethods("POST");
