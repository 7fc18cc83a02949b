// Billing against the Stripe stand-in over real HTTP (server/stripe-stand-in.ts; the `stripe` SDK is
// pointed at it with host, port and protocol): checkout for the active people, the return with
// `session_id` synced once, signed webhook deliveries through the request guards (bad signature,
// replay), the seat count following people, invoices and their PDFs, billing details and the
// payment method with every rule, the account deletion, the read-only company after an unpaid
// trial, and every billing route refusing employees (403) and other companies' ids (404).
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { User } from "~/generated/prisma/client";
import { FIRST_SUBSCRIPTION_ORDER } from "~/lib/billing";
import { acceptInvitation } from "~/models/invitation.server";
import { loadTrialBanner } from "~/models/subscription.server";
import { deactivateUser } from "~/models/user.server";
import { loader as appLoader } from "~/routes/_app";
import * as billingDetailsTab from "~/routes/_app.company-settings.billing-details/route";
import * as billingInvoicesTab from "~/routes/_app.company-settings.billing-invoices/route";
import * as billingPaymentTab from "~/routes/_app.company-settings.billing-payment/route";
import * as manageAccountTab from "~/routes/_app.company-settings.manage-account/route";
import * as teamsTab from "~/routes/_app.company-settings.teams/route";
import * as checkoutRoute from "~/api/billing.checkout";
import * as deleteAccountRoute from "~/api/billing.delete-account";
import * as detailsRoute from "~/api/billing.details";
import * as paymentRoute from "~/api/billing.payment-method";
import * as privacyRoute from "~/api/billing.privacy";
import * as subscriptionsRoute from "~/api/billing.subscriptions";
import * as syncRoute from "~/api/billing.sync";
import * as webhookRoute from "~/api/billing.webhook";
import * as invoicePdfApiRoute from "~/api/invoices.$id.pdf";
import * as invoicesRoute from "~/api/invoices._index";
import * as teamsRoute from "~/api/teams._index";
import { action as hideBannerAction } from "~/routes/billing.trial-banner";
import { loader as invoicePdfLoader } from "~/routes/invoices.$id.pdf";
import { action as loginAction } from "~/routes/login";
import { getDb } from "~/utils/db.server";
import { settleMail } from "~/utils/mail.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { hashToken } from "~/utils/tokens.server";
import { createCompany, createUser, TEST_PASSWORD, viewerFor } from "../support/factories";
import type { StripeStandIn } from "../../server/stripe-stand-in";
import { args, BASE, cookiesFrom, getRequest, postForm, run, unwrapData } from "../support/http";
import { pdfText } from "../support/pdf";
import { fetchHandler, listenGuarded, type GuardedApp } from "../support/fetch-handler";
import { bannerText, type ShellWithBanner } from "../support/trial-banner";

// Configuration is read once per process: the stand-in must be listening (and the variables set)
// before any app module reads it.
const fake: StripeStandIn = await vi.hoisted(async () => {
  const { startStripeStandIn, STAND_IN_STRIPE_KEY, STAND_IN_WEBHOOK_SECRET } = await import("../../server/stripe-stand-in");
  const started = await startStripeStandIn({ webhookSecret: STAND_IN_WEBHOOK_SECRET });
  process.env.STRIPE_SECRET_KEY = STAND_IN_STRIPE_KEY;
  process.env.STRIPE_WEBHOOK_SECRET = STAND_IN_WEBHOOK_SECRET;
  process.env.STRIPE_API_URL = started.url;
  return started;
});

type Json = Record<string, unknown>;
type RouteModule = { loader: (a: ReturnType<typeof args>) => unknown; action: (a: ReturnType<typeof args>) => unknown };

const DAY = 86_400_000;
const people: Record<string, User> = {};
const cookies: Record<string, string> = {};
const companies: Record<string, string> = {};
const subscriptions: Record<string, string> = {};
let server: GuardedApp;
let base = "";

