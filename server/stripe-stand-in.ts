// A small Stripe over real HTTP: what billing talks to in development when no Stripe key is set
// (server.ts starts it, as the outbox stands in for SMTP; docs/decisions/0074-billing-without-stripe-keys.md),
// and what the tests and the end-to-end server use. The `stripe` SDK is pointed at it with host,
// port and protocol (STRIPE_API_URL), and it answers the REST calls the app makes (form-encoded
// bodies, JSON answers) for checkout sessions, subscriptions, subscription items and invoices. It
// also plays the hosted checkout page (GET/POST /pay/<session>, plain HTML, no script): paying
// creates the customer, the subscription and its first invoice, delivers the signed webhook
// events to the app, then sends the browser back to the session's success_url, as Stripe does.
// Its state lives in memory: a restart forgets it (the app keeps what it recorded).
//
// Only node: modules at the top: server.ts bundles this file, and a production server, which never
// starts the stand-in, must not load the Stripe SDK (~20 MB), pdfkit or the messages for it.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { i18n as I18n } from "i18next";
import type Stripe from "stripe";
import { applyPortugalPluralRules, DEFAULT_LANGUAGE, isLanguage, SUPPORTED_LANGUAGES } from "../app/i18n";
import { formatMoney } from "../app/lib/money";

type Json = Record<string, unknown>;

export interface StripeStandInOptions {
  /** Where events are delivered (the app's /api/billing/webhook); none: kept for tests to deliver. */
  webhookUrl?: string;
  webhookSecret?: string;
  /** Deliver the events of a payment before sending the browser back (default true). */
  deliverOnPay?: boolean;
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: Json;
}

export const STAND_IN_STRIPE_KEY = "sk_test_folga_stand_in";
export const STAND_IN_WEBHOOK_SECRET = "whsec_folga_stand_in_signing_secret";

/**
 * Whether the server starts the stand-in: outside production (NODE_ENV unset, development or
 * test), when no Stripe variable is set at all (an empty one counts as unset, as everywhere in
 * the configuration). Some set without the key is a mistake the configuration's check names
 * (env.server.ts), not a reason to replace them. In production without a key billing is off.
 */
export function wantsStripeStandIn(env: Record<string, string | undefined>): boolean {
  return env.NODE_ENV !== "production" && !Object.keys(env).some((name) => name.startsWith("STRIPE_") && env[name]);
}

/**
 * Starts the stand-in on a free loopback port and points the app's Stripe variables at it, before
 * the app reads its configuration. The webhook goes to the app's own port on the loopback address.
 */
export async function standInForStripe(env: NodeJS.ProcessEnv): Promise<StripeStandIn> {
  const port = Number(env.PORT || 3000);
  const standIn = await startStripeStandIn({ webhookUrl: `http://127.0.0.1:${port}/api/billing/webhook`, webhookSecret: STAND_IN_WEBHOOK_SECRET });
  env.STRIPE_SECRET_KEY = STAND_IN_STRIPE_KEY;
  env.STRIPE_WEBHOOK_SECRET = STAND_IN_WEBHOOK_SECRET;
  env.STRIPE_API_URL = standIn.url;
  return standIn;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

/** `a[b][0][c]=x` (Stripe's form encoding) as nested objects and arrays. */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((part) => part !== "");
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[index + 1]);
      const slot = Array.isArray(node) ? Number(part) : part;
      const container = node as Record<string | number, unknown>;
      if (last) container[slot] = value;
      else {
        container[slot] ??= nextIsIndex ? [] : {};
        node = container[slot] as Record<string, unknown> | unknown[];
      }
    });
  }
  return root;
}

function stripeError(res: ServerResponse, status: number, message: string, code = "resource_missing") {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify({ error: { type: "invalid_request_error", code, message } }));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

async function pdfOf(lines: string[]): Promise<Buffer> {
  const { default: PDFDocument } = await import("pdfkit");
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: "A4" });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    for (const line of lines) doc.text(line);
    doc.end();
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The checkout page's messages (public/locales/<language>/billing.json, billing.standIn). */
async function checkoutPageI18n(): Promise<I18n> {
  const { createInstance } = await import("i18next");
  const resources = Object.fromEntries(
    SUPPORTED_LANGUAGES.map((language) => [language, { billing: JSON.parse(readFileSync(path.resolve("public/locales", language, "billing.json"), "utf8")) }]),
  );
  const i18n = createInstance();
  await i18n.init({ resources, fallbackLng: DEFAULT_LANGUAGE, defaultNS: "billing", ns: ["billing"], interpolation: { escapeValue: false } });
  applyPortugalPluralRules(i18n);
  return i18n;
}

