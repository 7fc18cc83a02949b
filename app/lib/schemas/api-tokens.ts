// Client-safe schemas of the API tokens tab's forms (zod/mini, like every schema the browser runs).
// Messages are locale keys (public/locales/*/apiTokens.json).
import * as z from "zod/mini";
import { singleLine } from "~/lib/text-input";

export const MAX_API_TOKEN_NAME_LENGTH = 60;

export const apiTokenNameField = z
  .string({ error: "apiTokens.validation.nameRequired" })
  .check(z.trim(), z.minLength(1, "apiTokens.validation.nameRequired"), z.maxLength(MAX_API_TOKEN_NAME_LENGTH, "apiTokens.validation.nameTooLong"), ...singleLine());

export const createApiTokenSchema = z.object({
  name: apiTokenNameField,
  role: z.enum(["read", "admin"], { error: "apiTokens.validation.roleRequired" }),
});

export const apiTokenIdSchema = z.object({ tokenId: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)) });
