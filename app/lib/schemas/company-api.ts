// Body of PATCH /api/companies/me (snake_case like the rest of the API): the company's leave year
// and the rounding of prorated allowances (decision 0080). Classic zod at the API boundary.
import { z } from "zod";
import { ROUNDING_RULES } from "~/lib/proration";

export const apiUpdateCompanySchema = z.object({
  leave_year_start_month: z.number({ error: "leaveYear.errors.startMonth" }).int("leaveYear.errors.startMonth").min(1, "leaveYear.errors.startMonth").max(12, "leaveYear.errors.startMonth").optional(),
  allowance_rounding: z.enum(ROUNDING_RULES, { error: "leaveYear.errors.rounding" }).optional(),
  // The unit new absence types count in (decision 0081).
  leave_unit: z.enum(["day", "hour"], { error: "hours.errors.unitInvalid" }).optional(),
  // Accrual (decision 0082): people may book the year's total before earning it.
  accrual_booking_ahead: z.boolean({ error: "accrual.errors.bookingAhead" }).optional(),
  // Sickness (decision 0092): a certificate is due from this working day.
  certificate_after_days: z.number({ error: "sickness.errors.afterDays" }).int("sickness.errors.afterDays").min(1, "sickness.errors.afterDays").max(365, "sickness.errors.afterDays").optional(),
});
