// Client-safe schemas of the identity forms (sign-up, invitations, password reset). Messages are
// locale keys; the spec's own texts (section 5) live under validation.* in the locale files.
// zod/mini, like every schema the browser runs (see auth.ts).
import * as z from "zod/mini";
import { singleLine } from "~/lib/text-input";

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 200;

const requiredText = (key: string, max = 200) =>
  z.string({ error: key }).check(z.trim(), z.minLength(1, key), z.maxLength(max, "validation.tooLong"), ...singleLine());
const email = (requiredKey: string, invalidKey: string) =>
  z.pipe(z.string({ error: requiredKey }).check(z.trim(), z.toLowerCase(), z.minLength(1, requiredKey)), z.email({ error: invalidKey }));
const newPassword = z
  .string({ error: "validation.passwordRequired" })
  .check(z.minLength(MIN_PASSWORD_LENGTH, "validation.passwordTooShort"), z.maxLength(MAX_PASSWORD_LENGTH, "validation.tooLong"));

export const signupSchema = z.object({
  companyName: requiredText("validation.companyNameRequired"),
  billingEmail: z.pipe(
    z.pipe(
      z.optional(z.string().check(z.trim(), z.toLowerCase())),
      z.transform((value: string | undefined) => value || undefined),
    ),
    z.optional(z.email({ error: "validation.emailInvalid" })),
  ),
  fullName: requiredText("validation.fullNameRequired"),
  email: email("validation.emailRequired", "validation.emailInvalid"),
  password: newPassword,
  // Portugal unless chosen; whether the catalogue knows it is the server's check.
  countryCode: z._default(z.string().check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{2}$/, "validation.countryInvalid")), "PT"),
  // Empty: the country's main zone (the choice without JavaScript, which cannot guess the browser's).
  timeZone: z.optional(z.string().check(z.trim(), z.maxLength(64, "validation.timeZoneInvalid"))),
});

/** The sign-up with a provider (/auth/signup): what the provider did not say; e-mail and password are its. */
export const providerSignupSchema = z.object({
  companyName: requiredText("validation.companyNameRequired"),
  fullName: requiredText("validation.fullNameRequired"),
  countryCode: z._default(z.string().check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{2}$/, "validation.countryInvalid")), "PT"),
  timeZone: z.optional(z.string().check(z.trim(), z.maxLength(64, "validation.timeZoneInvalid"))),
});

export const inviteSchema = z.object({
  fullName: requiredText("validation.inviteNameRequired"),
  email: email("validation.inviteEmailInvalid", "validation.inviteEmailInvalid"),
  role: z._default(z.enum(["user", "admin"], { error: "validation.roleInvalid" }), "user"),
  // Where they land on accepting; empty is no team.
  teamId: z.optional(z.string().check(z.maxLength(64))),
  // Their first day of work when it is this year: the allowance is prorated from it.
  startDate: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, "validation.dateInvalid"))),
});

/** Accept invite and reset password: both password fields, equal. */
export const newPasswordSchema = z
  .object({
    token: z.string({ error: "token.missing" }).check(z.minLength(1, "token.missing")),
    fullName: z.optional(z.string().check(z.trim(), z.maxLength(200, "validation.tooLong"), ...singleLine())),
    password: z.string({ error: "validation.passwordAndConfirmRequired" }),
    confirmPassword: z.string({ error: "validation.passwordAndConfirmRequired" }),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.password !== value.confirmPassword) {
        ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "validation.passwordsDontMatch" });
      } else if (value.password.length < MIN_PASSWORD_LENGTH) {
        ctx.addIssue({ code: "custom", path: ["password"], message: "validation.passwordTooShort" });
      } else if (value.password.length > MAX_PASSWORD_LENGTH) {
        ctx.addIssue({ code: "custom", path: ["password"], message: "validation.tooLong" });
      }
    }),
  );

export const forgotPasswordSchema = z.object({
  email: email("validation.emailRequired", "validation.emailInvalid"),
});