/** A JSON call to an /api route module, as the browser (cookie) makes it. */
async function api(route: RouteModule, path: string, options: { method?: string; cookie?: string; body?: unknown; params?: Record<string, string> } = {}) {
  const method = options.method ?? "GET";
  const request = new Request(BASE + path, {
    method,
    headers: { ...(options.cookie ? { Cookie: options.cookie } : {}), ...(options.body !== undefined ? { "Content-Type": "application/json" } : {}) },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const handler = method === "GET" ? route.loader : route.action;
  const response = (await run(() => handler(args(request, options.params ?? {})))) as Response;
  const text = await response.text();
  let body: Json | Json[] | null = null;
  try {
    body = text ? (JSON.parse(text) as Json) : null;
  } catch {
    body = { text } as Json;
  }
  return { status: response.status, body: body as Json & Json[] & { detail?: string } };
}

const SETTINGS_ACTIONS = {
  "billing-details": billingDetailsTab.action,
  "billing-payment": billingPaymentTab.action,
  "manage-account": manageAccountTab.action,
  teams: teamsTab.action,
};

/** A form posted to its company settings tab, /company-settings/<tab>. */
async function settings(fields: Record<string, string>, cookie: string, tab: keyof typeof SETTINGS_ACTIONS) {
  return unwrapData<Json & { notice?: Json; result?: Json; confirm?: Json }>(await run(() => SETTINGS_ACTIONS[tab](args(postForm(`/company-settings/${tab}`, fields, cookie)))));
}

async function signIn(email: string) {
  const response = (await loginAction(args(postForm("/login", { email, password: TEST_PASSWORD })))) as Response;
  expect(response.status).toBe(302);
  return cookiesFrom(response);
}

/** Stands in for the Remix build: the webhook route, as the app serves it behind the request guards. */
async function render(request: Request): Promise<Response> {
  if (new URL(request.url).pathname !== "/api/billing/webhook") return new Response("Not Found", { status: 404 });
  return (await run(() => (request.method === "POST" ? webhookRoute.action : webhookRoute.loader)(args(request)))) as Response;
}

async function companyWithTrial(name: string, trialEndsInMs: number) {
  const company = await createCompany(name);
  const owner = await createUser(company.id, { role: "owner", fullName: `${name} Owner`, email: `owner@${name.toLowerCase()}.test` });
  const subscription = await getDb().subscription.create({ data: { companyId: company.id, status: "trialing", trialEndsAt: new Date(Date.now() + trialEndsInMs) } });
  await getDb().billingDetails.create({ data: { companyId: company.id, companyName: `${name} Lda`, primaryContactId: owner.id, invoiceEmail: `billing@${name.toLowerCase()}.test` } });
  return { company, owner, subscription };
}

const requests = (method: string, prefix: string) => fake.requests.filter((r) => r.method === method && r.path.startsWith(prefix));
const subscriptionOf = (companyId: string) => getDb().subscription.findFirstOrThrow({ where: { companyId }, orderBy: [...FIRST_SUBSCRIPTION_ORDER] });
const lastAudit = (companyId: string, action: string) =>
  getDb().auditEntry.findFirst({ where: { companyId, action }, orderBy: { createdAt: "desc" } }).then((entry) => (entry ? (JSON.parse(entry.details) as Json) : null));

beforeAll(async () => {
  await resetRateLimits();
  const acme = await companyWithTrial("Acme", 10 * DAY);
  companies.acme = acme.company.id;
  subscriptions.acme = acme.subscription.id;
  people.owner = acme.owner;
  people.admin = await createUser(companies.acme, { role: "admin", fullName: "Ana Admin" });
  people.employee = await createUser(companies.acme, { fullName: "Eva Employee" });
  people.leaver = await createUser(companies.acme, { fullName: "Lea Leaver" });
  for (let i = 0; i < 2; i++) await createUser(companies.acme, { fullName: `Person ${i}` });

  const globex = await companyWithTrial("Globex", 10 * DAY);
  companies.globex = globex.company.id;
  subscriptions.globex = globex.subscription.id;
  people.globexOwner = globex.owner;

  const initech = await companyWithTrial("Initech", 5 * DAY);
  companies.initech = initech.company.id;
  people.initechOwner = initech.owner;
  people.initechAdmin = await createUser(companies.initech, { role: "admin", fullName: "Ivo Admin" });

  const stale = await companyWithTrial("Stale", -10 * DAY);
  companies.stale = stale.company.id;
  people.staleOwner = stale.owner;
  const grace = await companyWithTrial("Grace", -2 * DAY);
  people.graceOwner = grace.owner;

  for (const name of ["owner", "admin", "employee", "globexOwner", "initechOwner", "initechAdmin", "staleOwner", "graceOwner"]) cookies[name] = await signIn(people[name].email);

  server = await listenGuarded(fetchHandler(render));
  base = server.base;
  fake.configure({ webhookUrl: `${base}/api/billing/webhook` });
}, 60_000);

afterAll(async () => {
  await server.close();
  await fake.stop();
});

beforeEach(() => resetRateLimits());

let checkoutSessionId = "";

describe("checkout", () => {
  it("opens a Stripe Checkout for the company's active people at the monthly or annual price, and comes back with session_id", async () => {
    const { status, body } = await api(checkoutRoute, "/api/billing/checkout", { method: "POST", cookie: cookies.owner, body: { subscription_id: subscriptions.acme, interval: "year" } });
    expect(status).toBe(200);
    expect(body.ok).toBe(true);
    expect(String(body.url)).toMatch(new RegExp(`^${fake.url}/pay/cs_test_`));
    checkoutSessionId = String(body.url).split("/pay/")[1];
    const [sent] = requests("POST", "/v1/checkout/sessions").slice(-1);
    const line = (sent.body.line_items as Json[])[0];
    expect(line.quantity).toBe("6");
    expect(line.price_data).toMatchObject({ currency: "eur", unit_amount: "1200", recurring: { interval: "year" } });
    expect(sent.body).toMatchObject({
      mode: "subscription",
      client_reference_id: companies.acme,
      customer_email: "billing@acme.test",
      metadata: { company_id: companies.acme, subscription_id: subscriptions.acme },
      subscription_data: { metadata: { company_id: companies.acme, subscription_id: subscriptions.acme } },
      success_url: "http://app.test/company-settings/billing-invoices?session_id={CHECKOUT_SESSION_ID}",
    });
  });

  it("is started from the banner's form too, which answers with a redirect to Stripe (no JavaScript needed)", async () => {
    const response = (await run(() =>
      billingDetailsTab.action(args(postForm("/company-settings/billing-details", { intent: "subscription.checkout", subscriptionId: subscriptions.globex, interval: "month" }, cookies.globexOwner))),
    )) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toMatch(new RegExp(`^${fake.url}/pay/cs_test_`));
    const [sent] = requests("POST", "/v1/checkout/sessions").slice(-1);
    expect((sent.body.line_items as Json[])[0]).toMatchObject({ quantity: "1", price_data: { unit_amount: "100", recurring: { interval: "month" } } });
  });

  it("answers the spec's line when Stripe fails, refuses employees (403) and other companies' subscriptions (404)", async () => {
    fake.failNext("/v1/checkout/sessions");
    const failed = await api(checkoutRoute, "/api/billing/checkout", { method: "POST", cookie: cookies.owner, body: {} });
    expect(failed).toMatchObject({ status: 502, body: { detail: "Erro ao criar Checkout" } });
    fake.failNext("/v1/checkout/sessions");
    const page = await settings({ intent: "subscription.checkout" }, cookies.owner, "billing-details");
    expect(page.status).toBe(502);
    expect(page.value.notice).toMatchObject({ tone: "error", key: "billing.checkout.createFailed" });

    const before = requests("POST", "/v1/checkout/sessions").length;
    expect((await api(checkoutRoute, "/api/billing/checkout", { method: "POST", cookie: cookies.employee, body: {} })).status).toBe(403);
    expect((await api(checkoutRoute, "/api/billing/checkout", { method: "POST", cookie: cookies.owner, body: { subscription_id: subscriptions.globex } })).status).toBe(404);
    expect((await api(checkoutRoute, "/api/billing/checkout", { method: "POST", cookie: cookies.owner, body: { interval: "week" } })).status).toBe(400);
    expect((await api(checkoutRoute, "/api/billing/checkout", { method: "GET", cookie: cookies.owner })).status).toBe(405);
    expect(requests("POST", "/v1/checkout/sessions").length).toBe(before);
  });
});

describe("coming back from Stripe", () => {
  it("shows company admins the trial banner counting down before paying, and employees nothing (they cannot act on it)", async () => {
    const banner = await loadTrialBanner(await viewerFor(people.owner));
    expect(banner).toMatchObject({ daysLeft: 10, access: "full" });
    expect(await loadTrialBanner(await viewerFor(people.admin))).toMatchObject({ daysLeft: 10 });
    expect(await loadTrialBanner(await viewerFor(people.employee))).toBeNull();
    const page = (await appLoader(args(getRequest("/my-calendar", cookies.employee)))) as ShellWithBanner;
    expect(page.shell.trialBanner).toBeNull();
    const owners = (await appLoader(args(getRequest("/my-calendar", cookies.owner)))) as ShellWithBanner;
    expect(bannerText(owners.shell.trialBanner)).toContain("Plano em trial.");
    expect(bannerText(owners.shell.trialBanner)).toContain("Trial termina em 10 dias");
    expect(bannerText(owners.shell.trialBanner)).toContain("Subscrever agora");
  });

  it("syncs the checkout once on the server, records customer, subscription and first invoice, then drops session_id", async () => {
    fake.complete(checkoutSessionId); // paid; the events are not delivered yet
    const path = `/company-settings/billing-invoices?session_id=${checkoutSessionId}`;
    const response = (await run(() => appLoader(args(getRequest(path, cookies.owner))))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/company-settings/billing-invoices");
    const subscription = await subscriptionOf(companies.acme);
    expect(subscription).toMatchObject({ status: "active", billingInterval: "year", seats: 6, lastCheckoutSessionId: checkoutSessionId });
    expect(subscription.stripeCustomerId).toMatch(/^cus_/);
    expect(subscription.stripeSubscriptionId).toMatch(/^sub_/);
    expect(subscription.stripeItemId).toMatch(/^si_/);
    const invoices = await getDb().invoice.findMany({ where: { companyId: companies.acme } });
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: "paid", userCount: 6, totalCents: 7200, currency: "EUR" });
    expect(await loadTrialBanner(await viewerFor(people.owner))).toBeNull();

    // The same address again: no second call to Stripe.
    const reads = requests("GET", "/v1/checkout/sessions").length;
    await run(() => appLoader(args(getRequest(path, cookies.owner))));
    expect((await api(syncRoute, "/api/billing/sync", { method: "POST", cookie: cookies.owner, body: { session_id: checkoutSessionId } })).body).toMatchObject({ stripe_subscription_status: "active" });
    expect(requests("GET", "/v1/checkout/sessions").length).toBe(reads);
  });

  it("ignores another company's checkout session in the address", async () => {
    const before = await subscriptionOf(companies.globex);
    const response = (await run(() => appLoader(args(getRequest(`/my-calendar?session_id=${checkoutSessionId}`, cookies.globexOwner))))) as Response;
    expect(response.status).toBe(302);
    expect(await subscriptionOf(companies.globex)).toEqual(before);
    expect((await api(syncRoute, "/api/billing/sync", { method: "POST", cookie: cookies.globexOwner, body: { session_id: checkoutSessionId } })).status).toBe(404);
    expect((await api(syncRoute, "/api/billing/sync", { method: "POST", cookie: cookies.globexOwner, body: { subscription_id: subscriptions.acme } })).status).toBe(404);
    expect((await api(syncRoute, "/api/billing/sync", { method: "POST", cookie: cookies.employee, body: {} })).status).toBe(403);
  });

  it("keeps the banner saying the payment is being confirmed while Stripe cannot be read", async () => {
    const session = (await api(checkoutRoute, "/api/billing/checkout", { method: "POST", cookie: cookies.initechOwner, body: {} })).body;
    const sessionId = String(session.url).split("/pay/")[1];
    fake.complete(sessionId);
    fake.failNext("/v1/checkout/sessions");
    const page = (await appLoader(args(getRequest(`/my-calendar?session_id=${sessionId}`, cookies.initechOwner)))) as ShellWithBanner;
    expect(bannerText(page.shell.trialBanner)).toContain("A confirmar o pagamento com o Stripe…");
    expect(bannerText(page.shell.trialBanner)).toContain(`data-session-id="${sessionId}"`);
    // The banner's script syncs once the failure has passed.
    const synced = await api(syncRoute, "/api/billing/sync", { method: "POST", cookie: cookies.initechOwner, body: { session_id: sessionId } });
    expect(synced.body).toMatchObject({ stripe_subscription_status: "active" });
    expect((await api(subscriptionsRoute, "/api/billing/subscriptions", { cookie: cookies.initechOwner })).body[0]).toMatchObject({ stripe_subscription_status: "active" });
  });

  it("hides the banner for the session once dismissed (a cookie), with or without JavaScript", async () => {
    const response = (await hideBannerAction(args(postForm("/billing/trial-banner", { redirectTo: "/vacations?x=1" }, cookies.globexOwner)))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/vacations?x=1");
    const cookie = cookiesFrom(response, cookies.globexOwner);
    expect(response.headers.get("Set-Cookie")).not.toMatch(/Max-Age|Expires/i);
    const page = (await appLoader(args(getRequest("/my-calendar", cookie)))) as ShellWithBanner;
    expect(page.shell.trialBanner).toBeNull();
    const away = (await hideBannerAction(args(postForm("/billing/trial-banner", { redirectTo: "//evil.test" }, cookies.globexOwner)))) as Response;
    expect(away.headers.get("Location")).toBe("/my-calendar");
  });
});

describe("webhooks", () => {
  const post = (payload: string, signature?: string) =>
    fetch(`${base}/api/billing/webhook`, { method: "POST", headers: { "Content-Type": "application/json", ...(signature ? { "Stripe-Signature": signature } : {}) }, body: payload });

  it("verifies the signature: a wrong secret, a changed body or no signature is a 400 and changes nothing", async () => {
    const before = await subscriptionOf(companies.acme);
    const event = fake.event("customer.subscription.updated", { ...fake.subscriptions.get(before.stripeSubscriptionId!)!, status: "past_due" });
    const forged = fake.signedDelivery(event, "whsec_someone_else");
    const bad = await post(forged.payload, forged.signature);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ detail: "A assinatura Stripe deste evento não é válida." });
    const signed = fake.signedDelivery(event);
    expect((await post(signed.payload.replace("past_due", "canceled"), signed.signature)).status).toBe(400);
    expect((await post(signed.payload)).status).toBe(400);
    expect(await subscriptionOf(companies.acme)).toEqual(before);
    expect(await getDb().stripeEvent.count({ where: { id: String(event.id) } })).toBe(0);
  });

  it("applies signed deliveries (through the request guards: no cookie, no Origin) and a replay changes nothing", async () => {
    const local = await subscriptionOf(companies.acme);
    const event = fake.event("customer.subscription.updated", { ...fake.subscriptions.get(local.stripeSubscriptionId!)!, status: "past_due" });
    expect(await fake.deliver(event)).toBe(200);
    expect((await subscriptionOf(companies.acme)).status).toBe("past_due");
    await getDb().subscription.update({ where: { id: local.id }, data: { status: "active" } });
    const replay = fake.signedDelivery(event);
    const again = await post(replay.payload, replay.signature);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, outcome: "duplicate" });
    expect((await subscriptionOf(companies.acme)).status).toBe("active");
  });

  it("records checkout completions and paid invoices idempotently, whichever of sync and webhook came first", async () => {
    const completed = fake.events.filter((e) => e.type === "checkout.session.completed" && (e.data as { object: Json }).object.id === checkoutSessionId);
    const paid = fake.events.filter((e) => e.type === "invoice.paid" && (e.data as { object: { parent: { subscription_details: { metadata: Json } } } }).object.parent.subscription_details.metadata.company_id === companies.acme);
    for (const event of [...completed, ...paid, ...paid]) expect(await fake.deliver(event)).toBe(200);
    expect(await getDb().invoice.count({ where: { companyId: companies.acme } })).toBe(1);
    expect((await subscriptionOf(companies.acme)).status).toBe("active");
  });

  it("records a failed payment's invoice as failed, and a cancelled subscription as ended", async () => {
    const local = await subscriptionOf(companies.acme);
    const stripeSubscription = fake.subscriptions.get(local.stripeSubscriptionId!)!;
    const invoice = fake.makeInvoice(stripeSubscription, 600, "open");
    expect(await fake.deliver(fake.event("invoice.payment_failed", invoice))).toBe(200);
    expect(await getDb().invoice.findUniqueOrThrow({ where: { stripeInvoiceId: String(invoice.id) } })).toMatchObject({ status: "failed", totalCents: 600, companyId: companies.acme });
    // Unknown events are acknowledged and kept, so they are not handled twice either.
    const unknown = fake.event("customer.created", { id: "cus_x" });
    expect(await fake.deliver(unknown)).toBe(200);
    expect(await getDb().stripeEvent.findUnique({ where: { id: String(unknown.id) } })).toMatchObject({ type: "customer.created", companyId: null });
  });

  it("answers 405 to anything but POST", async () => {
    expect((await fetch(`${base}/api/billing/webhook`)).status).toBe(405);
  });
});

