// What the JSON API answers (spec section 3's names), one schema per resource. The serializers of
// the models are typed by them (a field added to an answer must be added here, or tsc fails), the
// OpenAPI document is generated from them (app/lib/openapi) and the contract test validates real
// answers against that document. Dates are YYYY-MM-DD strings, instants ISO 8601 in UTC.
import { z } from "zod";
import { SUPPORTED_LANGUAGES } from "~/i18n";
import { BALANCE_KINDS } from "~/lib/absence-categories";
import { BILLING_INTERVALS, CARD_BRANDS, CURRENCIES } from "~/lib/billing";
import { named } from "~/lib/openapi/json-schema";
import { ROUNDING_RULES } from "~/lib/proration";
import { VACATION_STATUSES } from "~/lib/statuses";
import { RECIPIENT_TYPES } from "./vacation";

const id = z.string();
const date = z.iso.date();
const instant = z.iso.datetime();

export const apiErrorSchema = named(
  "Error",
  z.object({
    detail: z.string().describe("What went wrong, in the caller's language (?lng, the language cookie, else Accept-Language)"),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .describe("Validation failures (400): the request's field or query name → its message, in the caller's language"),
  }),
);

export const ROLES = ["user", "admin", "owner"] as const;

export const apiUserSchema = named(
  "User",
  z.object({
    id,
    email: z.email(),
    full_name: z.string().nullable(),
    name: z.string().nullable().describe("Also the full name, for clients that read `name`"),
    role: z.enum(ROLES),
    is_admin: z.boolean().describe("True for admins and owners"),
    is_master: z.boolean(),
    country_code: z.string().nullable().describe("Work country (ISO 3166-1 alpha-2): decides the person's bank holidays"),
    region: z.string().nullable().describe("Work region (ISO 3166-2 subdivision without the country)"),
    preferred_language: z.enum(SUPPORTED_LANGUAGES).nullable(),
    profile_picture: z.string().nullable().describe("A data URL (WebP, at most 256 × 256 px), or null"),
    team_id: id.nullable(),
    company_id: id,
    first_day: date.nullable().describe("First day of employment (prorates the allowance); null when not set. Shown to the person and company admins only, null to others"),
    last_day: date.nullable().describe("Last day of employment; null when not set. Shown to the person and company admins only, null to others"),
  }),
);

export const apiCurrentUserSchema = named(
  "CurrentUser",
  apiUserSchema.extend({ company: z.object({ id, name: z.string(), timeZone: z.string().describe("IANA time zone: decides what 'today' is") }) }),
);

export const apiCompanySchema = named("Company", z.object({ id, name: z.string() }));

export const apiCompanyMeSchema = named(
  "CompanyMe",
  z.object({
    id,
    name: z.string(),
    leave_year_start_month: z
      .number()
      .int()
      .min(1)
      .max(12)
      .describe(
        "The month the leave year starts in (1 January … 12 December). A leave year is known by the calendar year it starts in: every `year` parameter and allowance row of a company whose leave year starts in April means April of that year to March of the next",
      ),
    allowance_rounding: z.enum(ROUNDING_RULES).describe("How a joiner's or leaver's prorated yearly allowance is rounded (to half a day, or a quarter hour for a balance in hours): nearest (ties up), up or down"),
    leave_unit: z.enum(["day", "hour"]).describe("The unit a new absence type counts in when none is given; existing types keep theirs (each type's `unit`)"),
    accrual_booking_ahead: z
      .boolean()
      .describe(
        "Whether people may book the whole year's yearly allowance before it is earned, when the yearly allowance accrues (an absence type with `accrues`); false: a request beyond what is earned to date is refused",
      ),
    certificate_after_days: z.number().int().min(1).max(365).describe("From which working day of a sickness a certificate is due, for the types asking for a document without their own day (`document_after_days`)"),
  }),
);
export type ApiCompanyMe = z.infer<typeof apiCompanyMeSchema>;

export const apiTokenPairSchema = named(
  "TokenPair",
  z.object({
    access_token: z.string().describe("Send as `Authorization: Bearer <access_token>`; short-lived"),
    refresh_token: z.string().describe("Trade for a new pair at POST /api/auth/refresh; each is used once"),
    token_type: z.literal("bearer"),
    user: apiUserSchema,
  }),
);

export const apiRegistrationSchema = named(
  "Registration",
  z.object({
    ok: z.literal(true),
    company_id: id,
    user_id: id,
    verification_required: z.literal(true).describe("No tokens yet: the owner confirms the e-mail first, then signs in"),
    message: z.string(),
  }),
);

