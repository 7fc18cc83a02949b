// Bodies of the /api/billing calls, under the spec's snake_case names (section 3). Classic zod at
// the API boundary (parseBody takes classic schemas); each field keeps the form's own rule
// (./billing.ts), so the screen and the API refuse the same input with the same message.
import { z } from "zod";
import { EXPIRY_YEARS } from "../billing";
import {
  addressField,
  brandField,
  companyNameField,
  currencyField,
  emailField,
  languageField,
  interestSchema,
  last4Field,
  phoneField,
  primaryContactField,
} from "./billing";

export const apiBillingDetailsSchema = z.object({
  company_name: z.unknown().pipe(companyNameField),
  primary_contact: z.unknown().pipe(primaryContactField),
  company_address: z.unknown().pipe(addressField).optional(),
  phone: z.unknown().pipe(phoneField).optional(),
  currency: z.unknown().pipe(currencyField),
  invoice_email: z.unknown().pipe(emailField("billing.validation.emailInvalid")),
  preferred_language: z.unknown().pipe(languageField).optional(),
});

const wholeNumber = (key: string) => z.union([z.number(), z.string().trim().regex(/^\d{1,4}$/, key).transform(Number)], { error: key }).pipe(z.number({ error: key }).int(key));

/** What the document says of a whole number read as a number or as digits (the input side of wholeNumber, bounded). */
const bounded = (minimum: number, maximum: number) => ({
  anyOf: [
    { type: "integer", minimum, maximum },
    { type: "string", pattern: "^\\s*[0-9]{1,4}\\s*$", description: `The same number in digits, ${minimum} to ${maximum}` },
  ],
});

/** The card as the API sends it; the expiry rules are the form's (paymentMethodSchema), for today. */
export function apiPaymentMethodSchema(currentYear: number, currentMonth: number) {
  const month = "billing.validation.expMonthInvalid";
  const year = "billing.validation.expYearInvalid";
  return z
    .object({
      brand: z.unknown().pipe(brandField),
      last4: z.unknown().pipe(last4Field),
      exp_month: wholeNumber(month).pipe(z.number().min(1, month).max(12, month)).meta(bounded(1, 12)),
      exp_year: wholeNumber(year)
        .pipe(z.number().min(currentYear, year).max(currentYear + EXPIRY_YEARS - 1, year))
        .meta(bounded(currentYear, currentYear + EXPIRY_YEARS - 1)),
    })
    .refine((card) => card.exp_year > currentYear || card.exp_month >= currentMonth, { message: "billing.validation.cardExpired", path: ["exp_month"], when: (payload) => !payload.issues.length });
}

export const apiSubscriptionRefSchema = z.object({
  subscription_id: z.string().trim().min(1, "errors.invalidBody").max(64, "errors.invalidBody").optional(),
});

export const apiCheckoutSchema = apiSubscriptionRefSchema.extend({
  interval: z.enum(["month", "year"], { error: "errors.invalidBody" }).optional(),
});

export const apiSyncSchema = apiSubscriptionRefSchema.extend({
  session_id: z.string().trim().regex(/^cs_[A-Za-z0-9_]{1,200}$/, "errors.invalidBody").optional(),
});

export const apiInterestSchema = z.unknown().pipe(interestSchema);
