// Bodies of the JSON API (spec section 7 names). Messages are locale keys.
import { z } from "zod";
import { SUPPORTED_LANGUAGES } from "~/i18n";
import { inviteSchema, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, signupSchema } from "./identity";

export const apiLoginSchema = z.object({
  email: z.string({ error: "validation.emailRequired" }).trim().toLowerCase().min(1, "validation.emailRequired"),
  password: z.string({ error: "validation.passwordRequired" }).min(1, "validation.passwordRequired"),
});

export const apiRefreshSchema = z.object({ refresh_token: z.string({ error: "auth.invalidRefreshToken" }) });
export const apiLogoutSchema = z.object({ refresh_token: z.string().optional() });
export const apiRegisterSchema = signupSchema;
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

export const apiInviteSchema = z
  .object({
    email: z.unknown(),
    full_name: z.unknown(),
    role: z.unknown().optional(),
    profile_picture: z.string().max(2_000_000).optional().nullable(),
  })
  .transform((body, ctx) => {
    const parsed = inviteSchema.safeParse({ email: body.email, fullName: body.full_name, role: body.role ?? "user" });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", path: [issue.path[0] === "fullName" ? "full_name" : String(issue.path[0])], message: issue.message });
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
