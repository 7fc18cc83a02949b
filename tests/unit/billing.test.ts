// Billing's pure rules: the trial banner's conditions and countdown, what an unpaid trial may
// still do, prices, the card and billing details forms (spec sections 2, 5 and 9), and the app's
// own invoice PDF read back as text.
import { describe, expect, it } from "vitest";
import { companyAccess, expiryYears, GRACE_DAYS, invoiceStatusTone, pricePerPersonCents, trialState } from "~/lib/billing";
import { parseWithZod } from "@conform-to/zod/v4";
import { billingContactSchema, billingDetailsSchema, interestSchema, paymentMethodSchema } from "~/lib/schemas/billing";
import { apiPaymentMethodSchema } from "~/lib/schemas/api-billing";
import { formatMoney } from "~/lib/money";
import { renderInvoicePdf } from "~/models/invoice-pdf.server";
import { resources } from "~/i18n-resources.server";
import { pdfText } from "../support/pdf";

const DAY = 86_400_000;
const now = new Date("2026-11-22T10:00:00Z");
const trial = (endsInMs: number, extra: Partial<{ status: string; stripeCustomerId: string | null; cancelAt: Date | null }> = {}) => ({
  status: "trialing",
  trialEndsAt: new Date(now.getTime() + endsInMs),
  stripeCustomerId: null,
  ...extra,
});

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("the trial banner (spec section 2)", () => {
  it("shows only for a trialing first subscription with a trial end and no payment customer", () => {
    expect(trialState(trial(3 * DAY), now)).not.toBeNull();
    expect(trialState(null, now)).toBeNull();
    expect(trialState(trial(3 * DAY, { status: "active" }), now)).toBeNull();
    expect(trialState(trial(3 * DAY, { stripeCustomerId: "cus_1" }), now)).toBeNull();
    expect(trialState({ status: "trialing", trialEndsAt: null, stripeCustomerId: null }, now)).toBeNull();
  });

  it("counts started days: 14, …, 1 on the last day, 0 once over", () => {
    expect(trialState(trial(14 * DAY), now)?.daysLeft).toBe(14);
    expect(trialState(trial(13 * DAY + 1), now)?.daysLeft).toBe(14);
    expect(trialState(trial(DAY), now)?.daysLeft).toBe(1);
    expect(trialState(trial(60_000), now)?.daysLeft).toBe(1);
    expect(trialState(trial(0), now)?.daysLeft).toBe(0);
    expect(trialState(trial(-5 * DAY), now)?.daysLeft).toBe(0);
  });

  it("reads the spec's words in Portuguese", () => {
    const pt = resources.pt.common.billing.trial;
    expect(pt.plan).toBe("Plano em trial.");
    expect(pt.endsIn_other.replace("{{count}}", "5")).toBe("Trial termina em 5 dias");
    expect(pt.endsIn_one.replace("{{count}}", "1")).toBe("Trial termina em 1 dia");
    expect(pt.ended).toBe("O seu trial terminou.");
    expect(pt.subscribe).toBe("Subscrever agora");
    expect(pt.opening).toBe("A abrir Stripe…");
  });
});

describe("what a company may do (decision 0027)", () => {
  it("keeps full use during the trial and for the grace days after it, then turns read-only", () => {
    expect(companyAccess(trial(DAY), now)).toBe("full");
    expect(companyAccess(trial(-DAY), now)).toBe("grace");
    expect(companyAccess(trial(-(GRACE_DAYS * DAY) + 1000), now)).toBe("grace");
    expect(companyAccess(trial(-(GRACE_DAYS * DAY)), now)).toBe("readOnly");
  });

  it("never locks a paying company, a company without a subscription row, or one still in its paid month", () => {
    expect(companyAccess(null, now)).toBe("full");
    expect(companyAccess(trial(-100 * DAY, { stripeCustomerId: "cus_1", status: "active" }), now)).toBe("full");
    expect(companyAccess(trial(-100 * DAY, { stripeCustomerId: "cus_1", status: "past_due" }), now)).toBe("full");
    expect(companyAccess({ status: "active", trialEndsAt: null, stripeCustomerId: "cus_1", cancelAt: new Date(now.getTime() + DAY) }, now)).toBe("full");
  });

  it("is read-only once the subscription ended (cancelled, unpaid, or the deletion's end of month passed)", () => {
    expect(companyAccess({ status: "canceled", trialEndsAt: null, stripeCustomerId: "cus_1" }, now)).toBe("readOnly");
    expect(companyAccess({ status: "unpaid", trialEndsAt: null, stripeCustomerId: "cus_1" }, now)).toBe("readOnly");
    expect(companyAccess({ status: "active", trialEndsAt: null, stripeCustomerId: "cus_1", cancelAt: new Date(now.getTime() - 1) }, now)).toBe("readOnly");
  });
});

