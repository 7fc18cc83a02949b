// The one Stripe client, from the configuration (docs/decisions/0027-billing.md). Without
// STRIPE_SECRET_KEY (in production: outside it the server starts a local stand-in and sets one)
// billing is off: no trial banner, never read-only for not paying, and whatever needs Stripe
// answers a 409 that says so, rather than failing somewhere inside
// (docs/decisions/0074-billing-without-stripe-keys.md).
import type Stripe from "stripe";
import { getEnv } from "./env.server";
import { AppError } from "./errors.server";

let client: { key: string; url: string | undefined; stripe: Stripe } | undefined;

/** Whether billing is on: a Stripe key is set (Stripe's, or the development stand-in's). */
export function billingConfigured(): boolean {
  return Boolean(getEnv().STRIPE_SECRET_KEY);
}

// Not a 5xx: nothing failed, this server simply does not bill.
export const billingOff = () => new AppError(409, "billing_off", "billing.off.detail");

/**
 * The client, or a 409 AppError when billing is off. The library is loaded on first
 * use: it adds ~20 MB to a process, and an installation without billing never needs it.
 */
export async function getStripe(): Promise<Stripe> {
  const { STRIPE_SECRET_KEY: key, STRIPE_API_URL: url } = getEnv();
  if (!key) throw billingOff();
  if (client?.key !== key || client.url !== url) client = { key, url, stripe: await createClient(key, url) };
  return client.stripe;
}

async function createClient(key: string, url: string | undefined): Promise<Stripe> {
  const { default: Stripe } = await import("stripe");
  const target = url ? new URL(url) : null;
  return new Stripe(key, {
    maxNetworkRetries: 1,
    // A page waits for checkout and sync: better a clear error than a long hang.
    timeout: 15_000,
    telemetry: false,
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === "https:" ? 443 : 80),
          protocol: target.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
}

/** The webhook endpoint's signing secret (required with the key: env.server.ts). */
export function webhookSecret(): string {
  const secret = getEnv().STRIPE_WEBHOOK_SECRET;
  if (!secret) throw billingOff();
  return secret;
}

/** Where the browser goes to pay: Stripe's checkout, or the fake's page when STRIPE_API_URL points elsewhere. */
export function checkoutOrigins(): string[] {
  const url = getEnv().STRIPE_API_URL;
  return url ? [new URL(url).origin] : ["https://checkout.stripe.com"];
}

/** Seconds since the epoch (Stripe's timestamps) as a Date; null stays null. */
export function fromStripeTime(seconds: number | null | undefined): Date | null {
  return typeof seconds === "number" ? new Date(seconds * 1000) : null;
}

/** The id of an expandable Stripe field (a string, or the expanded object). */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}