describe("the seat count follows people joining and leaving", () => {
  async function stripeQuantity() {
    const local = await subscriptionOf(companies.acme);
    return ((fake.subscriptions.get(local.stripeSubscriptionId!)!.items as Json).data as Json[])[0].quantity;
  }

  it("adds one when an invitation is accepted and removes one when a person is removed", async () => {
    expect(await stripeQuantity()).toBe(6);
    const token = "seat-token-0123456789";
    await getDb().invitation.create({ data: { companyId: companies.acme, email: "newcomer@acme.test", fullName: "New Comer", tokenHash: hashToken(token), expiresAt: new Date(Date.now() + DAY) } });
    await acceptInvitation(token, { password: "long-enough-1", language: "pt" });
    expect(await stripeQuantity()).toBe(7);
    expect((await subscriptionOf(companies.acme)).seats).toBe(7);
    await deactivateUser(await viewerFor(people.owner), people.leaver.id);
    expect(await stripeQuantity()).toBe(6);
    expect((await subscriptionOf(companies.acme)).seats).toBe(6);
  });

  it("never fails the person's change when Stripe is down; the next change catches up", async () => {
    fake.failNext("/v1/subscription_items");
    const token = "seat-token-abcdef";
    await getDb().invitation.create({ data: { companyId: companies.acme, email: "second@acme.test", fullName: "Second", tokenHash: hashToken(token), expiresAt: new Date(Date.now() + DAY) } });
    const joined = await acceptInvitation(token, { password: "long-enough-1", language: "pt" });
    expect(joined.email).toBe("second@acme.test");
    expect(await stripeQuantity()).toBe(6);
    expect((await subscriptionOf(companies.acme)).seats).toBe(6);
    const extra = await createUser(companies.acme, { fullName: "Temp" });
    await deactivateUser(await viewerFor(people.owner), extra.id);
    expect(await stripeQuantity()).toBe(7);
    expect((await subscriptionOf(companies.acme)).seats).toBe(7);
  });
});