export const apiInvitationSchema = named(
  "Invitation",
  z.object({
    id,
    email: z.email(),
    full_name: z.string(),
    role: z.enum(["user", "admin"]),
    team_id: id.nullable(),
    start_date: date.nullable(),
    expires_at: instant,
  }),
);

const vacationCommon = {
  id,
  user_id: id,
  start_date: date,
  end_date: date,
  half_day_start: z.boolean(),
  half_day_end: z.boolean(),
  status: z.enum(VACATION_STATUSES),
  created_at: instant,
  working_days: z.number().optional().describe("Working days the request takes (answers of POST /api/vacations)"),
  start_time: z.string().nullable().describe("A request in hours on one day: from this wall-clock time (HH:MM); null otherwise"),
  end_time: z.string().nullable().describe("A request in hours on one day: until this time (HH:MM, 24:00 for midnight); null otherwise"),
  hours_per_day: z.number().nullable().describe("A request in hours over a range: the hours asked on each working day (each capped by the day's schedule); null otherwise"),
};

export const apiVacationSchema = named(
  "Vacation",
  z.object({
    ...vacationCommon,
    description: z.string(),
    absence_category_id: id,
    notification_recipients: z.object({ type: z.enum(RECIPIENT_TYPES), emails: z.array(z.string()).optional() }),
    reviewer_id: id.nullable(),
    reviewed_at: instant.nullable(),
    auto_approved: z.boolean(),
    unit: z.enum(["day", "hour"]).describe("What the request's absence category counts in"),
    hours: z.number().optional().describe("Hours charged, for a category counting hours (answers of POST /api/vacations)"),
    rule_warnings: z
      .array(z.object({ code: z.string().describe("The rule, e.g. minNotice, maxConsecutive, minRequest"), detail: z.string().describe("What it says, in the caller's language") }))
      .optional()
      .describe("Leave-type rules in warn mode the request broke (answers of POST /api/vacations; decision 0087): it went through, and the approver sees the same"),
  }),
);

export const apiVacationWithoutReasonSchema = named(
  "VacationWithoutReason",
  z
    .object({
      ...vacationCommon,
      description: z.literal(""),
      absence_category_id: z.null(),
      notification_recipients: z.null(),
      reason_hidden: z.literal(true),
    })
    .describe("A colleague's absence whose reason the caller may not see: that they are away, not why"),
);

export const apiVacationListItemSchema = z.union([apiVacationSchema, apiVacationWithoutReasonSchema]);

export const apiPendingApprovalSchema = named(
  "PendingApproval",
  z.object({
    id,
    user_id: id.describe("The requester"),
    start_date: date,
    end_date: date,
    status: z.literal("pending"),
    description: z.string(),
    absence_category_id: id,
    created_at: instant,
  }),
);

/** Spec section 3's paged list. */
export function apiPageSchema<T extends z.ZodType>(name: string, item: T) {
  return named(
    name,
    z.object({
      items: z.array(item),
      total: z.number().int().min(0).describe("Items under the filters, all pages"),
      offset: z.number().int().min(0),
      limit: z.number().int().min(1),
    }),
  );
}

export const apiVacationPageSchema = apiPageSchema("VacationPage", apiVacationListItemSchema);

const person = z.object({ id, full_name: z.string(), email: z.email() });

export const apiTeamMemberSchema = named("TeamMember", person.extend({ role: z.enum(ROLES) }));
export const apiTeamAdminSchema = named("TeamAdmin", person);

export const apiTeamSchema = named(
  "Team",
  z.object({
    id,
    name: z.string(),
    members: z.array(apiTeamMemberSchema),
    team_admins: z.array(apiTeamAdminSchema),
    substitute_approver_id: id.nullable().describe("Reviews the team's requests while its admins are away"),
  }),
);

export const apiHolidaySchema = named(
  "Holiday",
  z.object({
    id,
    date,
    name: z.string(),
    country_code: z.string().describe("ISO 3166-1 alpha-2"),
    region: z.string().nullable().describe("A subdivision of the country, or null for the whole country"),
    is_recurring: z.boolean().describe("Falls on the same day every year"),
  }),
);

export const apiCsvImportSchema = named(
  "HolidayCsvImport",
  z.object({
    created: z.number().int().min(0),
    skipped: z.number().int().min(0).describe("Rows already present"),
    errors: z.array(z.object({ line: z.number().int(), detail: z.string(), field: z.string().optional(), value: z.string().optional() })),
    dry_run: z.boolean().describe("True: nothing was written"),
  }),
);

