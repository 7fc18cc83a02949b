// Bodies of the JSON API (spec section 7 names). Messages are locale keys.
import { z } from "zod";
import { isIsoDate } from "~/lib/dates";
import { isDateInWindow } from "~/lib/input-limits";
import { singleLine } from "~/lib/text-input";
import { SUPPORTED_LANGUAGES } from "~/i18n";
import { MAX_AUDIT_PAGE } from "~/lib/audit-filters";
import { DIGEST_SCOPES } from "~/lib/digest";
import { DATE_WINDOW_PATTERN, DATE_WINDOW_WORDS } from "~/lib/openapi/operation";
import { isAllowanceHours } from "./people";
import { inviteSchema, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, signupSchema } from "./identity";
import { vacationRequestSchema } from "./vacation";

export const apiLoginSchema = z.object({
  email: z.string({ error: "validation.emailRequired" }).trim().toLowerCase().min(1, "validation.emailRequired"),
  password: z.string({ error: "validation.passwordRequired" }).min(1, "validation.passwordRequired"),
});

export const apiRefreshSchema = z.object({ refresh_token: z.string({ error: "auth.invalidRefreshToken" }) });
export const apiLogoutSchema = z.object({ refresh_token: z.string().optional() });
// Classic at the API boundary (parseBody takes classic schemas); the rules are the form's own.
export const apiRegisterSchema = z.unknown().pipe(signupSchema);
export const apiTokenSchema = z.object({ token: z.string({ error: "token.missing" }).min(1, "token.missing") });

export const apiAcceptInviteSchema = z.object({
  token: z.string({ error: "token.missing" }).min(1, "token.missing"),
  new_password: z
    .string({ error: "validation.passwordRequired" })
    .min(MIN_PASSWORD_LENGTH, "validation.passwordTooShort")
    .max(MAX_PASSWORD_LENGTH, "validation.tooLong"),
  full_name: z.string().trim().max(200).check(...singleLine()).optional(),
});

export const apiDigestSchema = z.object({
  digest: z.enum(DIGEST_SCOPES, { error: "digest.errors.choose" }).describe("The daily who's-off e-mail: off, the caller's team (and the teams they administer), or the whole company"),
});

export const apiLanguageSchema = z.object({ language: z.enum(SUPPORTED_LANGUAGES, { error: "validation.languageInvalid" }) });

// A data URL as the API sends photos; decoded and re-encoded before it is stored (photo.server.ts).
const profilePictureField = z
  .string({ error: "validation.pictureInvalid" })
  .max(2_000_000, "validation.pictureTooLarge")
  .regex(/^data:image\/(png|jpeg|gif|webp);base64,/, "validation.pictureInvalid")
  .describe("A PNG, JPEG, GIF or WebP image as a base64 data URL; stored re-encoded as a WebP of at most 256 × 256 px");

const inviteField = inviteSchema.shape;

/** POST /api/users/invite: the invite form's rules under the API's names. */
export const apiInviteSchema = z
  .object({
    email: z.unknown().pipe(inviteField.email).meta({ format: "email" }),
    full_name: z.unknown().pipe(inviteField.fullName),
    role: z.unknown().pipe(inviteField.role).nullable().optional().describe("user (default) or admin"),
    profile_picture: profilePictureField.nullable().optional().describe("The photo the person gets on accepting (a data URL)"),
    team_id: z.unknown().pipe(inviteField.teamId).nullable().optional().describe("The team they join on accepting"),
    start_date: z.unknown().pipe(inviteField.startDate).nullable().optional().meta({ format: "date", description: "Their first day of work: this year's allowance is prorated from it" }),
  })
  .transform((body) => ({
    email: body.email,
    fullName: body.full_name,
    role: body.role ?? "user",
    teamId: body.team_id || undefined,
    startDate: body.start_date || undefined,
    profilePicture: body.profile_picture ?? null,
  }));

