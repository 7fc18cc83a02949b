// Client-safe form schemas: the same rules run in the browser (Conform, when JS runs) and on the
// server. Messages are locale keys, translated where they are shown.
import { z } from "zod";

export const loginFormSchema = z.object({
  email: z
    .string({ error: "validation.emailRequired" })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "validation.emailInvalid" })),
  password: z.string({ error: "validation.passwordRequired" }),
  redirectTo: z.string().optional(),
});
