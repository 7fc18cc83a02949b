// Client-safe schemas of the Provisioning tab's forms (zod/mini). Messages are locale keys
// (public/locales/*/scim.json).
import * as z from "zod/mini";
import { singleLine } from "~/lib/text-input";
import { MAX_API_TOKEN_NAME_LENGTH } from "./api-tokens";

export const createScimTokenSchema = z.object({
  name: z
    .string({ error: "scim.validation.nameRequired" })
    .check(z.trim(), z.minLength(1, "scim.validation.nameRequired"), z.maxLength(MAX_API_TOKEN_NAME_LENGTH, "scim.validation.nameTooLong"), ...singleLine()),
});