describe("billing details", () => {
  const details = { company_name: "Acme Lda", primary_contact: "", company_address: "Rua Augusta 1\n1100-048 Lisboa", phone: "+351 21 000 0000", currency: "EUR", invoice_email: "billing@acme.test" };

  it("reads and saves them through the API, audited old → new, with the billing language", async () => {
    const got = await api(detailsRoute, "/api/billing/details", { cookie: cookies.admin });
    expect(got.body).toMatchObject({ company_name: "Acme Lda", primary_contact: people.owner.id, currency: "EUR", invoice_email: "billing@acme.test", preferred_language: "pt", billing_contacts: [] });
    const saved = await api(detailsRoute, "/api/billing/details", { method: "PUT", cookie: cookies.admin, body: { ...details, primary_contact: people.admin.id, preferred_language: "es" } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ company_address: "Rua Augusta 1\n1100-048 Lisboa", primary_contact: people.admin.id, preferred_language: "es" });
    expect(await lastAudit(companies.acme, "billing.details_updated")).toMatchObject({ primaryContactId: { old: people.owner.id, new: people.admin.id }, phone: { old: "", new: "+351 21 000 0000" } });
    expect(await lastAudit(companies.acme, "billing.language_updated")).toEqual({ preferred_language: { old: "pt", new: "es" } });
  });

  it("refuses every rule with its message, and another company's person as primary contact (404)", async () => {
    const put = (body: Json) => api(detailsRoute, "/api/billing/details", { method: "PUT", cookie: cookies.admin, body: { ...details, primary_contact: people.admin.id, ...body } });
    expect((await put({ company_name: " " })).body).toMatchObject({ detail: "Indique o nome da empresa.", fields: { company_name: "Indique o nome da empresa." } });
    expect((await put({ invoice_email: "nope" })).body.fields).toEqual({ invoice_email: "Indique um endereço de e-mail válido." });
    expect((await put({ phone: "call me" })).body.fields).toEqual({ phone: "Indique um telefone: só algarismos, espaços e + ( ) -." });
    expect((await put({ currency: "JPY" })).body.fields).toEqual({ currency: "Escolha uma das moedas." });
    expect((await put({ preferred_language: "fr" })).body.fields).toEqual({ preferred_language: "Escolha um dos idiomas." });
    const foreign = await put({ primary_contact: people.globexOwner.id });
    expect(foreign.status).toBe(404);
    // Stripe bills Acme in euros now: the currency stays.
    const locked = await put({ currency: "USD" });
    expect(locked).toMatchObject({ status: 409, body: { detail: "A moeda não pode mudar enquanto o Stripe fatura a empresa." } });
    expect((await getDb().billingDetails.findUniqueOrThrow({ where: { companyId: companies.acme } })).currency).toBe("EUR");
  });

  it("saves from the tab only what changed ('Nothing changed.' otherwise), with field errors next to the fields", async () => {
    const form = { intent: "billingDetails.save", companyName: "Acme Lda", primaryContactId: people.admin.id, companyAddress: "Rua Augusta 1\n1100-048 Lisboa", phone: "+351 21 000 0000", currency: "EUR", invoiceEmail: "billing@acme.test" };
    const audits = await getDb().auditEntry.count({ where: { companyId: companies.acme } });
    expect((await settings(form, cookies.owner, "billing-details")).value.notice).toMatchObject({ tone: "success", key: "billing.details.unchanged" });
    expect(await getDb().auditEntry.count({ where: { companyId: companies.acme } })).toBe(audits);
    expect((await settings({ ...form, companyName: "Acme, Lda." }, cookies.owner, "billing-details")).value.notice).toMatchObject({ key: "billing.details.saved" });
    const refused = await settings({ ...form, invoiceEmail: "x" }, cookies.owner, "billing-details");
    expect(refused.status).toBe(400);
    expect((refused.value.result as { error: Json }).error).toEqual({ invoiceEmail: ["billing.validation.emailInvalid"] });
    const language = await settings({ intent: "billingDetails.language", preferredLanguage: "pt" }, cookies.owner, "billing-details");
    expect(language.value.notice).toMatchObject({ tone: "success", key: "billing.details.languageUpdated" });
  });

  it("keeps billing contacts: add, refuse a duplicate, remove only after confirming", async () => {
    const added = await settings({ intent: "billingDetails.addContact", name: "Contabilidade", email: "conta@acme.test" }, cookies.owner, "billing-details");
    expect(added.value.notice).toMatchObject({ key: "billing.contacts.added", values: { name: "Contabilidade" } });
    const twice = await settings({ intent: "billingDetails.addContact", name: "Again", email: "CONTA@acme.test" }, cookies.owner, "billing-details");
    expect(twice.status).toBe(409);
    const [contact] = await getDb().billingContact.findMany({ where: { companyId: companies.acme } });
    const asked = await settings({ intent: "billingDetails.removeContact", contactId: contact.id }, cookies.owner, "billing-details");
    expect(asked.value.confirm).toEqual({ fields: { intent: "billingDetails.removeContact", contactId: contact.id } });
    expect(await getDb().billingContact.count({ where: { companyId: companies.acme } })).toBe(1);
    const foreign = await settings({ intent: "billingDetails.removeContact", contactId: contact.id, confirmed: "1" }, cookies.globexOwner, "billing-details");
    expect(foreign.status).toBe(404);
    const removed = await settings({ intent: "billingDetails.removeContact", contactId: contact.id, confirmed: "1" }, cookies.owner, "billing-details");
    expect(removed.value.notice).toMatchObject({ key: "billing.contacts.removed" });
    expect(await getDb().billingContact.count({ where: { companyId: companies.acme } })).toBe(0);
    expect(await lastAudit(companies.acme, "billing.contact_removed")).toEqual({ name: "Contabilidade", email: "conta@acme.test" });
  });

  it("shows the tab locked until Edit, and says whether billing is configured", async () => {
    const locked = unwrapData<{ editing: boolean; configured: boolean; subscription: Json }>(await billingDetailsTab.loader(args(getRequest("/company-settings/billing-details", cookies.owner))));
    expect(locked.value).toMatchObject({ editing: false, configured: true, subscription: { subscribed: true, status: "active", people: 7, seats: 7 } });
    const editing = unwrapData<{ editing: boolean }>(await billingDetailsTab.loader(args(getRequest("/company-settings/billing-details?edit=1", cookies.owner))));
    expect(editing.value.editing).toBe(true);
  });
});

