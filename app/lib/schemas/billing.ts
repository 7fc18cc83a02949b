// The billing forms (client-safe, zod/mini): billing details, a billing contact, the payment
// method, the billing language. The API reads the same rules under its snake_case names
// (./api-billing.ts). Messages are locale keys; the card one is the spec's own (section 5).
import * as z from "zod/mini";
import { multiLine, singleLine } from "~/lib/text-input";
import { SUPPORTED_LANGUAGES } from "~/i18n";
import { BILLING_INTERVALS, CARD_BRANDS, CURRENCIES, EXPIRY_YEARS } from "../billing";

export const MAX_ADDRESS_LENGTH = 500;
export const MAX_NAME_LENGTH = 200;

// The sign-up form's and invitations' rule for an address: something@something.something.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const text = (max: number, key: string) => z.string({ error: key }).check(z.trim(), z.maxLength(max, key));

export const emailField = (key: string) => z.string({ error: key }).check(z.trim(), z.maxLength(254, key), z.regex(EMAIL, key));

export const companyNameField = z.string({ error: "billing.validation.companyNameRequired" }).check(
  z.trim(),
  z.minLength(1, "billing.validation.companyNameRequired"),
  z.maxLength(MAX_NAME_LENGTH, "validation.tooLong"),
  ...singleLine(),
);
export const addressField = text(MAX_ADDRESS_LENGTH, "validation.tooLong").check(...multiLine());
// Digits with the usual separators, an optional leading +; empty is allowed.
export const phoneField = z.string({ error: "billing.validation.phoneInvalid" }).check(z.trim(), z.regex(/^(\+?[0-9][0-9 ()./-]{3,29})?$/, "billing.validation.phoneInvalid"));
export const currencyField = z.enum(CURRENCIES, { error: "billing.validation.currencyInvalid" });
export const languageField = z.enum(SUPPORTED_LANGUAGES, { error: "billing.validation.languageInvalid" });
export const primaryContactField = z.string({ error: "billing.validation.primaryContactInvalid" }).check(z.trim(), z.minLength(1, "billing.validation.primaryContactInvalid"), z.maxLength(64, "billing.validation.primaryContactInvalid"));

/** Billing details as the tab's form posts them (the language is saved on its own). */
export const billingDetailsSchema = z.object({
  companyName: companyNameField,
  primaryContactId: primaryContactField,
  companyAddress: z.optional(addressField),
  phone: z.optional(phoneField),
  currency: currencyField,
  invoiceEmail: emailField("billing.validation.emailInvalid"),
});

export const billingLanguageSchema = z.object({ preferredLanguage: languageField });

export const billingContactSchema = z.object({
  name: z.string({ error: "billing.validation.contactNameRequired" }).check(z.trim(), z.minLength(1, "billing.validation.contactNameRequired"), z.maxLength(MAX_NAME_LENGTH, "validation.tooLong"), ...singleLine()),
  email: emailField("billing.validation.emailInvalid"),
});

export const contactIdSchema = z.object({ contactId: z.string({ error: "errors.invalidBody" }).check(z.minLength(1, "errors.invalidBody"), z.maxLength(64, "errors.invalidBody")) });

/** Spec section 5: exactly four digits, with the spec's message. */
export const last4Field = z.string({ error: "billing.validation.last4" }).check(z.trim(), z.regex(/^\d{4}$/, "billing.validation.last4"));
export const brandField = z.enum(CARD_BRANDS, { error: "billing.validation.brandInvalid" });

// Digits only: a form field is text, and Conform's parsing would make a number of "2.5" or "1e1".
const wholeNumber = (key: string) => z.pipe(z.string({ error: key }).check(z.trim(), z.regex(/^\d{1,4}$/, key)), z.transform((value) => Number(value)));

/**
 * The payment method for a given current year: month 1–12, year from this year through 14 years
 * ahead (spec section 9), and not a month already over.
 */
export function paymentMethodSchema(currentYear: number, currentMonth: number) {
  return z
    .object({
      brand: brandField,
      last4: last4Field,
      expMonth: z.pipe(wholeNumber("billing.validation.expMonthInvalid"), z.number().check(z.minimum(1, "billing.validation.expMonthInvalid"), z.maximum(12, "billing.validation.expMonthInvalid"))),
      expYear: z.pipe(
        wholeNumber("billing.validation.expYearInvalid"),
        z.number().check(z.minimum(currentYear, "billing.validation.expYearInvalid"), z.maximum(currentYear + EXPIRY_YEARS - 1, "billing.validation.expYearInvalid")),
      ),
    })
    .check(
      // Only once month and year are each valid: "expired" says nothing about a month 13.
      z.refine((card) => card.expYear > currentYear || card.expMonth >= currentMonth, { message: "billing.validation.cardExpired", path: ["expMonth"], when: (payload) => !payload.issues.length }),
    );
}

export const checkoutSchema = z.object({ interval: z.optional(z.enum(BILLING_INTERVALS, { error: "errors.invalidBody" })) });

/** The public interest form: the spec asks only for an "@"; the rest is length. */
export const interestSchema = z.object({
  email: z.string({ error: "publicSite.interest.emailInvalid" }).check(z.trim(), z.maxLength(254, "publicSite.interest.emailInvalid"), z.regex(/^\S+@\S+$/, "publicSite.interest.emailInvalid")),
  // The honeypot: a field people never see; bots fill it.
  website: z.optional(z.string().check(z.maxLength(1000))),
});
