import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiUpdateCompanySchema } from "~/lib/schemas/company-api";
import { getCompany, updateLeaveYearSettings } from "~/models/company.server";
import { handleApi, noStore, parseBody, requireApiAdmin, requireApiUser } from "~/utils/api.server";
import { allowMethods } from "~/utils/http.server";

export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const viewer = await requireApiUser(request);
    return Response.json(await getCompany(viewer), { headers: noStore });
  });
}

// PATCH (company admins): the leave year's start month, the rounding rule, the unit of new
// absence types and accrual's booking ahead; the fields sent change.
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "PATCH");
    const viewer = await requireApiAdmin(request);
    const body = await parseBody(request, apiUpdateCompanySchema);
    return Response.json(await updateLeaveYearSettings(viewer, { leaveYearStartMonth: body.leave_year_start_month, allowanceRounding: body.allowance_rounding, leaveUnit: body.leave_unit, accrualBookingAhead: body.accrual_booking_ahead, certificateAfterDays: body.certificate_after_days }));
  });
}
