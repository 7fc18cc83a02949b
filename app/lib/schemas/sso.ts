// Client-safe schema of the Security tab's form (zod/mini): the shape only. Whether the issuer
// answers its discovery, the domains are free and a secret is stored is the model's check
// (app/models/company-sso.server.ts). Messages are locale keys (public/locales/*/signIn.json, sso.*).
import * as z from "zod/mini";
import { singleLine } from "~/lib/text-input";

const text = (key: string, max: number) => z.string({ error: key }).check(z.trim(), z.minLength(1, key), z.maxLength(max, "validation.tooLong"), ...singleLine());

export const ssoSettingsSchema = z.object({
  issuer: text("sso.invalidIssuer", 500),
  clientId: text("sso.clientIdRequired", 500),
  // Empty keeps the stored one.
  clientSecret: z._default(z.string().check(z.trim(), z.maxLength(4000, "validation.tooLong")), ""),
  domains: z.string({ error: "sso.invalidDomains" }).check(z.trim(), z.minLength(1, "sso.invalidDomains"), z.maxLength(2000, "validation.tooLong")),
});