describe("the payment method", () => {
  const year = new Date().getFullYear();

  it("saves the card on file ('Payment method saved'), audited, and reads it back", async () => {
    const saved = await settings({ intent: "payment.save", brand: "Mastercard", last4: "4444", expMonth: "12", expYear: String(year + 2) }, cookies.owner, "billing-payment");
    expect(saved.value.notice).toMatchObject({ tone: "success", key: "billing.payment.saved" });
    expect((await api(paymentRoute, "/api/billing/payment-method", { cookie: cookies.admin })).body).toEqual({ brand: "Mastercard", last4: "4444", exp_month: 12, exp_year: year + 2 });
    const put = await api(paymentRoute, "/api/billing/payment-method", { method: "PUT", cookie: cookies.admin, body: { brand: "VISA", last4: "4242", exp_month: 1, exp_year: year + 14 } });
    expect(put.status).toBe(200);
    expect(await lastAudit(companies.acme, "billing.payment_method_saved")).toMatchObject({ brand: { old: "Mastercard", new: "VISA" }, last4: { old: "4444", new: "4242" } });
  });

  it("refuses each rule with the spec's message", async () => {
    const put = (body: Json) => api(paymentRoute, "/api/billing/payment-method", { method: "PUT", cookie: cookies.admin, body: { brand: "VISA", last4: "4242", exp_month: 12, exp_year: year, ...body } });
    expect((await put({ last4: "424" })).body).toMatchObject({ detail: "Indique os 4 últimos dígitos do cartão." });
    const english = await run(() =>
      paymentRoute.action(args(new Request(`${BASE}/api/billing/payment-method?lng=en`, { method: "PUT", headers: { Cookie: cookies.admin, "Content-Type": "application/json" }, body: JSON.stringify({ brand: "VISA", last4: "42424", exp_month: 12, exp_year: year }) }))),
    );
    expect(await (english as Response).json()).toMatchObject({ detail: "Please, add your card's 4 last digits." });
    expect((await put({ brand: "Diners" })).body.fields).toEqual({ brand: "Escolha VISA, Mastercard, AMEX ou Discover." });
    expect((await put({ exp_month: 13 })).body.fields).toEqual({ exp_month: "Escolha um mês de 1 a 12." });
    expect((await put({ exp_year: year + 15 })).body.fields).toEqual({ exp_year: "Escolha um ano entre este ano e daqui a 14 anos." });
    expect((await put({ exp_year: year - 1 })).status).toBe(400);
    const tab = await settings({ intent: "payment.save", brand: "VISA", last4: "12", expMonth: "0", expYear: String(year) }, cookies.owner, "billing-payment");
    expect((tab.value.result as { error: Json }).error).toEqual({ last4: ["billing.validation.last4"], expMonth: ["billing.validation.expMonthInvalid"] });
    expect((await api(paymentRoute, "/api/billing/payment-method", { cookie: cookies.admin })).body).toMatchObject({ last4: "4242" });
  });
});

