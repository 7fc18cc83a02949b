// Billing rules and constants the browser needs too (spec sections 1, 4, 5 and 9; decisions in
// docs/decisions/0027-billing.md). Pure: no database, no Stripe.
import type { IsoDate } from "./dates";

export const CURRENCIES = ["EUR", "USD", "GBP", "CHF", "AUD", "BRL"] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = "EUR";

export const CARD_BRANDS = ["VISA", "Mastercard", "AMEX", "Discover"] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** Expiry years offered: this year and the next 14 (spec section 9: 15 values). */
export const EXPIRY_YEARS = 15;

export function expiryYears(currentYear: number): number[] {
  return Array.from({ length: EXPIRY_YEARS }, (_, i) => currentYear + i);
}

export const BILLING_INTERVALS = ["month", "year"] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

export function isBillingInterval(value: unknown): value is BillingInterval {
  return value === "month" || value === "year";
}

/**
 * What one person costs a month, in minor units of each billing currency. The public price is 1 €
 * (spec section 1); the others are its rounded equivalents, charged in the company's currency.
 * Annual payment is twelve months paid at once.
 */
export const MONTHLY_PRICE_CENTS: Record<Currency, number> = { EUR: 100, USD: 110, GBP: 90, CHF: 100, AUD: 170, BRL: 600 };

export function pricePerPersonCents(currency: Currency, interval: BillingInterval): number {
  return MONTHLY_PRICE_CENTS[currency] * (interval === "year" ? 12 : 1);
}

export function isCurrency(value: unknown): value is Currency {
  return typeof value === "string" && (CURRENCIES as readonly string[]).includes(value);
}

/** Spec section 9: success toast, reload after a language change, the checkout re-reads. */
export const TOAST_MS = 2200;
export const RELOAD_AFTER_LANGUAGE_MS = 500;
export const CHECKOUT_SYNC_TRIES = 3;
export const CHECKOUT_SYNC_INTERVAL_MS = 1500;

/** After the trial ends unpaid, everything keeps working this many days; then the company is read-only. */
export const GRACE_DAYS = 7;

const DAY_MS = 86_400_000;

/**
 * Which of a company's subscriptions is "its" subscription (the one the banner, billing and the
 * read-only rule are about): the first made, the id breaking ties. The signed-in person's plain
 * SQL read (readSessionPerson) orders alike.
 */
export const FIRST_SUBSCRIPTION_ORDER = [{ createdAt: "asc" }, { id: "asc" }] as const;

export interface SubscriptionFacts {
  status: string;
  trialEndsAt: Date | string | null;
  stripeCustomerId: string | null;
  cancelAt?: Date | string | null;
}

const time = (value: Date | string) => (typeof value === "string" ? Date.parse(value) : value.getTime());

/**
 * The trial banner (spec section 2): only while the first subscription is trialing, has a trial
 * end and no payment customer. `daysLeft` counts started days, so the last day reads "1 dia";
 * 0 once the end has passed ('O seu trial terminou.').
 */
export function trialState(subscription: SubscriptionFacts | null, now: Date): { daysLeft: number; endsAt: number } | null {
  if (!subscription || subscription.status !== "trialing" || !subscription.trialEndsAt || subscription.stripeCustomerId) return null;
  const endsAt = time(subscription.trialEndsAt);
  return { daysLeft: Math.max(0, Math.ceil((endsAt - now.getTime()) / DAY_MS)), endsAt };
}

export type CompanyAccess = "full" | "grace" | "readOnly";

/** What the trial banner says of a company's trial, to a company admin (the only ones who see it). */
export interface TrialBannerState {
  subscriptionId: string;
  daysLeft: number;
  /** The day an ended, unpaid trial turns the company read-only (in the company's zone). */
  readOnlyFrom: IsoDate | null;
  access: CompanyAccess;
}

/**
 * What a company may do with its data. Nothing is ever deleted for not paying: an unpaid trial
 * keeps full use for GRACE_DAYS after its end, then the company is read-only (people sign in,
 * read and export; only billing and the account can change) until it subscribes. A subscription
 * that ended (cancelled, unpaid, or an account deletion's end of month) is read-only too.
 * A company without a subscription row (created before billing existed) keeps full use.
 */
export function companyAccess(subscription: SubscriptionFacts | null, now: Date): CompanyAccess {
  if (!subscription) return "full";
  if (subscription.cancelAt && time(subscription.cancelAt) <= now.getTime()) return "readOnly";
  if (subscription.status === "canceled" || subscription.status === "unpaid" || subscription.status === "incomplete_expired") return "readOnly";
  const trial = trialState(subscription, now);
  if (!trial || trial.endsAt > now.getTime()) return "full";
  return trial.endsAt + GRACE_DAYS * DAY_MS > now.getTime() ? "grace" : "readOnly";
}

/** The first moment the company is read-only after an unpaid trial. */
export function readOnlyFrom(trialEndsAt: number): number {
  return trialEndsAt + GRACE_DAYS * DAY_MS;
}

export const INVOICE_STATUSES = ["draft", "sent", "paid", "failed"] as const;

/** The badge style of an invoice status; any other status is shown in the default yellow. */
export function invoiceStatusTone(status: string): "draft" | "sent" | "paid" | "failed" | "other" {
  return (INVOICE_STATUSES as readonly string[]).includes(status) ? (status as "draft") : "other";
}
