// Client-safe form schemas: the same rules run in the browser (Conform, when JS runs) and on the
// server. Messages are locale keys, translated where they are shown. Written with zod/mini: the
// browser bundle then carries only the checks used (zod's classic build weighs ~90 kB gzip).
import * as z from "zod/mini";

export const loginFormSchema = z.object({
  email: z.pipe(
    z.string({ error: "validation.emailRequired" }).check(z.trim(), z.toLowerCase()),
    z.email({ error: "validation.emailInvalid" }),
  ),
  password: z.string({ error: "validation.passwordRequired" }),
  redirectTo: z.optional(z.string()),
});

/**
 * The login form's other button, "Continue with company SSO": only the e-mail counts. Its output
 * has the password form's shape, so one form (Conform) validates either step in the browser.
 */
export const ssoStepSchema = z.object({
  email: loginFormSchema.shape.email,
  password: z._default(z.string(), ""),
  redirectTo: z.optional(z.string()),
});