const employmentDay = (description: string) =>
  z
    .string({ error: "workSchedules.employment.dateInvalid" })
    .refine(isIsoDate, "workSchedules.employment.dateInvalid")
    .refine((value) => !isIsoDate(value) || isDateInWindow(value), "validation.dateOutOfWindow")
    .meta({ format: "date", pattern: DATE_WINDOW_PATTERN, description: `${description}; ${DATE_WINDOW_WORDS}` })
    .nullable()
    .optional();

export const apiUpdateUserSchema = z.object({
  full_name: z.string().trim().min(1, "validation.fullNameRequired").max(200, "validation.tooLong").check(...singleLine()).optional(),
  profile_picture: profilePictureField.nullable().optional().describe("A data URL, or null to remove the photo"),
  role: z.enum(["user", "admin", "owner"], { error: "validation.roleInvalid" }).optional().describe("Company admins only; admin promotes a user"),
  first_day: employmentDay("First day of employment, company admins only; null clears it"),
  last_day: employmentDay("Last day of employment, company admins only, not before first_day; null clears it"),
});

const vacationField = vacationRequestSchema.shape;
const isoDate = (description: string) => ({ format: "date", pattern: DATE_WINDOW_PATTERN, description: `${description}; ${DATE_WINDOW_WORDS}` });

/**
 * POST /api/vacations (spec payload names). Section 3's other names are read too: `from`/`to`
 * when start_date/end_date are missing, `notes` when description is. Each field is checked by the
 * form's rule, then the whole request by the form's schema (range, recipients).
 */
export const apiCreateVacationSchema = z
  .object({
    start_date: z.unknown().pipe(vacationField.startDate).optional().meta(isoDate("First day (required; `from` is read when it is missing)")),
    end_date: z.unknown().pipe(vacationField.endDate).optional().meta(isoDate("Last day, included (required; `to` is read when it is missing)")),
    from: z.unknown().pipe(vacationField.startDate).optional().meta(isoDate("Another name of start_date")),
    to: z.unknown().pipe(vacationField.endDate).optional().meta(isoDate("Another name of end_date")),
    description: z.unknown().pipe(vacationField.description).optional().describe("Also read as `notes`"),
    notes: z.unknown().pipe(vacationField.description).optional().describe("Another name of description"),
    absence_category_id: z.unknown().pipe(vacationField.categoryId).optional().describe("An absence category's id; yearly_allowance when missing"),
    half_day_start: z.unknown().pipe(vacationField.halfDayStart).optional().describe("The first day is a half day"),
    half_day_end: z.unknown().pipe(vacationField.halfDayEnd).optional().describe("The last day is a half day"),
    start_time: z.unknown().pipe(vacationField.startTime).nullable().optional().describe("For a category counting hours: from this time (HH:MM, on a quarter hour) on the one day of the request"),
    end_time: z.unknown().pipe(vacationField.endTime).nullable().optional().describe("For a category counting hours: until this time (HH:MM, 24:00 for midnight), after start_time"),
    hours_per_day: z.number({ error: "hours.errors.hoursPerDay" }).nullable().optional().describe("For a category counting hours: hours on each working day of the range (0.25 to 24, in quarter hours; each day capped by its schedule)"),
    notification_recipients: z
      .object({
        type: z.unknown().pipe(vacationField.recipientType).optional().describe("team_admins when missing"),
        emails: z.array(z.string(), { error: "validation.customEmailsInvalid" }).optional().describe("For type custom: the addresses (at most 10)"),
      })
      .optional()
      .describe("Who hears of the request; team_admins when missing"),
  })
  // Each day under one of its names at least (the document's way of saying `required` of either).
  .meta({ allOf: [{ anyOf: [{ required: ["start_date"] }, { required: ["from"] }] }, { anyOf: [{ required: ["end_date"] }, { required: ["to"] }] }] })
  .transform((body, ctx) => {
    const parsed = vacationRequestSchema.safeParse({
      startDate: body.start_date ?? body.from,
      endDate: body.end_date ?? body.to,
      description: body.description ?? body.notes ?? "",
      categoryId: body.absence_category_id ?? "yearly_allowance",
      halfDayStart: body.half_day_start ?? false,
      halfDayEnd: body.half_day_end ?? false,
      recipientType: body.notification_recipients?.type ?? "team_admins",
      customEmails: body.notification_recipients?.emails?.join(","),
      startTime: body.start_time ?? undefined,
      endTime: body.end_time ?? undefined,
      hoursPerDay: body.hours_per_day ?? undefined,
    });
    if (!parsed.success) {
      const names: Record<string, string> = { startDate: "start_date", endDate: "end_date", categoryId: "absence_category_id", recipientType: "notification_recipients", customEmails: "notification_recipients", startTime: "start_time", endTime: "end_time", hoursPerDay: "hours_per_day" };
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        ctx.addIssue({ code: "custom", path: [names[field] ?? field], message: issue.message });
      }
      return z.NEVER;
    }
    return parsed.data;
  });

