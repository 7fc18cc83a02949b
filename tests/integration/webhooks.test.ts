// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// Signed outgoing webhooks (issue 43, docs/decisions/0084-signed-outgoing-webhooks.md), against a
// real receiver (a node HTTP server of this file) that checks every request with the Standard
// Webhooks reference library: the Integrations tab's actions (admins only, another company's
// endpoint a 404, audited), the events that changes enqueue in their transaction and the worker
// sends after the commit, each event exactly once while two workers claim at the same moment, the
// retry schedule ending in a switched-off endpoint and an e-mail to admins, and production's refusal
// of loopback addresses on delivery.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, dayOfWeek, todayIn, yearOf } from "~/lib/dates";
import { WEBHOOK_EVENTS, WEBHOOK_MAX_ATTEMPTS } from "~/lib/webhooks";
import { upsertAllowance } from "~/models/allowance.server";
import { runAutoApproval } from "~/models/auto-approval.server";
import { bookClosure, cancelClosure } from "~/models/closure.server";
import { acceptInvitation, inviteUser } from "~/models/invitation.server";
import { deactivateUser } from "~/models/user.server";
import { cancelVacation, createVacation, decideVacation } from "~/models/vacation.server";
import { enqueueWebhookEvent } from "~/models/webhook.server";
import { action as integrationsAction, loader as integrationsLoader } from "~/routes/_app.company-settings.integrations/route";
import { getDb } from "~/utils/db.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { deliverDueWebhooks, settleWebhooks } from "~/models/webhook-delivery.server";
import { createCompany, createTeam, createUser, TEST_PASSWORD, viewerFor } from "../support/factories";
import { args, cookiesFrom, getRequest, postForm, run, unwrapData } from "../support/http";
import { linkIn, testSmtp } from "../support/smtp";
import { action as loginAction } from "~/routes/login";

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Reply {
  notice?: { tone: string; key: string; detail?: string } | null;
  result?: { error?: Record<string, string[] | null> };
  confirm?: { fields: Record<string, string> };
  secret?: { endpointId: string; value: string; created: boolean };
}

const received: Received[] = [];
let receiver: Server;
let receiverUrl = "";
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
let acme = "";
let globex = "";
let monday = "";

