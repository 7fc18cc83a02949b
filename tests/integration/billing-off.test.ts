// Billing off: no Stripe key where the server starts no stand-in (production; here the variables
// are simply unset). Nobody is on trial: no banner for anyone, never read-only for not paying,
// even with a trial that ended long ago. The billing tabs keep the company's own data and say
// billing is off: how to turn it on to the owner, only that it is off to other admins. Whatever
// needs Stripe answers a clear 409 {detail}, not a 5xx (docs/decisions/0074-billing-without-stripe-keys.md).
import { beforeAll, describe, expect, it, vi } from "vitest";
import { loader as appLoader } from "~/routes/_app";
import { action as billingDetailsAction, loader as billingDetailsLoader } from "~/routes/_app.company-settings.billing-details/route";
import { loader as billingInvoicesLoader } from "~/routes/_app.company-settings.billing-invoices/route";
import { loader as billingPaymentLoader } from "~/routes/_app.company-settings.billing-payment/route";
import * as checkoutRoute from "~/api/billing.checkout";
import * as detailsRoute from "~/api/billing.details";
import * as syncRoute from "~/api/billing.sync";
import * as webhookRoute from "~/api/billing.webhook";
import * as teamsRoute from "~/api/teams._index";
import { action as loginAction } from "~/routes/login";
import { getDb } from "~/utils/db.server";
import { createCompany, createUser, TEST_PASSWORD } from "../support/factories";
import { args, BASE, cookiesFrom, getRequest, postForm, run, unwrapData } from "../support/http";
import type { ShellWithBanner } from "../support/trial-banner";

// Read once per process, before any app module reads the configuration.
vi.hoisted(() => {
  for (const name of Object.keys(process.env)) if (name.startsWith("STRIPE_")) delete process.env[name];
});

const DAY = 86_400_000;
const cookies: Record<string, string> = {};

async function signIn(email: string) {
  return cookiesFrom((await loginAction(args(postForm("/login", { email, password: TEST_PASSWORD })))) as Response);
}

beforeAll(async () => {
  // A trial that ended 30 days ago: with billing on, far past the grace days and read-only.
  const companyId = (await createCompany("Plain")).id;
  const owner = await createUser(companyId, { role: "owner" });
  const admin = await createUser(companyId, { role: "admin" });
  await getDb().subscription.create({ data: { companyId, status: "trialing", trialEndsAt: new Date(Date.now() - 30 * DAY) } });
  cookies.owner = await signIn(owner.email);
  cookies.admin = await signIn(admin.email);
});

const post = (route: { action: (a: ReturnType<typeof args>) => unknown }, path: string, body: unknown, headers: Record<string, string> = { Cookie: cookies.owner }) =>
  run(() => route.action(args(new Request(BASE + path, { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify(body) })))) as Promise<Response>;

describe("billing off (no Stripe key)", () => {
  it("shows no trial banner to anyone and never makes the company read-only", async () => {
    for (const cookie of [cookies.owner, cookies.admin]) {
      const page = (await appLoader(args(getRequest("/my-calendar", cookie)))) as ShellWithBanner;
      expect(page.shell.trialBanner).toBeNull();
    }
    const created = await post(teamsRoute, "/api/teams", { name: "Still writable" });
    expect(created.status).toBe(201);
  });

  it("answers 409 with a message, not a 5xx, to checkout, sync and the webhook", async () => {
    for (const [route, path] of [
      [checkoutRoute, "/api/billing/checkout"],
      [syncRoute, "/api/billing/sync"],
    ] as const) {
      const response = await post(route, path, {});
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ detail: "A faturação está desligada neste servidor." });
    }
    const webhook = await post(webhookRoute, "/api/billing/webhook", { id: "evt_1" }, { "Stripe-Signature": "t=1,v1=x" });
    expect(webhook.status).toBe(409);
  });

  it("keeps the company's own billing data; the tabs tell the owner how to turn billing on, other admins only that it is off", async () => {
    const details = (await run(() => detailsRoute.loader(args(getRequest("/api/billing/details", cookies.owner))))) as Response;
    expect(details.status).toBe(200);
    for (const [tab, loader] of [
      ["billing-details", billingDetailsLoader],
      ["billing-invoices", billingInvoicesLoader],
      ["billing-payment", billingPaymentLoader],
    ] as const) {
      expect(unwrapData<{ billingOff: string }>(await loader(args(getRequest(`/company-settings/${tab}`, cookies.owner)))).value.billingOff).toBe("setup");
      expect(unwrapData<{ billingOff: string }>(await loader(args(getRequest(`/company-settings/${tab}`, cookies.admin)))).value.billingOff).toBe("off");
    }
    const tab = unwrapData<{ subscription: { trialDaysLeft: number | null; access: string } }>(await billingDetailsLoader(args(getRequest("/company-settings/billing-details", cookies.owner))));
    expect(tab.value.subscription).toMatchObject({ trialDaysLeft: null, access: "full" });
    const checkout = unwrapData<{ notice: Record<string, string> }>(await run(() => billingDetailsAction(args(postForm("/company-settings/billing-details", { intent: "subscription.checkout" }, cookies.owner)))));
    expect(checkout.status).toBe(409);
    expect(checkout.value.notice).toMatchObject({ tone: "error", key: "billing.checkout.openFailed", detail: "billing.off.detail" });
  });
});
