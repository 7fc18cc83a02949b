import { z } from "zod";
import { apiBillingDetailsSchema, apiCheckoutSchema, apiInterestSchema, apiPaymentMethodSchema, apiSyncSchema } from "~/lib/schemas/api-billing";
import {
  apiBillingDetailsResponseSchema,
  apiCheckoutResponseSchema,
  apiDeletionRequestSchema,
  apiInvoicePdfSchema,
  apiInvoiceSchema,
  apiMessageSchema,
  apiPaymentMethodResponseSchema,
  apiSubscriptionSchema,
  apiUrlSchema,
  apiWebhookReceiptSchema,
} from "~/lib/schemas/api-responses";
import { EXAMPLE_IDS, exampleInvoice, exampleSubscription } from "../examples";
import type { ApiOperation } from "../operation";

const TAG = "Billing";
const UNCONFIGURED = "Billing (Stripe) is not configured on this server";

const details = {
  company_name: "Demo Company",
  primary_contact: EXAMPLE_IDS.admin,
  company_address: "Rua Augusta 1, 1100-048 Lisboa",
  phone: "+351 210 000 000",
  currency: "EUR",
  invoice_email: "finance@demo.test",
  preferred_language: "pt",
};
const card = { brand: "VISA", last4: "4242", exp_month: 12, exp_year: 2030 };

/**
 * The card's rules depend on today (an expiry in the past is refused); the document shows them as
 * of a fixed day in the product's window, which is what a reader needs (the bounds move yearly).
 */
const paymentMethodSchemaForDocs = apiPaymentMethodSchema(2026, 1);

