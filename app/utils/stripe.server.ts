// The one Stripe client, from the configuration (docs/decisions/0027-billing.md). Without
// STRIPE_SECRET_KEY billing is "not configured": screens say so and whatever needs Stripe answers
// 503 with a message, rather than failing somewhere inside.
import type Stripe from "stripe";
import { getEnv } from "./env.server";
import { AppError } from "./errors.server";

let client: { key: string; url: string | undefined; stripe: Stripe } | undefined;

export function billingConfigured(): boolean {
  return Boolean(getEnv().STRIPE_SECRET_KEY);
}

export const billingNotConfigured = () => new AppError(503, "billing_not_configured", "billing.notConfigured");

/**
 * The client, or a 503 AppError when billing is not configured. The library is loaded on first
 * use: it adds ~20 MB to a process, and an installation without billing never needs it.
 */
export async function getStripe(): Promise<Stripe> {
  const { STRIPE_SECRET_KEY: key, STRIPE_API_URL: url } = getEnv();
  if (!key) throw billingNotConfigured();
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
  if (!secret) throw billingNotConfigured();
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
