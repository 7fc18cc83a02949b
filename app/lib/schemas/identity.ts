// Client-safe schemas of the identity forms (sign-up, invitations, password reset). Messages are
// locale keys; the spec's own texts (section 5) live under validation.* in the locale files.
import { z } from "zod";

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 200;

const requiredText = (key: string, max = 200) => z.string({ error: key }).trim().min(1, key).max(max, "validation.tooLong");
const email = (requiredKey: string, invalidKey: string) =>
  z.string({ error: requiredKey }).trim().toLowerCase().min(1, requiredKey).pipe(z.email({ error: invalidKey }));
const newPassword = z
  .string({ error: "validation.passwordRequired" })
  .min(MIN_PASSWORD_LENGTH, "validation.passwordTooShort")
  .max(MAX_PASSWORD_LENGTH, "validation.tooLong");

export const signupSchema = z.object({
  companyName: requiredText("validation.companyNameRequired"),
  billingEmail: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.email({ error: "validation.emailInvalid" }).optional()),
  fullName: requiredText("validation.fullNameRequired"),
  email: email("validation.emailRequired", "validation.emailInvalid"),
  password: newPassword,
});

export const inviteSchema = z.object({
  fullName: requiredText("validation.inviteNameRequired"),
  email: email("validation.inviteEmailInvalid", "validation.inviteEmailInvalid"),
  role: z.enum(["user", "admin"], { error: "validation.roleInvalid" }).default("user"),
});

/** Accept invite and reset password: both password fields, equal. */
export const newPasswordSchema = z
  .object({
    token: z.string({ error: "token.missing" }).min(1, "token.missing"),
    fullName: z.string().trim().max(200, "validation.tooLong").optional(),
    password: z.string({ error: "validation.passwordAndConfirmRequired" }),
    confirmPassword: z.string({ error: "validation.passwordAndConfirmRequired" }),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "validation.passwordsDontMatch" });
    } else if (value.password.length < MIN_PASSWORD_LENGTH) {
      ctx.addIssue({ code: "custom", path: ["password"], message: "validation.passwordTooShort" });
    } else if (value.password.length > MAX_PASSWORD_LENGTH) {
      ctx.addIssue({ code: "custom", path: ["password"], message: "validation.tooLong" });
    }
  });

export const forgotPasswordSchema = z.object({
  email: email("validation.emailRequired", "validation.emailInvalid"),
});
