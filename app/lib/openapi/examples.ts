// Example answers shown in the API document. The contract test validates each against its schema,
// so an example that no longer fits its answer fails the build rather than misleading a reader.
import type {
  ApiAbsenceCategory,
  ApiAuditEntry,
  ApiHoliday,
  ApiInvitation,
  ApiInvoice,
  ApiReportRow,
  ApiSubscription,
  ApiTeam,
  ApiUser,
  ApiVacation,
  ApiVacationWithoutReason,
} from "~/lib/schemas/api-responses";

export const EXAMPLE_IDS = {
  company: "cmh1company0000demo0001",
  user: "cmh1user00000000eva00001",
  admin: "cmh1user0000000andre0002",
  team: "cmh1team0000engineering1",
  vacation: "cmh1vacation0000000000a1",
  holiday: "cmh1holiday00000000000h1",
  invoice: "cmh1invoice00000000000i1",
  subscription: "cmh1subscription000000s1",
};

export const exampleUser: ApiUser = {
  id: EXAMPLE_IDS.user,
  email: "employee@demo.test",
  full_name: "Eva Employee",
  name: "Eva Employee",
  role: "user",
  is_admin: false,
  is_master: false,
  country_code: "PT",
  region: null,
  preferred_language: "en",
  profile_picture: null,
  team_id: EXAMPLE_IDS.team,
  company_id: EXAMPLE_IDS.company,
  first_day: "2024-02-01",
  last_day: null,
};

export const exampleVacation: ApiVacation = {
  id: EXAMPLE_IDS.vacation,
  user_id: EXAMPLE_IDS.user,
  start_date: "2027-08-02",
  end_date: "2027-08-13",
  half_day_start: false,
  half_day_end: false,
  status: "pending",
  description: "Summer holidays",
  absence_category_id: "yearly_allowance",
  notification_recipients: { type: "team_admins" },
  reviewer_id: null,
  reviewed_at: null,
  auto_approved: false,
  created_at: "2027-05-10T09:30:00.000Z",
  start_time: null,
  end_time: null,
  hours_per_day: null,
  unit: "day",
};

export const exampleVacationWithoutReason: ApiVacationWithoutReason = {
  id: "cmh1vacation0000000000a2",
  user_id: EXAMPLE_IDS.admin,
  start_date: "2027-08-09",
  end_date: "2027-08-10",
  half_day_start: false,
  half_day_end: false,
  status: "approved",
  description: "",
  absence_category_id: null,
  notification_recipients: null,
  reason_hidden: true,
  created_at: "2027-04-02T14:00:00.000Z",
  start_time: null,
  end_time: null,
  hours_per_day: null,
};

export const exampleTeam: ApiTeam = {
  id: EXAMPLE_IDS.team,
  name: "Engineering",
  members: [
    { id: EXAMPLE_IDS.admin, full_name: "André Admin", email: "admin@demo.test", role: "admin" },
    { id: EXAMPLE_IDS.user, full_name: "Eva Employee", email: "employee@demo.test", role: "user" },
  ],
  team_admins: [{ id: EXAMPLE_IDS.admin, full_name: "André Admin", email: "admin@demo.test" }],
  substitute_approver_id: null,
};

export const exampleHoliday: ApiHoliday = { id: EXAMPLE_IDS.holiday, date: "2027-06-10", name: "Dia de Portugal", country_code: "PT", region: null, is_recurring: true };

export const exampleAbsenceCategory: ApiAbsenceCategory = {
  id: "yearly_allowance",
  name: "Vacation",
  color: "#2e7d32",
  active: true,
  unit: "day",
  balance: "yearly",
  accrues: false,
  requires_approval: true,
  sort_order: 0,
  min_notice_days: 14,
  min_notice_mode: "warn",
  max_consecutive_days: null,
  max_consecutive_mode: "block",
  min_request_days: null,
  min_request_mode: "block",
  reported: false,
  document_required: false,
  document_after_days: null,
  document_mode: "block",
};

export const exampleAuditEntry: ApiAuditEntry = {
  id: "cmh1audit000000000000au1",
  ts: "2027-05-11T08:12:00.000Z",
  created_at: "2027-05-11T08:12:00.000Z",
  user_id: EXAMPLE_IDS.admin,
  actor: { id: EXAMPLE_IDS.admin, name: "André Admin", email: "admin@demo.test" },
  action: "vacation.approved",
  entity: "vacation",
  entity_id: EXAMPLE_IDS.vacation,
  details: { status: { old: "pending", new: "approved" } },
  api_token: null,
  company_id: EXAMPLE_IDS.company,
  company: { id: EXAMPLE_IDS.company, name: "Demo Company" },
};

const figures = (total: number, used: number, pending: number) => ({ total, used, pending, remaining: total - used - pending, unit: "day" as const });

export const exampleBalances = { yearly_allowance: figures(22, 5, 10), residual: figures(3, 0, 0), special_leave: figures(2, 1, 0) };

export const exampleReportRow: ApiReportRow = {
  user: { id: EXAMPLE_IDS.user, name: "Eva Employee", email: "employee@demo.test", role: "user" },
  team: { id: EXAMPLE_IDS.team, name: "Engineering" },
  yearlyAllowance: 22,
  yearlyUsed: 5,
  yearlyPending: 10,
  yearlyRemaining: 7,
  residualAllowance: 3,
  residualUsed: 0,
  residualPending: 0,
  residualRemaining: 3,
  specialLeaveAllowance: 2,
  specialLeaveUsed: 1,
  specialLeavePending: 0,
  specialLeaveRemaining: 1,
  yearlyOverdraft: 0,
  yearlyUnit: "day",
  residualUnit: "day",
  specialLeaveUnit: "day",
};

export const exampleInvoice: ApiInvoice = {
  id: EXAMPLE_IDS.invoice,
  invoice_number: "FOLGA-2027-0004",
  invoice_date: "2027-04-01",
  period_start: "2027-04-01",
  period_end: "2027-04-30",
  user_count: 25,
  total: 25,
  currency: "EUR",
  status: "paid",
  stripe_invoice_id: "in_1PqExample",
};

export const exampleSubscription: ApiSubscription = {
  id: EXAMPLE_IDS.subscription,
  stripe_subscription_status: "trialing",
  trial_ends_at: "2027-05-24T00:00:00.000Z",
  stripe_customer_id: null,
  stripe_subscription_id: null,
  billing_interval: "month",
  seats: null,
  current_period_end: null,
  cancel_at: null,
};

export const exampleInvitation: ApiInvitation = {
  id: "cmh1invitation000000000n1",
  email: "new.colleague@demo.test",
  full_name: "Nuno Novo",
  role: "user",
  team_id: EXAMPLE_IDS.team,
  start_date: "2027-06-01",
  expires_at: "2027-05-17T10:00:00.000Z",
};

export const exampleError = (detail: string, fields?: Record<string, string>) => (fields ? { detail, fields } : { detail });