export const apiAbsenceCategorySchema = named(
  "AbsenceCategory",
  z.object({
    id,
    name: z.string(),
    color: z.string().describe("#rrggbb"),
    active: z.boolean(),
    unit: z.enum(["day", "hour"]).describe("What its requests and its balance count in: whole and half days, or hours (decision 0081)"),
    balance: z.enum(BALANCE_KINDS).describe("The allowance the absence category uses up"),
    accrues: z.boolean().describe("The yearly allowance is earned monthly, 1/12 a month from the first day (decision 0082); yearly types only, all of them together"),
    requires_approval: z.boolean(),
    sort_order: z.number().int(),
    min_notice_days: z.number().int().nullable().describe("Leave-type rule (decision 0087): calendar days of notice; null: none"),
    min_notice_mode: z.enum(["warn", "block"]),
    max_consecutive_days: z.number().int().nullable().describe("Most working days in one request; null: none"),
    max_consecutive_mode: z.enum(["warn", "block"]),
    min_request_days: z.number().nullable().describe("Fewest working days in one request (1: no half days); null: none"),
    min_request_mode: z.enum(["warn", "block"]),
    reported: z.boolean().describe("Sickness: reported, not requested (recorded at once; only team admins are told; its reason is for admins)"),
    document_required: z.boolean().describe("Whether a document (a medical certificate) is asked for"),
    document_after_days: z.number().int().nullable().describe("From which working day of an absence the document is asked for; null: the company's certificate_after_days"),
    document_mode: z.enum(["warn", "block"]).describe("warn: asked for; block: due, so a missing one is overdue (reminder e-mail, admins' list)"),
  }),
);

export const apiWorkScheduleSchema = named(
  "WorkSchedule",
  z.object({
    valid_from: date.describe("In force from this day until the next schedule's"),
    cycle_weeks: z.number().int().min(1).max(2).describe("1: the days repeat every week; 2: every two weeks, from the week valid_from falls in"),
    days: z
      .array(
        z.object({
          weekday: z.number().int().min(1).max(7).describe("1 = Monday … 7 = Sunday (ISO 8601)"),
          week: z.number().int().min(1).max(2).optional().describe("Week of a two-week cycle (only when cycle_weeks is 2)"),
          hours: z.number().min(0).max(24).describe("Wall-clock hours worked that day"),
        }),
      )
      .describe("The days worked, by week and weekday; a day not listed is not worked"),
  }),
);

export const apiAuditEntrySchema = named(
  "AuditEntry",
  z.object({
    id,
    ts: instant,
    created_at: instant,
    user_id: id.nullable().describe("The actor; null for the system (jobs, failed sign-ins)"),
    actor: z.object({ id: id.nullable(), name: z.string(), email: z.string() }).nullable(),
    action: z.string().describe("entity.verb, e.g. vacation.approved"),
    entity: z.string(),
    entity_id: id.nullable(),
    details: z.record(z.string(), z.unknown()).describe("{ field: { old, new } } for changes, plain values for facts"),
    api_token: z.object({ id, name: z.string() }).nullable().describe("The API token the change was made with (the actor is its creator); null otherwise"),
    company_id: id,
    company: apiCompanySchema,
  }),
);

export const apiAuditPageSchema = apiPageSchema("AuditPage", apiAuditEntrySchema);

export const apiBalanceFiguresSchema = named(
  "BalanceFigures",
  z.object({
    total: z.number(),
    used: z.number(),
    pending: z.number(),
    remaining: z.number().describe("total − used − pending (− expired); negative when more was granted than allowed"),
    expired: z.number().optional().describe("Residual only: carried days that lapsed unused"),
    earned: z
      .number()
      .optional()
      .describe("Yearly only, when the yearly allowance accrues: what is earned to date (today in the company's time zone) of `total`, 1/12 of the allowance for each month of the leave year started while employed, rounded by the company's rule"),
    available: z
      .number()
      .optional()
      .describe("Yearly only, when the yearly allowance accrues: what may be booked now, earned − used − pending, or `remaining` when the company allows booking ahead (`accrual_booking_ahead`)"),
    unit: z.enum(["day", "hour"]).describe("What every figure counts: days (whole and half) or hours, the unit of the absence types drawing on this balance"),
  }),
);

export const apiAllowancesSummarySchema = named(
  "AllowancesSummary",
  z.object({
    ok: z.literal(true),
    user_id: id,
    year: z.number().int(),
    yearly_allowance: apiBalanceFiguresSchema,
    residual: apiBalanceFiguresSchema,
    special_leave: apiBalanceFiguresSchema,
  }),
);

export const apiAllowanceSchema = named(
  "Allowance",
  z.object({ userId: id, year: z.number().int(), yearlyAllowance: z.number(), residualAllowance: z.number(), specialLeaveAllowance: z.number() }),
);