describe("prices", () => {
  it("is 1 € per person a month and twelve months paid at once a year", () => {
    expect(pricePerPersonCents("EUR", "month")).toBe(100);
    expect(pricePerPersonCents("EUR", "year")).toBe(1200);
    expect(formatMoney(100, "EUR", "pt")).toBe("1,00\u00a0€");
    expect(formatMoney(1200, "EUR", "en")).toBe("€12.00");
  });

  it("offers this year and the next 14 as expiry years (15 values)", () => {
    expect(expiryYears(2026)).toEqual(Array.from({ length: 15 }, (_, i) => 2026 + i));
  });

  it("styles draft, sent, paid and failed invoices, and any other status in the default", () => {
    expect(["draft", "sent", "paid", "failed", "void", "uncollectible"].map(invoiceStatusTone)).toEqual(["draft", "sent", "paid", "failed", "other", "other"]);
  });
});

describe("the payment method form (spec section 5)", () => {
  const schema = paymentMethodSchema(2026, 11);
  const errors = (fields: Record<string, string>) => {
    const result = parseWithZod(form(fields), { schema });
    return result.status === "success" ? null : result.error;
  };
  const valid = { brand: "VISA", last4: "4242", expMonth: "12", expYear: "2026" };

  it("takes a card of one of the four brands with exactly 4 last digits", () => {
    expect(errors(valid)).toBeNull();
    for (const brand of ["VISA", "Mastercard", "AMEX", "Discover"]) expect(errors({ ...valid, brand })).toBeNull();
    expect(errors({ ...valid, brand: "Diners" })).toEqual({ brand: ["billing.validation.brandInvalid"] });
    for (const last4 of ["424", "42424", "42a2", "", " 4242x"]) expect(errors({ ...valid, last4 })?.last4).toEqual(["billing.validation.last4"]);
    expect(resources.en.common.billing.validation.last4).toBe("Please, add your card's 4 last digits.");
  });

  it("takes months 1–12 and years from this year through 14 years ahead, not a month already over", () => {
    for (const expMonth of ["0", "13", "x"]) expect(errors({ ...valid, expMonth })?.expMonth).toEqual(["billing.validation.expMonthInvalid"]);
    expect(errors({ ...valid, expMonth: "1", expYear: "2040" })).toBeNull();
    for (const expYear of ["2025", "2041", "20x6"]) expect(errors({ ...valid, expYear })?.expYear).toEqual(["billing.validation.expYearInvalid"]);
    expect(errors({ ...valid, expMonth: "10" })).toEqual({ expMonth: ["billing.validation.cardExpired"] });
    expect(errors({ ...valid, expMonth: "11" })).toBeNull();
  });

  it("reads the same rules under the API's names", () => {
    const api = apiPaymentMethodSchema(2026, 11);
    expect(api.safeParse({ brand: "AMEX", last4: "0005", exp_month: 2, exp_year: "2030" }).success).toBe(true);
    const bad = api.safeParse({ brand: "AMEX", last4: "5", exp_month: 13, exp_year: 2050 });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["last4", "billing.validation.last4"],
      ["exp_month", "billing.validation.expMonthInvalid"],
      ["exp_year", "billing.validation.expYearInvalid"],
    ]);
  });
});