/** GET /api/users: both names may repeat; read with getAll by the route. */
export const apiUsersQuerySchema = z.object({
  ids: z.string().max(20_000, "query.userInvalid").optional().describe("Comma-separated ids: only these people"),
  user_id: z.string().max(64, "query.userInvalid").optional().describe("One person's id (may repeat)"),
});

/** Offset paging of /api lists (spec: limit up to 1000 in calendars). */
export const apiPagingSchema = z.object({
  limit: z.coerce.number({ error: "query.limitInvalid" }).int("query.limitInvalid").min(1, "query.limitInvalid").max(1000, "query.limitInvalid").optional().describe("Items a page (the list's default when missing)"),
  offset: z.coerce.number({ error: "query.offsetInvalid" }).int("query.offsetInvalid").min(0, "query.offsetInvalid").optional().describe("Items to skip"),
});

/** GET /api/audit/search's paging: 20 a page by default (spec section 9). */
export const apiAuditPagingSchema = z.object({
  limit: z.coerce.number({ error: "audit.api.limitInvalid" }).int("audit.api.limitInvalid").min(1, "audit.api.limitInvalid").max(MAX_AUDIT_PAGE, "audit.api.limitInvalid").optional().describe("Entries a page; 20 when missing"),
  offset: z.coerce.number({ error: "query.offsetInvalid" }).int("query.offsetInvalid").min(0, "query.offsetInvalid").max(1_000_000_000, "query.offsetInvalid").optional().describe("Entries to skip"),
});

export const apiYearSchema = z.object({
  year: z.coerce.number({ error: "query.yearInvalid" }).int("query.yearInvalid").min(2000, "query.yearInvalid").max(2100, "query.yearInvalid").optional().describe("This year (in the company's time zone) when missing"),
});

// A number, or a string holding one (form posts). Not z.coerce: it turns null, "" and [] into 0,
// so a missing value would silently erase an allowance.
const allowanceValue = (key: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value),
    // Checked again by the balance's unit in the model: half days for days, quarter hours for hours.
    z.number({ error: key }).refine(isAllowanceHours, key),
  );

/** POST /api/reports/allowances/upsert: the Users tab's rule (half days to 366, or quarter hours for a balance in hours), spec messages. */
export const apiAllowanceUpsertSchema = z.object({
  userId: z.string({ error: "errors.userNotFound" }).min(1, "errors.userNotFound"),
  year: z.coerce.number({ error: "query.yearInvalid" }).int("query.yearInvalid").min(2000, "query.yearInvalid").max(2100, "query.yearInvalid"),
  yearlyAllowance: allowanceValue("allowance.yearlyInvalid"),
  residualAllowance: allowanceValue("allowance.residualInvalid"),
  specialLeaveAllowance: allowanceValue("allowance.specialLeaveInvalid"),
});