export const apiReportRowSchema = named(
  "ReportRow",
  z.object({
    user: z.object({ id, name: z.string(), email: z.string(), role: z.string() }),
    team: apiCompanySchema.nullable(),
    yearlyAllowance: z.number(),
    yearlyUsed: z.number(),
    yearlyPending: z.number(),
    yearlyRemaining: z.number(),
    residualAllowance: z.number(),
    residualUsed: z.number(),
    residualPending: z.number(),
    residualRemaining: z.number(),
    specialLeaveAllowance: z.number(),
    specialLeaveUsed: z.number(),
    specialLeavePending: z.number(),
    specialLeaveRemaining: z.number(),
    yearlyOverdraft: z
      .number()
      .describe("Approved yearly days beyond a joiner's or leaver's prorated allowance (yearlyAllowance is then the prorated one); 0 otherwise"),
    yearlyUnit: z.enum(["day", "hour"]).describe("What the yearly figures and yearlyOverdraft count: days (whole and half) or hours (decision 0081)"),
    residualUnit: z.enum(["day", "hour"]).describe("What the residual figures count (always the yearly balance's unit)"),
    specialLeaveUnit: z.enum(["day", "hour"]).describe("What the special leave figures count"),
  }),
);

export const apiBillingDetailsResponseSchema = named(
  "BillingDetails",
  z.object({
    company_name: z.string(),
    primary_contact: id.nullable().describe("A person's id"),
    company_address: z.string(),
    phone: z.string(),
    currency: z.enum(CURRENCIES),
    invoice_email: z.string(),
    preferred_language: z.enum(SUPPORTED_LANGUAGES),
    billing_contacts: z.array(z.object({ id, name: z.string(), email: z.string() })),
  }),
);

export const apiPaymentMethodResponseSchema = named(
  "PaymentMethod",
  z.object({ brand: z.enum(CARD_BRANDS), last4: z.string().regex(/^\d{4}$/), exp_month: z.number().int().min(1).max(12), exp_year: z.number().int() }),
);

export const apiInvoiceSchema = named(
  "Invoice",
  z.object({
    id,
    invoice_number: z.string(),
    invoice_date: date,
    period_start: date,
    period_end: date,
    user_count: z.number().int(),
    total: z.number().describe("In the currency's major unit (euros, not cents)"),
    currency: z.string(),
    status: z.string().describe("draft, sent, paid or failed"),
    stripe_invoice_id: z.string().nullable(),
  }),
);

export const apiInvoicePdfSchema = named("InvoicePdf", z.object({ pdf_url: z.url(), source: z.enum(["stripe", "app"]) }));

export const apiSubscriptionSchema = named(
  "Subscription",
  z.object({
    id,
    stripe_subscription_status: z.string().describe("trialing, active, past_due, canceled…"),
    trial_ends_at: instant.nullable(),
    stripe_customer_id: z.string().nullable(),
    stripe_subscription_id: z.string().nullable(),
    billing_interval: z.enum(BILLING_INTERVALS),
    seats: z.number().int().nullable(),
    current_period_end: instant.nullable(),
    cancel_at: instant.nullable(),
  }),
);

export const apiCheckoutResponseSchema = named("Checkout", z.object({ ok: z.literal(true), url: z.url().describe("Send the browser here (Stripe Checkout)") }));
export const apiUrlSchema = named("Link", z.object({ url: z.url() }));
export const apiDeletionRequestSchema = named("DeletionRequest", z.object({ message: z.string(), ends_at: instant.describe("When the subscription ends") }));
export const apiMessageSchema = named("Message", z.object({ ok: z.literal(true), message: z.string() }));
export const apiWebhookReceiptSchema = named("WebhookReceipt", z.object({ received: z.literal(true), outcome: z.enum(["handled", "duplicate", "ignored"]) }));

export type ApiUser = z.output<typeof apiUserSchema>;
export type ApiVacation = z.output<typeof apiVacationSchema>;
export type ApiVacationWithoutReason = z.output<typeof apiVacationWithoutReasonSchema>;
export type ApiTeam = z.output<typeof apiTeamSchema>;
export type ApiHoliday = z.output<typeof apiHolidaySchema>;
export type ApiAbsenceCategory = z.output<typeof apiAbsenceCategorySchema>;
export type ApiAuditEntry = z.output<typeof apiAuditEntrySchema>;
export type ApiWorkSchedule = z.output<typeof apiWorkScheduleSchema>;
export type ApiReportRow = z.output<typeof apiReportRowSchema>;
export type ApiInvoice = z.output<typeof apiInvoiceSchema>;
export type ApiSubscription = z.output<typeof apiSubscriptionSchema>;
export type ApiInvitation = z.output<typeof apiInvitationSchema>;