describe("invoices", () => {
  let localId = "";

  beforeAll(async () => {
    localId = (
      await getDb().invoice.create({
        data: { companyId: companies.acme, invoiceNumber: "ACME-2026-001", invoiceDate: "2026-10-01", periodStart: "2026-10-01", periodEnd: "2026-10-31", userCount: 6, totalCents: 600, currency: "EUR", status: "sent" },
      })
    ).id;
  });

  it("lists the company's invoices, newest first", async () => {
    const { body } = await api(invoicesRoute, "/api/invoices", { cookie: cookies.admin });
    expect(body.map((invoice) => invoice.invoice_number)).toEqual(expect.arrayContaining(["TEST-0001", "ACME-2026-001"]));
    expect(body.find((invoice) => invoice.invoice_number === "ACME-2026-001")).toEqual({
      id: localId,
      invoice_number: "ACME-2026-001",
      invoice_date: "2026-10-01",
      period_start: "2026-10-01",
      period_end: "2026-10-31",
      user_count: 6,
      total: 6,
      currency: "EUR",
      status: "sent",
      stripe_invoice_id: null,
    });
    expect((await api(invoicesRoute, "/api/invoices", { cookie: cookies.globexOwner })).body).toEqual([]);
  });

  it("renders the app's own PDF for its invoices, with the company's billing details in the billing language", async () => {
    expect((await api(invoicePdfApiRoute, `/api/invoices/${localId}/pdf`, { cookie: cookies.admin, params: { id: localId } })).body).toEqual({ pdf_url: `http://app.test/invoices/${localId}/pdf`, source: "app" });
    const response = (await invoicePdfLoader(args(getRequest(`/invoices/${localId}/pdf`, cookies.owner), { id: localId }))) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe('inline; filename="ACME-2026-001.pdf"');
    const text = (await pdfText(new Uint8Array(await response.arrayBuffer()))).replace(/\u00a0/g, " ");
    for (const expected of ["Fatura ACME-2026-001", "Acme, Lda.", "Rua Augusta 1", "1100-048 Lisboa", "+351 21 000 0000", "billing@acme.test", "Ana Admin", "6 pessoas", "Total: 6,00 €", "Enviada"]) expect(text).toContain(expected);
  });

  it("sends Stripe's invoices to Stripe's PDF, with the spec's messages when it has none or cannot be asked", async () => {
    const stripeInvoice = await getDb().invoice.findFirstOrThrow({ where: { companyId: companies.acme, invoiceNumber: "TEST-0001" } });
    const pdf = await api(invoicePdfApiRoute, `/api/invoices/${stripeInvoice.id}/pdf`, { cookie: cookies.admin, params: { id: stripeInvoice.id } });
    expect(pdf.body).toEqual({ pdf_url: `${fake.url}/invoice-pdf/${stripeInvoice.stripeInvoiceId}`, source: "stripe" });
    const page = (await invoicePdfLoader(args(getRequest(`/invoices/${stripeInvoice.id}/pdf`, cookies.owner), { id: stripeInvoice.id }))) as Response;
    expect(page.status).toBe(302);
    const fetched = await fetch(page.headers.get("Location")!);
    expect(await pdfText(new Uint8Array(await fetched.arrayBuffer()))).toContain("Invoice TEST-0001");

    fake.failNext("/v1/invoices");
    const down = await api(invoicePdfApiRoute, `/api/invoices/${stripeInvoice.id}/pdf`, { cookie: cookies.admin, params: { id: stripeInvoice.id } });
    expect(down).toMatchObject({ status: 502, body: { detail: "Erro ao buscar PDF do Stripe" } });
    fake.invoices.get(stripeInvoice.stripeInvoiceId!)!.invoice_pdf = null;
    const none = (await invoicePdfLoader(args(getRequest(`/invoices/${stripeInvoice.id}/pdf`, cookies.owner), { id: stripeInvoice.id }))) as Response;
    expect(none.status).toBe(404);
    expect(await none.text()).toContain("PDF não disponível");
  });

  it("refuses employees (403) and other companies (404)", async () => {
    expect((await api(invoicesRoute, "/api/invoices", { cookie: cookies.employee })).status).toBe(403);
    expect((await api(invoicePdfApiRoute, `/api/invoices/${localId}/pdf`, { cookie: cookies.employee, params: { id: localId } })).status).toBe(403);
    expect((await api(invoicePdfApiRoute, `/api/invoices/${localId}/pdf`, { cookie: cookies.globexOwner, params: { id: localId } })).status).toBe(404);
    expect(((await invoicePdfLoader(args(getRequest(`/invoices/${localId}/pdf`, cookies.globexOwner), { id: localId }))) as Response).status).toBe(404);
    expect(((await invoicePdfLoader(args(getRequest(`/invoices/${localId}/pdf`, cookies.employee), { id: localId }))) as Response).status).toBe(403);
  });
});