export class StripeStandIn {
  readonly sessions = new Map<string, Json>();
  readonly subscriptions = new Map<string, Json>();
  readonly invoices = new Map<string, Json>();
  readonly customers = new Map<string, Json>();
  readonly requests: RecordedRequest[] = [];
  /** Events made so far, newest last (delivered or not). */
  readonly events: Json[] = [];
  /** Answer the next calls whose path starts with this with an error (e.g. "/v1/checkout/sessions"). */
  private failures: { prefix: string; status: number }[] = [];
  private invoiceCount = 0;
  private server: Server;
  private signer: Stripe | undefined;
  private messages: Promise<I18n> | undefined;
  url = "";

  constructor(private options: StripeStandInOptions = {}) {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) stripeError(res, 500, String(error), "api_error");
      });
    });
  }

  async start(port = 0, host = "127.0.0.1"): Promise<this> {
    const { default: Stripe } = await import("stripe");
    // Signs the webhook events as Stripe does (the app verifies them with the same library).
    this.signer = new Stripe(STAND_IN_STRIPE_KEY);
    await new Promise<void>((resolve) => this.server.listen(port, host, resolve));
    const address = this.server.address() as AddressInfo;
    this.url = `http://${host}:${address.port}`;
    return this;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  configure(options: StripeStandInOptions) {
    this.options = { ...this.options, ...options };
  }

  /**
   * Fails the next calls to a path (twice by default: the app's SDK retries a failed call once, so
   * that is what a Stripe outage looks like to it).
   */
  failNext(prefix: string, { status = 500, times = 2 } = {}) {
    for (let i = 0; i < times; i++) this.failures.push({ prefix, status });
  }

  /** A signed webhook delivery of this event, as Stripe sends it. */
  signedDelivery(event: Json, secret = this.options.webhookSecret ?? STAND_IN_WEBHOOK_SECRET) {
    if (!this.signer) throw new Error("the stand-in is not started");
    const payload = JSON.stringify(event);
    return { payload, signature: this.signer.webhooks.generateTestHeaderString({ payload, secret }) };
  }

  event(type: string, object: Json): Json {
    const event = { id: id("evt"), object: "event", api_version: "2026-10-28.endive", created: now(), type, livemode: false, pending_webhooks: 1, data: { object } };
    this.events.push(event);
    return event;
  }

  /** Posts an event to the webhook URL; the app's answer status. */
  async deliver(event: Json): Promise<number> {
    if (!this.options.webhookUrl) throw new Error("no webhook URL configured");
    const { payload, signature } = this.signedDelivery(event);
    const response = await fetch(this.options.webhookUrl, { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": signature }, body: payload });
    return response.status;
  }

  /** What paying on the checkout page does: customer, subscription, first invoice; the events. */
  complete(sessionId: string): Json[] {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    if (session.status === "complete") return [];
    const customer = { id: id("cus"), object: "customer", email: session.customer_email ?? null };
    this.customers.set(customer.id, customer);
    const line = ((session.line_items as Json[] | undefined) ?? [])[0] ?? {};
    const priceData = (line.price_data ?? {}) as Json;
    const interval = ((priceData.recurring as Json | undefined)?.interval as string | undefined) ?? (String(line.price ?? "").includes("annual") ? "year" : "month");
    const currency = String(priceData.currency ?? session.currency ?? "eur");
    const unitAmount = Number(priceData.unit_amount ?? (interval === "year" ? 1200 : 100));
    const quantity = Number(line.quantity ?? 1);
    const start = now();
    const end = start + (interval === "year" ? 365 : 30) * 86_400;
    const subscriptionId = id("sub");
    const metadata = ((session.subscription_data as Json | undefined)?.metadata ?? {}) as Json;
    const subscription: Json = {
      id: subscriptionId,
      object: "subscription",
      status: "active",
      customer: customer.id,
      currency,
      cancel_at: null,
      canceled_at: null,
      cancel_at_period_end: false,
      trial_end: null,
      metadata,
      items: {
        object: "list",
        data: [
          {
            id: id("si"),
            object: "subscription_item",
            quantity,
            current_period_start: start,
            current_period_end: end,
            price: { id: String(line.price ?? id("price")), object: "price", currency, unit_amount: unitAmount, recurring: { interval } },
          },
        ],
      },
    };
    this.subscriptions.set(subscriptionId, subscription);
    const invoice = this.makeInvoice(subscription, quantity * unitAmount, "paid");
    subscription.latest_invoice = invoice.id;
    Object.assign(session, { status: "complete", payment_status: "paid", customer: customer.id, subscription: subscriptionId });
    return [this.event("checkout.session.completed", { ...session }), this.event("invoice.paid", { ...invoice })];
  }

  makeInvoice(subscription: Json, total: number, status: "paid" | "open", withPdf = true): Json {
    const item = ((subscription.items as Json).data as Json[])[0];
    this.invoiceCount += 1;
    const invoiceId = id("in");
    const invoice: Json = {
      id: invoiceId,
      object: "invoice",
      number: `TEST-${String(this.invoiceCount).padStart(4, "0")}`,
      created: now(),
      currency: subscription.currency,
      customer: subscription.customer,
      status,
      total,
      amount_due: total,
      amount_paid: status === "paid" ? total : 0,
      invoice_pdf: withPdf ? `${this.url}/invoice-pdf/${invoiceId}` : null,
      hosted_invoice_url: `${this.url}/invoice/${invoiceId}`,
      period_start: item.current_period_start,
      period_end: item.current_period_start,
      lines: {
        object: "list",
        data: [{ id: id("il"), object: "line_item", amount: total, currency: subscription.currency, quantity: item.quantity, period: { start: item.current_period_start, end: item.current_period_end } }],
      },
      parent: { type: "subscription_details", subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
    };
    this.invoices.set(invoiceId, invoice);
    return invoice;
  }

  /**
   * The hosted checkout page, in the session's language: what is bought, a Pay button (a plain
   * form: no script) and a way back. It says it is a stand-in, so nobody takes it for Stripe's.
   */
  private async checkoutPage(session: Json): Promise<string> {
    const i18n = await (this.messages ??= checkoutPageI18n());
    const language = isLanguage(session.locale) ? session.locale : DEFAULT_LANGUAGE;
    const t = i18n.getFixedT(language);
    const line = ((session.line_items as Json[] | undefined) ?? [])[0] ?? {};
    const priceData = (line.price_data ?? {}) as Json;
    const interval = (priceData.recurring as Json | undefined)?.interval === "year" ? "year" : "month";
    const currency = String(priceData.currency ?? session.currency ?? "eur").toUpperCase();
    const quantity = Number(line.quantity ?? 1);
    const unit = Number(priceData.unit_amount ?? (interval === "year" ? 1200 : 100));
    const price = formatMoney(unit, currency, language);
    const total = formatMoney(unit * quantity, currency, language);
    const summary = t(interval === "year" ? "billing.standIn.perYear" : "billing.standIn.perMonth", { count: quantity, price, total });
    return (
      `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${escapeHtml(t("billing.standIn.title"))}</title><style>` +
      "body{font-family:system-ui,sans-serif;margin:0;padding:0 1rem;background:#f4f6f8;color:#1d2733}" +
      "main{max-width:28rem;margin:3rem auto;padding:1.5rem;background:#fff;border:1px solid #d5dbe1;border-radius:8px}" +
      "h1{font-size:1.4rem;margin:0 0 .75rem}p{line-height:1.5}.total{font-size:1.15rem;font-weight:600}" +
      "button{font:inherit;font-weight:600;padding:.6rem 1.4rem;border:0;border-radius:6px;background:#635bff;color:#fff;cursor:pointer}" +
      "a{color:#3a33c9}" +
      `</style></head><body><main><h1>${escapeHtml(t("billing.standIn.title"))}</h1>` +
      `<p>${escapeHtml(t("billing.standIn.intro"))}</p>` +
      `<p class="total" data-testid="stand-in-summary">${escapeHtml(summary)}</p>` +
      `<form method="post"><button type="submit">${escapeHtml(t("billing.standIn.pay", { total }))}</button></form>` +
      `<p><a href="${escapeHtml(String(session.cancel_url))}">${escapeHtml(t("billing.standIn.back"))}</a></p></main></body></html>`
    );
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const raw = await readBody(req);
    const body = req.headers["content-type"]?.includes("application/x-www-form-urlencoded") ? parseStripeForm(raw) : {};
    const query = parseStripeForm(url.search.slice(1));
    const path = url.pathname;
    if (path.startsWith("/v1/")) {
      this.requests.push({ method: req.method ?? "GET", path, body: { ...query, ...body } });
      const failure = this.failures.findIndex((f) => path.startsWith(f.prefix));
      if (failure >= 0) {
        const [{ status }] = this.failures.splice(failure, 1);
        return stripeError(res, status, "Simulated failure", "api_error");
      }
      if (req.headers.authorization !== `Bearer ${STAND_IN_STRIPE_KEY}`) return stripeError(res, 401, "Invalid API Key provided", "api_key_invalid");
    }
    const json = (value: unknown, status = 200) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(value));
    };
    const expand = new Set([...((query.expand as string[] | undefined) ?? []), ...((body.expand as string[] | undefined) ?? [])]);
    let match: RegExpMatchArray | null;

    if (req.method === "POST" && path === "/v1/checkout/sessions") {
      const sessionId = id("cs_test");
      const session: Json = {
        id: sessionId,
        object: "checkout.session",
        mode: body.mode,
        status: "open",
        payment_status: "unpaid",
        url: `${this.url}/pay/${sessionId}`,
        client_reference_id: body.client_reference_id ?? null,
        customer: body.customer ?? null,
        customer_email: body.customer_email ?? null,
        currency: body.currency ?? null,
        locale: body.locale ?? null,
        metadata: body.metadata ?? {},
        subscription: null,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        line_items: body.line_items,
        subscription_data: body.subscription_data ?? {},
      };
      this.sessions.set(sessionId, session);
      return json(session);
    }
    if (req.method === "GET" && (match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/))) {
      const session = this.sessions.get(match[1]);
      if (!session) return stripeError(res, 404, `No such checkout.session: '${match[1]}'`);
      const subscription = expand.has("subscription") && session.subscription ? this.subscriptions.get(String(session.subscription)) : undefined;
      return json({ ...session, ...(subscription ? { subscription } : {}) });
    }
    if ((match = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const subscription = this.subscriptions.get(match[1]);
      if (!subscription) return stripeError(res, 404, `No such subscription: '${match[1]}'`);
      if (req.method === "POST") {
        if (body.cancel_at !== undefined) subscription.cancel_at = body.cancel_at === "" ? null : Number(body.cancel_at);
        if (body.metadata) subscription.metadata = { ...(subscription.metadata as Json), ...(body.metadata as Json) };
        for (const change of (body.items as Json[] | undefined) ?? []) {
          const item = ((subscription.items as Json).data as Json[]).find((i) => i.id === change.id);
          if (item && change.quantity !== undefined) item.quantity = Number(change.quantity);
        }
      }
      return json(subscription);
    }
    if (req.method === "POST" && (match = path.match(/^\/v1\/subscription_items\/([^/]+)$/))) {
      for (const subscription of this.subscriptions.values()) {
        const item = ((subscription.items as Json).data as Json[]).find((i) => i.id === match![1]);
        if (item) {
          if (body.quantity !== undefined) item.quantity = Number(body.quantity);
          return json(item);
        }
      }
      return stripeError(res, 404, `No such subscription item: '${match[1]}'`);
    }
    if (req.method === "GET" && (match = path.match(/^\/v1\/invoices\/([^/]+)$/))) {
      const invoice = this.invoices.get(match[1]);
      return invoice ? json(invoice) : stripeError(res, 404, `No such invoice: '${match[1]}'`);
    }
    if (req.method === "GET" && (match = path.match(/^\/invoice-pdf\/([^/]+)$/))) {
      const invoice = this.invoices.get(match[1]);
      if (!invoice) return stripeError(res, 404, "No such invoice");
      const pdf = await pdfOf(["Stripe (local stand-in) invoice", `Invoice ${String(invoice.number)}`, `Total ${String(invoice.total)} ${String(invoice.currency)}`]);
      res.writeHead(200, { "Content-Type": "application/pdf", "Content-Length": pdf.length });
      return res.end(pdf);
    }
    if ((match = path.match(/^\/pay\/([^/]+)$/))) {
      const session = this.sessions.get(match[1]);
      if (!session) return stripeError(res, 404, "No such checkout session");
      if (req.method === "POST") {
        const events = this.complete(match[1]);
        if (this.options.webhookUrl && this.options.deliverOnPay !== false) {
          // An event the app did not take is not the browser's problem: the return syncs the checkout.
          for (const event of events) await this.deliver(event).catch((error: unknown) => console.error("Stripe stand-in: event not delivered:", String(error)));
        }
        res.writeHead(303, { Location: String(session.success_url).replace("{CHECKOUT_SESSION_ID}", match[1]) });
        return res.end();
      }
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
      return res.end(await this.checkoutPage(session));
    }
    return stripeError(res, 404, `Unrecognized request URL (${req.method} ${path})`);
  }
}

export async function startStripeStandIn(options: StripeStandInOptions = {}, port = 0): Promise<StripeStandIn> {
  return new StripeStandIn(options).start(port);
}
