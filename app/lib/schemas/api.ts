// Bodies of the JSON API (spec section 7 names). Messages are locale keys.
import { z } from "zod";
import { SUPPORTED_LANGUAGES } from "~/i18n";
import { isAllowanceDays } from "./people";
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
  full_name: z.string().trim().max(200).optional(),
});

export const apiLanguageSchema = z.object({ language: z.enum(SUPPORTED_LANGUAGES, { error: "validation.languageInvalid" }) });

const API_INVITE_FIELDS: Record<string, string> = { fullName: "full_name", teamId: "team_id", startDate: "start_date" };

export const apiInviteSchema = z
  .object({
    email: z.unknown(),
    full_name: z.unknown(),
    role: z.unknown().optional(),
    profile_picture: z.string().max(2_000_000).optional().nullable(),
    team_id: z.unknown().optional(),
    start_date: z.unknown().optional(),
  })
  .transform((body, ctx) => {
    const parsed = inviteSchema.safeParse({ email: body.email, fullName: body.full_name, role: body.role ?? "user", teamId: body.team_id ?? undefined, startDate: body.start_date ?? undefined });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", path: [API_INVITE_FIELDS[String(issue.path[0])] ?? String(issue.path[0])], message: issue.message });
      return z.NEVER;
    }
    return parsed.data;
  });

export const apiUpdateUserSchema = z.object({
  full_name: z.string().trim().min(1, "validation.fullNameRequired").max(200, "validation.tooLong").optional(),
  profile_picture: z
    .string()
    .max(2_000_000, "validation.pictureTooLarge")
    .regex(/^data:image\/(png|jpeg|gif|webp);base64,/, "validation.pictureInvalid")
    .nullable()
    .optional(),
  role: z.enum(["user", "admin", "owner"], { error: "validation.roleInvalid" }).optional(),
});

/** POST /api/vacations (spec payload names). */
export const apiCreateVacationSchema = z
  .object({
    start_date: z.unknown(),
    end_date: z.unknown(),
    description: z.unknown().optional(),
    absence_category_id: z.unknown().optional(),
    half_day_start: z.unknown().optional(),
    half_day_end: z.unknown().optional(),
    notification_recipients: z
      .object({ type: z.string(), emails: z.array(z.string()).optional() })
      .optional(),
  })
  .transform((body, ctx) => {
    const parsed = vacationRequestSchema.safeParse({
      startDate: body.start_date,
      endDate: body.end_date,
      description: body.description ?? "",
      categoryId: body.absence_category_id ?? "yearly_allowance",
      halfDayStart: body.half_day_start ?? false,
      halfDayEnd: body.half_day_end ?? false,
      recipientType: body.notification_recipients?.type ?? "team_admins",
      customEmails: body.notification_recipients?.emails?.join(","),
    });
    if (!parsed.success) {
      const names: Record<string, string> = { startDate: "start_date", endDate: "end_date", categoryId: "absence_category_id", recipientType: "notification_recipients", customEmails: "notification_recipients" };
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        ctx.addIssue({ code: "custom", path: [names[field] ?? field], message: issue.message });
      }
      return z.NEVER;
    }
    return parsed.data;
  });

/** Offset paging of /api lists (spec: limit up to 1000 in calendars). */
export const apiPagingSchema = z.object({
  limit: z.coerce.number({ error: "query.limitInvalid" }).int("query.limitInvalid").min(1, "query.limitInvalid").max(1000, "query.limitInvalid").optional(),
  offset: z.coerce.number({ error: "query.offsetInvalid" }).int("query.offsetInvalid").min(0, "query.offsetInvalid").optional(),
});

export const apiYearSchema = z.object({
  year: z.coerce.number({ error: "query.yearInvalid" }).int("query.yearInvalid").min(2000, "query.yearInvalid").max(2100, "query.yearInvalid").optional(),
});

// A number, or a string holding one (form posts). Not z.coerce: it turns null, "" and [] into 0,
// so a missing value would silently erase an allowance.
const allowanceValue = (key: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value),
    z.number({ error: key }).refine(isAllowanceDays, key),
  );

/** POST /api/reports/allowances/upsert: the Users tab's rule (whole or half days, 0 to 366), spec messages. */
export const apiAllowanceUpsertSchema = z.object({
  userId: z.string({ error: "errors.userNotFound" }).min(1, "errors.userNotFound"),
  year: z.coerce.number({ error: "query.yearInvalid" }).int("query.yearInvalid").min(2000, "query.yearInvalid").max(2100, "query.yearInvalid"),
  yearlyAllowance: allowanceValue("allowance.yearlyInvalid"),
  residualAllowance: allowanceValue("allowance.residualInvalid"),
  specialLeaveAllowance: allowanceValue("allowance.specialLeaveInvalid"),
});