describe("account deletion", () => {
  it("is the owner's only, asked first, ends the subscription at the end of the month, e-mails the owner, audited; never twice", async () => {
    expect((await api(deleteAccountRoute, "/api/billing/delete-account", { method: "POST", cookie: cookies.initechAdmin })).status).toBe(403);
    const admin = await settings({ intent: "account.delete", confirmed: "1" }, cookies.initechAdmin, "manage-account");
    expect(admin.status).toBe(403);
    expect(admin.value.notice).toMatchObject({ key: "billing.account.failed" });

    const asked = await settings({ intent: "account.delete" }, cookies.initechOwner, "manage-account");
    expect(asked.value.confirm).toEqual({ fields: { intent: "account.delete" } });
    expect((await getDb().company.findUniqueOrThrow({ where: { id: companies.initech } })).deletionRequestedAt).toBeNull();

    const done = await settings({ intent: "account.delete", confirmed: "1" }, cookies.initechOwner, "manage-account");
    expect(done.value.notice).toEqual({ tone: "success", key: "billing.account.requested" });
    const company = await getDb().company.findUniqueOrThrow({ where: { id: companies.initech } });
    expect(company.deletionRequestedAt).not.toBeNull();
    const subscription = await subscriptionOf(companies.initech);
    const now = new Date();
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    // The first moment of next month in Lisbon (UTC+0 or +1).
    expect(Math.abs(subscription.cancelAt!.getTime() - nextMonth.getTime())).toBeLessThanOrEqual(3_600_000);
    expect(fake.subscriptions.get(subscription.stripeSubscriptionId!)!.cancel_at).toBe(subscription.cancelAt!.getTime() / 1000);
    expect(await lastAudit(companies.initech, "account.deletion_requested")).toMatchObject({ subscription_ends_at: subscription.cancelAt!.toISOString() });
    await settleMail();
    const mail = await getDb().emailOutbox.findFirstOrThrow({ where: { to: people.initechOwner.email }, orderBy: { createdAt: "desc" } });
    expect(mail.subject).toBe("Eliminação da conta de Initech pedida");
    expect(mail.text).toContain("Nada foi apagado.");
    // Nothing is deleted: people, vacations, invoices stay.
    expect(await getDb().user.count({ where: { companyId: companies.initech } })).toBe(2);

    const twice = await api(deleteAccountRoute, "/api/billing/delete-account", { method: "POST", cookie: cookies.initechOwner });
    expect(twice.status).toBe(409);
    const tab = unwrapData<Json>(await manageAccountTab.loader(args(getRequest("/company-settings/manage-account", cookies.initechOwner))));
    expect(tab.value).toMatchObject({ canDelete: true, privacyUrl: "http://app.test/public#privacy" });
    expect(tab.value.endsOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("answers the spec's failure line when Stripe refuses, and changes nothing", async () => {
    fake.failNext("/v1/subscriptions");
    const owner = await settings({ intent: "account.delete", confirmed: "1" }, cookies.owner, "manage-account");
    expect(owner.status).toBe(502);
    expect(owner.value.notice).toMatchObject({ tone: "error", key: "billing.account.failed" });
    expect((await getDb().company.findUniqueOrThrow({ where: { id: companies.acme } })).deletionRequestedAt).toBeNull();
  });

  it("answers 'Deletion requested.' on the API", async () => {
    const { status, body } = await api(deleteAccountRoute, "/api/billing/delete-account", { method: "POST", cookie: cookies.globexOwner });
    expect(status).toBe(200);
    expect(body.message).toBe("Eliminação pedida.");
  });
});

describe("a company whose trial ended unpaid", () => {
  it("keeps full use during the grace days, with the banner saying when it turns read-only", async () => {
    const page = (await appLoader(args(getRequest("/my-calendar", cookies.graceOwner)))) as ShellWithBanner;
    expect(bannerText(page.shell.trialBanner)).toContain("O seu trial terminou.");
    expect(bannerText(page.shell.trialBanner)).toContain("passa a só de leitura");
    expect((await api(teamsRoute, "/api/teams", { method: "POST", cookie: cookies.graceOwner, body: { name: "Grace team" } })).status).toBe(201);
  });

  it("is read-only after them: changes are refused (402), reading and billing still work, nothing is deleted", async () => {
    const refused = await api(teamsRoute, "/api/teams", { method: "POST", cookie: cookies.staleOwner, body: { name: "Stale team" } });
    expect(refused).toMatchObject({ status: 402, body: { detail: expect.stringContaining("só de leitura") } });
    const page = await settings({ intent: "teams.create", name: "Stale team" }, cookies.staleOwner, "teams");
    expect(page.status).toBe(402);
    expect((await api(teamsRoute, "/api/teams", { cookie: cookies.staleOwner })).status).toBe(200);
    expect((await api(detailsRoute, "/api/billing/details", { method: "PUT", cookie: cookies.staleOwner, body: { company_name: "Stale Lda", primary_contact: people.staleOwner.id, currency: "EUR", invoice_email: "billing@stale.test" } })).status).toBe(200);
    expect((await settings({ intent: "billingDetails.language", preferredLanguage: "en" }, cookies.staleOwner, "billing-details")).status).toBe(200);
    const banner = (await appLoader(args(getRequest("/my-calendar", cookies.staleOwner)))) as ShellWithBanner;
    expect(bannerText(banner.shell.trialBanner)).toContain("A empresa está só de leitura");
    expect(bannerText(banner.shell.trialBanner)).toContain("Subscrever agora");
  });
});

describe("every billing route", () => {
  const routes: [string, RouteModule, string, string, unknown?][] = [
    ["GET details", detailsRoute, "GET", "/api/billing/details"],
    ["PUT details", detailsRoute, "PUT", "/api/billing/details", { company_name: "X", primary_contact: "x", currency: "EUR", invoice_email: "a@b.pt" }],
    ["GET payment method", paymentRoute, "GET", "/api/billing/payment-method"],
    ["PUT payment method", paymentRoute, "PUT", "/api/billing/payment-method", { brand: "VISA", last4: "1111", exp_month: 12, exp_year: new Date().getFullYear() + 1 }],
    ["GET invoices", invoicesRoute, "GET", "/api/invoices"],
    ["POST delete account", deleteAccountRoute, "POST", "/api/billing/delete-account"],
    ["POST checkout", checkoutRoute, "POST", "/api/billing/checkout", {}],
    ["POST sync", syncRoute, "POST", "/api/billing/sync", {}],
    ["GET subscriptions", subscriptionsRoute, "GET", "/api/billing/subscriptions"],
  ];

  for (const [name, route, method, path, body] of routes) {
    it(`${name}: 403 for an employee, 401 signed out`, async () => {
      expect((await api(route, path, { method, cookie: cookies.employee, body })).status).toBe(403);
      expect((await api(route, path, { method, body })).status).toBe(401);
    });
  }

  it("keeps each company to its own: what one admin reads and writes is their company's only", async () => {
    const acmeBefore = await getDb().billingDetails.findUniqueOrThrow({ where: { companyId: companies.acme } });
    const globexRead = await api(detailsRoute, "/api/billing/details", { cookie: cookies.globexOwner });
    expect(globexRead.body.company_name).toBe("Globex Lda");
    await api(detailsRoute, "/api/billing/details", { method: "PUT", cookie: cookies.globexOwner, body: { company_name: "Globex, Inc.", primary_contact: people.globexOwner.id, currency: "USD", invoice_email: "ap@globex.test" } });
    expect(await getDb().billingDetails.findUniqueOrThrow({ where: { companyId: companies.acme } })).toEqual(acmeBefore);
    expect((await api(subscriptionsRoute, "/api/billing/subscriptions", { cookie: cookies.globexOwner })).body.map((s) => s.id)).toEqual([subscriptions.globex]);
    expect((await api(paymentRoute, "/api/billing/payment-method", { cookie: cookies.globexOwner })).body).toBeNull();
  });

  it("gives the privacy documents' address to anyone signed in", async () => {
    expect((await api(privacyRoute, "/api/billing/privacy", { cookie: cookies.employee })).body).toEqual({ url: "http://app.test/public#privacy" });
    expect((await api(privacyRoute, "/api/billing/privacy", {})).status).toBe(401);
  });

  it("refuses employees the billing tabs (403)", async () => {
    for (const [tab, route] of [
      ["billing-details", billingDetailsTab],
      ["billing-invoices", billingInvoicesTab],
      ["billing-payment", billingPaymentTab],
      ["manage-account", manageAccountTab],
    ] as const) {
      const response = await run<unknown>(() => route.loader(args(getRequest(`/company-settings/${tab}`, cookies.employee))));
      expect((response as Response).status).toBe(403);
    }
  });
});