describe("the billing details form", () => {
  const valid = { companyName: "Acme", primaryContactId: "u1", currency: "EUR", invoiceEmail: "billing@acme.test" };
  const errors = (fields: Record<string, string>) => {
    const result = parseWithZod(form(fields), { schema: billingDetailsSchema });
    return result.status === "success" ? null : result.error;
  };

  it("needs a company name, a primary contact, one of the six currencies and an invoice e-mail", () => {
    expect(errors(valid)).toBeNull();
    for (const currency of ["EUR", "USD", "GBP", "CHF", "AUD", "BRL"]) expect(errors({ ...valid, currency })).toBeNull();
    expect(errors({ ...valid, currency: "JPY" })).toEqual({ currency: ["billing.validation.currencyInvalid"] });
    expect(errors({ ...valid, companyName: "  " })).toEqual({ companyName: ["billing.validation.companyNameRequired"] });
    expect(errors({ ...valid, invoiceEmail: "billing" })).toEqual({ invoiceEmail: ["billing.validation.emailInvalid"] });
    expect(errors({ ...valid, primaryContactId: "" })).toEqual({ primaryContactId: ["billing.validation.primaryContactInvalid"] });
  });

  it("takes an address and a phone number optionally, the phone in digits and separators", () => {
    expect(errors({ ...valid, companyAddress: "Rua Augusta 1\n1100-048 Lisboa", phone: "+351 21 000 00 00" })).toBeNull();
    expect(errors({ ...valid, phone: "call me" })).toEqual({ phone: ["billing.validation.phoneInvalid"] });
    expect(errors({ ...valid, companyAddress: "x".repeat(501) })).toEqual({ companyAddress: ["validation.tooLong"] });
  });

  it("needs a name and an e-mail for a billing contact", () => {
    const result = parseWithZod(form({ name: "", email: "nope" }), { schema: billingContactSchema });
    expect(result.status === "success" ? null : result.error).toEqual({ name: ["billing.validation.contactNameRequired"], email: ["billing.validation.emailInvalid"] });
  });
});

describe("the public interest form (spec section 5)", () => {
  it("needs an e-mail containing '@'", () => {
    const ok = (email: string) => parseWithZod(form({ email }), { schema: interestSchema }).status === "success";
    expect(ok("ana@example.pt")).toBe(true);
    expect(ok("ana.example.pt")).toBe(false);
    expect(ok("")).toBe(false);
    expect(ok("ana @x")).toBe(false);
  });
});

describe("the app's invoice PDF", () => {
  const invoice = {
    invoiceNumber: "F-2026-007",
    invoiceDate: "2026-11-01",
    periodStart: "2026-11-01",
    periodEnd: "2026-11-30",
    userCount: 12,
    totalCents: 1200,
    currency: "EUR",
    status: "paid",
    billTo: { companyName: "Função & Companhia, Lda.", companyAddress: "Praça do Comércio 1\n1100-148 Lisboa", phone: "+351 210 000 000", invoiceEmail: "faturas@funcao.pt", primaryContact: "Inês Conceição" },
    issuer: { name: "Folga", url: "https://folga.example" },
  };

  it("is a real PDF with the invoice's figures and the billing details, accents intact, in the billing language", async () => {
    const pdf = await renderInvoicePdf(invoice, "pt");
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(pdf);
    for (const expected of ["Fatura F-2026-007", "Faturado a", "Função & Companhia, Lda.", "Praça do Comércio 1", "1100-148 Lisboa", "faturas@funcao.pt", "Inês Conceição", "12 pessoas", "1,00 €", "Total: 12,00 €", "Paga"]) {
      expect(text.replace(/\u00a0/g, " ")).toContain(expected);
    }
  });

  it("speaks Spanish and English when the billing language says so", async () => {
    const es = await pdfText(await renderInvoicePdf({ ...invoice, status: "failed" }, "es"));
    expect(es).toContain("Factura F-2026-007");
    expect(es).toContain("Fallida");
    const en = await pdfText(await renderInvoicePdf({ ...invoice, userCount: 1, totalCents: 110, currency: "USD" }, "en"));
    expect(en).toContain("Invoice F-2026-007");
    expect(en).toContain("1 person");
    expect(en).toContain("$1.10");
  });
});