function startReceiver(): Promise<void> {
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      received.push({ path: request.url ?? "", headers: request.headers, body });
      // A slow receiver, so two workers' passes overlap.
      setTimeout(() => {
        response.statusCode = request.url === "/fail" ? 500 : 204;
        response.end();
      }, 15);
    });
  });
  return new Promise((resolve) =>
    receiver.listen(0, "127.0.0.1", () => {
      receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

async function signIn(email: string) {
  const response = (await loginAction(args(postForm("/login", { email, password: TEST_PASSWORD })))) as Response;
  expect(response.status).toBe(302);
  return cookiesFrom(response);
}

function formRequest(fields: [string, string][], cookie: string, path = "/company-settings/integrations") {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams(fields),
  });
}

async function form(fields: [string, string][], cookie = cookies.admin) {
  return unwrapData<Reply>(await run(() => integrationsAction(args(formRequest(fields, cookie)))));
}

async function tab(query = "", cookie = cookies.admin) {
  return run(() => integrationsLoader(args(getRequest(`/company-settings/integrations${query}`, cookie))));
}

/** An endpoint added on the tab; its id and secret. */
async function addEndpoint(path: string, events: readonly string[], cookie = cookies.admin) {
  const { value, status } = await form([["intent", "webhooks.create"], ["url", `${receiverUrl}${path}`], ...events.map((event): [string, string] => ["events", event])], cookie);
  expect(status, JSON.stringify(value)).toBe(200);
  return { id: value.secret!.endpointId, secret: value.secret!.value };
}

/** What the receiver got at a path, each checked with the reference library (which throws on a bad signature or an old timestamp). */
function verified(path: string, secret: string) {
  const webhook = new Webhook(secret);
  return received
    .filter((request) => request.path === path)
    .map((request) => {
      const payload = webhook.verify(request.body, request.headers as Record<string, string>) as { id: string; type: string; timestamp: string; data: Record<string, unknown> };
      expect(payload.id).toBe(request.headers["webhook-id"]);
      return payload;
    });
}

beforeAll(async () => {
  await resetRateLimits();
  await startReceiver();
  acme = (await createCompany("Acme hooks")).id;
  globex = (await createCompany("Globex hooks")).id;
  const admin = await createUser(acme, { role: "admin", email: "admin@hooks.test", fullName: "Ana Admin", preferredLanguage: "en" });
  const owner = await createUser(acme, { role: "owner", email: "owner@hooks.test", fullName: "Olga Owner", preferredLanguage: "pt" });
  const team = await createTeam(acme, "Ops", [admin.id]);
  const employee = await createUser(acme, { email: "eve@hooks.test", fullName: "Eve Employee", teamId: team.id });
  const leaver = await createUser(acme, { email: "leo@hooks.test", fullName: "Leo Leaver", teamId: team.id });
  const gOwner = await createUser(globex, { role: "owner", email: "owner@globex-hooks.test" });
  Object.assign(ids, { admin: admin.id, owner: owner.id, employee: employee.id, leaver: leaver.id, team: team.id, gOwner: gOwner.id });
  cookies.admin = await signIn("admin@hooks.test");
  cookies.employee = await signIn("eve@hooks.test");
  cookies.gOwner = await signIn("owner@globex-hooks.test");
  monday = `${yearOf(todayIn("Europe/Lisbon")) + 1}-02-01`;
  while (dayOfWeek(monday) !== 1) monday = addDays(monday, 1);
});

afterAll(async () => {
  await settleWebhooks();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

describe("the Integrations tab", () => {
  it("adds an endpoint with a whsec_ secret shown in that answer, and audits it without the secret", async () => {
    const { id, secret } = await addEndpoint("/tab", ["absence.requested"]);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    // The reference library takes it as it is.
    expect(() => new Webhook(secret)).not.toThrow();
    const audit = await getDb().auditEntry.findFirstOrThrow({ where: { action: "webhook.created", entityId: id } });
    expect(audit.actorId).toBe(ids.admin);
    expect(audit.details).not.toContain(secret);
    const page = (await tab()) as Awaited<ReturnType<typeof integrationsLoader>>;
    expect(JSON.stringify(page)).not.toContain(secret);
    expect(page.endpoints.find((endpoint) => endpoint.id === id)).toMatchObject({ url: `${receiverUrl}/tab`, events: ["absence.requested"], enabled: true });

    // Shown again on request, audited as shown.
    const reveal = await form([["intent", "webhooks.reveal"], ["endpointId", id]]);
    expect(reveal.value.secret).toMatchObject({ endpointId: id, value: secret, created: false });
    expect(reveal.headers.get("Cache-Control")).toBe("no-store");
    expect(await getDb().auditEntry.count({ where: { action: "webhook.secret_revealed", entityId: id } })).toBe(1);
  });

  it("refuses plain HTTP to another host, an address with a password and no events, next to the fields", async () => {
    const http = await form([["intent", "webhooks.create"], ["url", "http://hooks.example.com/in"], ["events", "person.left"]]);
    expect(http.status).toBe(400);
    expect(http.value.result?.error?.url).toEqual(["webhooks.validation.httpsOnly"]);
    const password = await form([["intent", "webhooks.create"], ["url", "https://me:pw@hooks.example.com/in"], ["events", "person.left"]]);
    expect(password.value.result?.error?.url).toEqual(["webhooks.validation.urlCredentials"]);
    const none = await form([["intent", "webhooks.create"], ["url", "https://hooks.example.com/in"]]);
    expect(none.status).toBe(400);
    expect(none.value.result?.error?.events).toEqual(["webhooks.validation.eventsRequired"]);
  });

  it("is for company admins (an employee gets 403) and another company's endpoint is a 404, changing nothing", async () => {
    expect(((await tab("", cookies.employee)) as Response).status).toBe(403);
    expect((await form([["intent", "webhooks.create"], ["url", `${receiverUrl}/x`], ["events", "person.left"]], cookies.employee)).status).toBe(403);
    const theirs = await addEndpoint("/globex", ["person.left"], cookies.gOwner);
    expect(((await tab(`?endpoint=${theirs.id}`)) as Response).status).toBe(404);
    for (const intent of ["webhooks.delete", "webhooks.test", "webhooks.reveal"]) {
      const foreign = await form([["intent", intent], ["endpointId", theirs.id], ["confirmed", "1"]]);
      expect(foreign.status, intent).toBe(404);
      expect(foreign.value.secret).toBeUndefined();
    }
    const update = await form([["intent", "webhooks.update"], ["endpointId", theirs.id], ["url", `${receiverUrl}/stolen`], ["events", "person.left"], ["enabled", "on"]]);
    expect(update.status).toBe(404);
    expect(await getDb().webhookEndpoint.findUniqueOrThrow({ where: { id: theirs.id } })).toMatchObject({ url: `${receiverUrl}/globex`, companyId: globex });
    expect(await getDb().webhookDelivery.count({ where: { endpointId: theirs.id } })).toBe(0);
  });

  it("asks before deleting, then deletes the endpoint with its log, audited", async () => {
    const { id } = await addEndpoint("/doomed", ["person.left"]);
    const asked = await form([["intent", "webhooks.delete"], ["endpointId", id]]);
    expect(asked.value.confirm?.fields).toMatchObject({ intent: "webhooks.delete", endpointId: id });
    expect(await getDb().webhookEndpoint.count({ where: { id } })).toBe(1);
    const done = await form([["intent", "webhooks.delete"], ["endpointId", id], ["confirmed", "1"]]);
    expect(done.value.notice).toMatchObject({ tone: "success", key: "webhooks.notices.deleted" });
    expect(await getDb().webhookEndpoint.count({ where: { id } })).toBe(0);
    expect(await getDb().auditEntry.count({ where: { action: "webhook.deleted", entityId: id } })).toBe(1);
  });
});

describe("events", () => {
  it("sends each change to the endpoints that chose it, signed, after the commit, as the API shows the absence or person", async () => {
    const all = await addEndpoint("/all", WEBHOOK_EVENTS);
    const people = await addEndpoint("/people", ["person.joined", "person.left"]);
    const admin = await viewerFor({ id: ids.admin });
    const employee = await viewerFor({ id: ids.employee });
    const year = yearOf(monday);
    await upsertAllowance(admin, { userId: ids.employee, year, yearly: 22, residual: 0, specialLeave: 0 });
    const categoryId = (await getDb().absenceCategory.findFirstOrThrow({ where: { companyId: acme, requiresApproval: true }, orderBy: { sortOrder: "asc" } })).id;
    const request = (from: string, to: string) => ({ startDate: from, endDate: to, halfDayStart: false, halfDayEnd: false, description: "Trip", categoryId, recipientType: "team_admins" as const });
    const approved = await createVacation(employee, request(monday, addDays(monday, 1)));
    await decideVacation(admin, approved.vacation.id, "approved");
    const rejected = await createVacation(employee, request(addDays(monday, 7), addDays(monday, 7)));
    await decideVacation(admin, rejected.vacation.id, "rejected");
    await cancelVacation(employee, approved.vacation.id, todayIn("Europe/Lisbon"));
    // A leaver's pending request is cancelled with them: both are told.
    const leaver = await viewerFor({ id: ids.leaver });
    await upsertAllowance(admin, { userId: ids.leaver, year, yearly: 22, residual: 0, specialLeave: 0 });
    const pending = await createVacation(leaver, request(addDays(monday, 14), addDays(monday, 14)));
    await deactivateUser(admin, ids.leaver);
    await inviteUser(admin, { email: "nina@hooks.test", fullName: "Nina New", role: "user" }, "en");
    const token = linkIn(await testSmtp().waitForMail("nina@hooks.test"), "/accept-invite").searchParams.get("token")!;
    const nina = await acceptInvitation(token, { password: TEST_PASSWORD, language: "en" });
    await settleWebhooks();

    const events = verified("/all", all.secret);
    expect(events.map((event) => [event.type, event.data.id ?? event.data.userId])).toEqual([
      ["balance.changed", ids.employee],
      ["absence.requested", approved.vacation.id],
      ["absence.approved", approved.vacation.id],
      ["absence.requested", rejected.vacation.id],
      ["absence.rejected", rejected.vacation.id],
      ["absence.cancelled", approved.vacation.id],
      ["balance.changed", ids.leaver],
      ["absence.requested", pending.vacation.id],
      ["person.left", ids.leaver],
      ["absence.cancelled", pending.vacation.id],
      ["person.joined", nina.id],
    ]);
    expect(events[2]!.data).toMatchObject({ id: approved.vacation.id, user_id: ids.employee, start_date: monday, status: "approved", reviewer_id: ids.admin, description: "Trip" });
    expect(events[5]!.data).toMatchObject({ status: "cancelled" });
    expect(events[0]!.data).toEqual({ userId: ids.employee, year, yearlyAllowance: 22, residualAllowance: 0, specialLeaveAllowance: 0 });
    expect(events[10]!.data).toMatchObject({ id: nina.id, email: "nina@hooks.test", full_name: "Nina New", company_id: acme });
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
    // The other endpoint chose people only; the same event has the same id at both.
    const peopleEvents = verified("/people", people.secret);
    expect(peopleEvents.map((event) => event.type)).toEqual(["person.left", "person.joined"]);
    expect(peopleEvents[0]!.id).toBe(events[8]!.id);
    // Another company's endpoint heard nothing of Acme.
    expect(received.filter((request) => request.path === "/globex")).toHaveLength(0);

    const log = (await tab(`?endpoint=${all.id}`)) as Awaited<ReturnType<typeof integrationsLoader>>;
    expect(log.chosen!.deliveries).toHaveLength(events.length);
    expect(log.chosen!.deliveries.every((delivery) => delivery.status === "delivered" && delivery.code === 204 && delivery.attempts === 1 && delivery.durationMs !== null)).toBe(true);
  });

  it("tells of a closure's absences as approved when it is booked and as cancelled when it is cancelled, each storing its charge", async () => {
    const { secret } = await addEndpoint("/closures", ["absence.approved", "absence.cancelled"]);
    const admin = await viewerFor({ id: ids.admin });
    const categoryId = (await getDb().absenceCategory.findFirstOrThrow({ where: { companyId: acme, balance: "none" }, orderBy: { sortOrder: "asc" } })).id;
    // A Monday to Wednesday five weeks on, for the team's members only.
    const from = addDays(monday, 35);
    const booked = await bookClosure(admin, { name: "Inventário", startDate: from, endDate: addDays(from, 2), categoryId, teamIds: [ids.team] }, { all: { kind: "charge" }, byUser: {} });
    const rows = await getDb().vacation.findMany({ where: { closureId: booked.closure.id }, select: { id: true, userId: true, chargedSchedules: true } });
    const members = await getDb().user.findMany({ where: { companyId: acme, teamId: ids.team, deactivatedAt: null }, select: { id: true } });
    expect(rows.map((row) => row.userId).sort()).toEqual(members.map((member) => member.id).sort());
    expect(rows.every((row) => row.chargedSchedules?.startsWith("[{"))).toBe(true);
    await cancelClosure(admin, booked.closure.id);
    await settleWebhooks();
    const events = verified("/closures", secret);
    const n = rows.length;
    expect(events.map((event) => event.type)).toEqual([...Array<string>(n).fill("absence.approved"), ...Array<string>(n).fill("absence.cancelled")]);
    expect(new Set(events.slice(0, n).map((event) => event.data.id))).toEqual(new Set(rows.map((row) => row.id)));
    expect(events[0]!.data).toMatchObject({ status: "approved", start_date: from, description: "Inventário" });
    expect(events[n]!.data).toMatchObject({ status: "cancelled" });
  });

  it("tells of a request the auto-approval job approved, with no reviewer", async () => {
    const { secret } = await addEndpoint("/auto", ["absence.approved"]);
    const employee = await viewerFor({ id: ids.employee });
    const categoryId = (await getDb().absenceCategory.findFirstOrThrow({ where: { companyId: acme, requiresApproval: true }, orderBy: { sortOrder: "asc" } })).id;
    const day = addDays(monday, 21);
    // Two days, so a bank holiday on one still leaves a working day to request.
    const { vacation } = await createVacation(employee, { startDate: day, endDate: addDays(day, 1), halfDayStart: false, halfDayEnd: false, description: "Dentist", categoryId, recipientType: "team_admins" });
    const monthAgo = new Date(Date.now() - 30 * 86_400_000);
    await getDb().vacation.update({ where: { id: vacation.id }, data: { createdAt: monthAgo } });
    expect(await runAutoApproval()).toContain(vacation.id);
    await settleWebhooks();
    const events = verified("/auto", secret).filter((event) => event.data.id === vacation.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ id: vacation.id, status: "approved", reviewer_id: null, start_date: day, description: "Dentist" });
  });

  it("sends a test event to one endpoint on request, whatever its events", async () => {
    const { id, secret } = await addEndpoint("/test", ["person.left"]);
    const sent = await form([["intent", "webhooks.test"], ["endpointId", id]]);
    expect(sent.value.notice).toMatchObject({ tone: "success", key: "webhooks.notices.testQueued" });
    await settleWebhooks();
    expect(verified("/test", secret).map((event) => [event.type, event.data.endpoint_id])).toEqual([["webhook.test", id]]);
  });

  it("sends each event exactly once while two workers claim at the same moment", async () => {
    const { id, secret } = await addEndpoint("/race", ["person.joined"]);
    const db = getDb();
    // This endpoint alone listens now, so the passes' counts are its deliveries.
    await db.webhookEndpoint.updateMany({ where: { companyId: acme, id: { not: id } }, data: { enabled: false } });
    // Enqueued without the kick, so only the two passes below send them.
    for (let i = 0; i < 20; i++) await db.$transaction((tx) => enqueueWebhookEvent(tx, acme, "person.joined", () => ({ n: i })));
    const [one, two] = await Promise.all([deliverDueWebhooks(), deliverDueWebhooks()]);
    expect(one.delivered + two.delivered).toBe(20);
    // Both took part: the claim, not a lock around the pass, kept them apart.
    expect(one.delivered).toBeGreaterThan(0);
    expect(two.delivered).toBeGreaterThan(0);
    const events = verified("/race", secret);
    expect(events).toHaveLength(20);
    expect(new Set(events.map((event) => event.id)).size).toBe(20);
    expect(await db.webhookDelivery.count({ where: { endpointId: id, status: "delivered", attempts: 1 } })).toBe(20);
  });
});

describe("failures", () => {
  it("retries on the schedule for 24 hours, then switches the endpoint off and tells the admins by e-mail", async () => {
    const { id } = await addEndpoint("/fail", ["person.joined"]);
    const db = getDb();
    const created = new Date();
    await db.$transaction((tx) => enqueueWebhookEvent(tx, acme, "person.joined", () => ({ doomed: true }), created));
    const row = () => db.webhookDelivery.findFirstOrThrow({ where: { endpointId: id } });
    await deliverDueWebhooks(created);
    expect(await row()).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 500, lastError: "HTTP 500", nextAttemptAt: new Date(created.getTime() + 60_000) });
    // Not before its time.
    await deliverDueWebhooks(new Date(created.getTime() + 59_000));
    expect((await row()).attempts).toBe(1);
    for (let attempt = 2; attempt <= WEBHOOK_MAX_ATTEMPTS; attempt++) await deliverDueWebhooks((await row()).nextAttemptAt);
    const last = await row();
    expect(last).toMatchObject({ status: "failed", attempts: WEBHOOK_MAX_ATTEMPTS });
    expect(last.nextAttemptAt.getTime() - created.getTime()).toBe(24 * 60 * 60_000);
    expect(received.filter((request) => request.path === "/fail")).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id } })).toMatchObject({ enabled: false, disabledReason: "failing" });
    expect(await db.auditEntry.findFirstOrThrow({ where: { action: "webhook.disabled", entityId: id } })).toMatchObject({ actorId: null, companyId: acme });
    // Each admin in their language.
    const english = await testSmtp().waitForMail("admin@hooks.test", /webhook endpoint was switched off/);
    expect(english.text).toContain(`${receiverUrl}/fail`);
    expect(linkIn(english, "/company-settings/integrations").pathname).toBe("/company-settings/integrations");
    await testSmtp().waitForMail("owner@hooks.test", /endpoint de webhooks foi desligado/);
    // No new events are queued for it while it is off.
    await db.$transaction((tx) => enqueueWebhookEvent(tx, acme, "person.joined", () => ({ later: true })));
    expect(await db.webhookDelivery.count({ where: { endpointId: id } })).toBe(1);
  });

  it("in production, refuses a host that resolves to a loopback address on each delivery", async () => {
    const { id, secret } = await addEndpoint("/ssrf", ["person.joined"]);
    const db = getDb();
    await db.$transaction((tx) => enqueueWebhookEvent(tx, acme, "person.joined", () => ({ ssrf: true })));
    for (const host of ["127.0.0.1", "localhost"]) {
      await db.webhookEndpoint.update({ where: { id }, data: { url: `${receiverUrl.replace("127.0.0.1", host)}/ssrf` } });
      await db.webhookDelivery.updateMany({ where: { endpointId: id }, data: { nextAttemptAt: new Date(0) } });
      await deliverDueWebhooks(new Date(), { publicOnly: true });
      expect((await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: id } })).lastError).toMatch(/^refused address (127\.0\.0\.1|::1) for localhost$|^refused address 127\.0\.0\.1 for 127\.0\.0\.1$/);
    }
    expect(verified("/ssrf", secret)).toHaveLength(0);
  });
});
