// Billing without Stripe keys (the local default): the tabs say billing is not configured and
// still keep the company's own billing data; whatever needs Stripe answers a clear 503 {detail};
// nothing crashes, and the trial banner offers no button that cannot work.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { loader as appLoader } from "~/routes/_app";
import { action as billingDetailsAction, loader as billingDetailsLoader } from "~/routes/_app.company-settings.billing-details/route";
import { loader as billingInvoicesLoader } from "~/routes/_app.company-settings.billing-invoices/route";
import { loader as billingPaymentLoader } from "~/routes/_app.company-settings.billing-payment/route";
import * as checkoutRoute from "~/routes/api.billing.checkout";
import * as detailsRoute from "~/routes/api.billing.details";
import * as syncRoute from "~/routes/api.billing.sync";
import * as webhookRoute from "~/routes/api.billing.webhook";
import { action as loginAction } from "~/routes/login";
import { getDb } from "~/utils/db.server";
import { createCompany, createUser, TEST_PASSWORD } from "../support/factories";
import { args, BASE, cookiesFrom, getRequest, postForm, run, unwrapData } from "../support/http";
import { bannerText, type ShellWithBanner } from "../support/trial-banner";

// Read once per process, before any app module reads the configuration.
vi.hoisted(() => {
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_WEBHOOK_SECRET;
});

let cookie = "";
let companyId = "";

beforeAll(async () => {
  companyId = (await createCompany("Plain")).id;
  const owner = await createUser(companyId, { role: "owner" });
  await getDb().subscription.create({ data: { companyId, status: "trialing", trialEndsAt: new Date(Date.now() + 3 * 86_400_000) } });
  cookie = cookiesFrom((await loginAction(args(postForm("/login", { email: owner.email, password: TEST_PASSWORD })))) as Response);
});

const post = (route: { action: (a: ReturnType<typeof args>) => unknown }, path: string, body: unknown, headers: Record<string, string> = { Cookie: cookie }) =>
  run(() => route.action(args(new Request(BASE + path, { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify(body) })))) as Promise<Response>;

describe("billing without Stripe keys", () => {
  it("answers 503 with a message to checkout, sync and the webhook", async () => {
    for (const [route, path] of [
      [checkoutRoute, "/api/billing/checkout"],
      [syncRoute, "/api/billing/sync"],
    ] as const) {
      const response = await post(route, path, {});
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ detail: expect.stringContaining("A faturação não está configurada neste servidor") });
    }
    const webhook = await post(webhookRoute, "/api/billing/webhook", { id: "evt_1" }, { "Stripe-Signature": "t=1,v1=x" });
    expect(webhook.status).toBe(503);
  });

  it("keeps the company's own billing data working, and the tabs say billing is not configured", async () => {
    const details = (await run(() => detailsRoute.loader(args(getRequest("/api/billing/details", cookie))))) as Response;
    expect(details.status).toBe(200);
    for (const [tab, loader] of [
      ["billing-details", billingDetailsLoader],
      ["billing-invoices", billingInvoicesLoader],
      ["billing-payment", billingPaymentLoader],
    ] as const) {
      const loaded = unwrapData<{ configured: boolean }>(await loader(args(getRequest(`/company-settings/${tab}`, cookie))));
      expect(loaded.value.configured).toBe(false);
    }
    const checkout = unwrapData<{ notice: Record<string, string> }>(await run(() => billingDetailsAction(args(postForm("/company-settings/billing-details", { intent: "subscription.checkout" }, cookie)))));
    expect(checkout.status).toBe(503);
    expect(checkout.value.notice).toMatchObject({ tone: "error", key: "billing.checkout.openFailed", detail: "billing.notConfigured" });
  });

  it("shows the trial banner without a subscribe button", async () => {
    const page = (await appLoader(args(getRequest("/my-calendar", cookie)))) as ShellWithBanner;
    expect(bannerText(page.shell.trialBanner)).toContain("Trial termina em 3 dias");
    expect(bannerText(page.shell.trialBanner)).toContain("A faturação não está configurada neste servidor.");
    expect(bannerText(page.shell.trialBanner)).not.toContain("Subscrever agora");
  });
});
