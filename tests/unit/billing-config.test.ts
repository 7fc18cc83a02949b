// Billing's configuration (README, .env.example): optional as a whole, but a key without the
// webhook's signing secret, settings without the key, or values of the wrong kind, stop the server
// with a message naming them. Which configuration starts the development stand-in for Stripe.
import { afterEach, describe, expect, it, vi } from "vitest";
import { wantsStripeStandIn } from "../../server/stripe-stand-in";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

async function loadEnv(vars: Record<string, string>) {
  for (const [key, value] of Object.entries({ NODE_ENV: "test", SESSION_SECRET: "x".repeat(32), STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "", STRIPE_API_URL: "", PRIVACY_URL: "", ...vars })) vi.stubEnv(key, value);
  const { getEnv } = await import("~/utils/env.server");
  const stripe = await import("~/utils/stripe.server");
  return { getEnv, stripe };
}

describe("billing configuration", () => {
  it("is off without a Stripe key, and Stripe calls are a 409 that says so", async () => {
    const { getEnv, stripe } = await loadEnv({});
    expect(getEnv().STRIPE_SECRET_KEY).toBeUndefined();
    expect(stripe.billingConfigured()).toBe(false);
    await expect(stripe.getStripe()).rejects.toMatchObject({ status: 409, code: "billing_off", message: "billing.off.detail" });
    expect(stripe.checkoutOrigins()).toEqual(["https://checkout.stripe.com"]);
  });

  it("needs the webhook's signing secret with the key", async () => {
    const { getEnv } = await loadEnv({ STRIPE_SECRET_KEY: "sk_test_abc" });
    expect(() => getEnv()).toThrow(/STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY/);
  });

  it("refuses Stripe settings without the key, naming each", async () => {
    const { getEnv } = await loadEnv({ STRIPE_WEBHOOK_SECRET: "whsec_abc", STRIPE_API_URL: "http://127.0.0.1:12111" });
    expect(() => getEnv()).toThrow(/STRIPE_WEBHOOK_SECRET: set without STRIPE_SECRET_KEY[\s\S]*STRIPE_API_URL: set without STRIPE_SECRET_KEY/);
  });

  it("names the variable that is of the wrong kind", async () => {
    const { getEnv } = await loadEnv({ STRIPE_SECRET_KEY: "pk_test_abc", STRIPE_WEBHOOK_SECRET: "secret", STRIPE_PRICE_MONTHLY: "1", PRIVACY_URL: "privacy" });
    expect(() => getEnv()).toThrow(/STRIPE_SECRET_KEY: must be a Stripe secret key[\s\S]*STRIPE_WEBHOOK_SECRET: must be[\s\S]*STRIPE_PRICE_MONTHLY: must be a Stripe price id[\s\S]*PRIVACY_URL: must be an absolute URL/);
  });

  it("points the SDK at STRIPE_API_URL (a fake in tests), and lets checkout forms go there", async () => {
    const { stripe } = await loadEnv({ STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc", STRIPE_API_URL: "http://127.0.0.1:12111" });
    expect(stripe.billingConfigured()).toBe(true);
    expect(await stripe.getStripe()).toBe(await stripe.getStripe());
    expect(stripe.checkoutOrigins()).toEqual(["http://127.0.0.1:12111"]);
    expect(stripe.webhookSecret()).toBe("whsec_abc");
  });
});

describe("the Stripe stand-in", () => {
  it("starts outside production when no Stripe variable is set, never in production", () => {
    expect(wantsStripeStandIn({})).toBe(true);
    expect(wantsStripeStandIn({ NODE_ENV: "development", STRIPE_SECRET_KEY: "" })).toBe(true);
    expect(wantsStripeStandIn({ NODE_ENV: "test" })).toBe(true);
    expect(wantsStripeStandIn({ NODE_ENV: "production" })).toBe(false);
    expect(wantsStripeStandIn({ NODE_ENV: "development", STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" })).toBe(false);
    // Half a configuration is refused by the configuration's check, not replaced.
    expect(wantsStripeStandIn({ NODE_ENV: "development", STRIPE_API_URL: "http://127.0.0.1:12111" })).toBe(false);
  });
});