export const billingOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/billing/details",
    tag: TAG,
    summary: "The company's billing details",
    specRow: "GET/PUT /api/billing/details",
    access: "admin",
    responses: { 200: { description: "The details", schema: apiBillingDetailsResponseSchema, example: { ...details, billing_contacts: [] } } },
  },
  {
    method: "put",
    path: "/api/billing/details",
    tag: TAG,
    summary: "Save the billing details",
    description: "The currency is locked once a paid subscription exists (409).",
    specRow: "GET/PUT /api/billing/details",
    access: "admin",
    body: { schema: apiBillingDetailsSchema, example: details },
    responses: { 200: { description: "The details as saved", schema: apiBillingDetailsResponseSchema, example: { ...details, billing_contacts: [] } } },
    errors: { 409: "The currency cannot change while a subscription bills in it" },
  },
  {
    method: "get",
    path: "/api/billing/payment-method",
    tag: TAG,
    summary: "The card on file",
    specRow: "GET/PUT /api/billing/payment-method",
    access: "admin",
    responses: { 200: { description: "The card, or null", schema: apiPaymentMethodResponseSchema.nullable(), example: card } },
  },
  {
    method: "put",
    path: "/api/billing/payment-method",
    tag: TAG,
    summary: "Record the card on file",
    description: "last4 exactly four digits; expiry month 1–12 and year from this year through 14 years ahead, not in the past (exp_year's bounds below are those of 2026).",
    specRow: "GET/PUT /api/billing/payment-method",
    access: "admin",
    body: { schema: paymentMethodSchemaForDocs, example: card },
    responses: { 200: { description: "The card as saved", schema: apiPaymentMethodResponseSchema, example: card } },
  },
  {
    method: "get",
    path: "/api/invoices",
    tag: TAG,
    summary: "The company's invoices",
    description: "Newest first.",
    specRow: "GET /api/invoices",
    access: "admin",
    responses: { 200: { description: "Invoices", schema: z.array(apiInvoiceSchema), example: [exampleInvoice] } },
  },
  {
    method: "get",
    path: "/api/invoices/{id}/pdf",
    tag: TAG,
    summary: "Where an invoice's PDF is",
    description: "Stripe's PDF for an invoice from Stripe; the app's own document otherwise.",
    specRow: "GET /api/invoices/{id}/pdf",
    access: "admin",
    pathParams: { id: "The invoice's id" },
    responses: { 200: { description: "The PDF's address", schema: apiInvoicePdfSchema, example: { pdf_url: "https://pay.stripe.com/invoice/acct_1/test_1/pdf", source: "stripe" } } },
    errors: { 502: "Stripe did not answer", 503: UNCONFIGURED },
  },
  {
    method: "get",
    path: "/api/billing/privacy",
    tag: TAG,
    summary: "Where the privacy documents are",
    specRow: "GET /api/billing/privacy",
    access: "signedIn",
    responses: { 200: { description: "Their address", schema: apiUrlSchema, example: { url: "https://folga.example/public#privacy" } } },
  },
  {
    method: "post",
    path: "/api/billing/delete-account",
    tag: TAG,
    summary: "Ask to delete the company's account",
    description: "The subscription ends at the end of the month; nothing is deleted now.",
    specRow: "POST /api/billing/delete-account",
    access: "owner",
    responses: { 200: { description: "Requested", schema: apiDeletionRequestSchema, example: { message: "Deletion requested.", ends_at: "2027-05-31T23:00:00.000Z" } } },
    errors: { 409: "Already requested", 502: "Stripe did not answer", 503: UNCONFIGURED },
  },
  {
    method: "post",
    path: "/api/billing/checkout",
    tag: TAG,
    summary: "Open a Stripe Checkout to subscribe",
    description: "For the company's active people, monthly or yearly; send the browser to `url`. Stripe comes back to Company settings → Invoices with a session_id for POST /api/billing/sync.",
    specRow: "POST /api/billing/checkout",
    access: "admin",
    body: { schema: apiCheckoutSchema, example: { subscription_id: EXAMPLE_IDS.subscription, interval: "month" } },
    responses: { 200: { description: "The Checkout's address", schema: apiCheckoutResponseSchema, example: { ok: true, url: "https://checkout.stripe.com/c/pay/cs_test_a1" } } },
    errors: { 404: "No such subscription", 409: "Already subscribed", 502: "Stripe did not answer", 503: UNCONFIGURED },
  },
  {
    method: "post",
    path: "/api/billing/sync",
    tag: TAG,
    summary: "Read the subscription back from Stripe",
    description: "With the Checkout's session_id after returning from it (each session is synced once).",
    specRow: "POST /api/billing/sync",
    access: "admin",
    body: { schema: apiSyncSchema, example: { subscription_id: EXAMPLE_IDS.subscription, session_id: "cs_test_a1" } },
    responses: { 200: { description: "The subscription as it now is", schema: apiSubscriptionSchema, example: exampleSubscription } },
    errors: { 404: "No such subscription", 502: "Stripe did not answer", 503: UNCONFIGURED },
  },
  {
    method: "get",
    path: "/api/billing/subscriptions",
    tag: TAG,
    summary: "The company's subscriptions",
    description: "The first one first; the trial banner reads it.",
    specRow: "GET /api/billing/subscriptions",
    access: "admin",
    responses: { 200: { description: "Subscriptions", schema: z.array(apiSubscriptionSchema), example: [exampleSubscription] } },
  },
  {
    method: "post",
    path: "/api/billing/webhook",
    tag: TAG,
    summary: "Stripe's events",
    description:
      "For Stripe only: checkout.session.completed, customer.subscription.updated and .deleted, invoice.paid and invoice.payment_failed, signed with the endpoint's secret. A replayed event changes nothing.",
    access: "stripe",
    headers: [{ name: "Stripe-Signature", required: true, description: "Stripe's signature of the exact body", schema: { type: "string" } }],
    body: { schema: z.record(z.string(), z.unknown()).describe("A Stripe event"), example: { id: "evt_1", type: "invoice.paid", data: { object: {} } } },
    responses: { 200: { description: "Received", schema: apiWebhookReceiptSchema, example: { received: true, outcome: "handled" } } },
    errors: { 400: "Missing or wrong signature, or no event", 503: UNCONFIGURED },
  },
  {
    method: "post",
    path: "/api/public-interest",
    tag: "Public site",
    summary: "Leave an e-mail address on the landing page",
    description: "The landing page's interest form without the page; rate limited per client address.",
    access: "anyone",
    body: { schema: apiInterestSchema, example: { email: "curious@example.test" } },
    responses: { 201: { description: "Thanks", schema: apiMessageSchema, example: { ok: true, message: "Thank you! We will be in touch." } } },
    errors: { 429: "Too many from this address" },
  },
];
