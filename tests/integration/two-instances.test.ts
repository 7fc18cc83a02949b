// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// Two app processes on one database behave as one (issue 14, decisions 0029 and 0038): a session
// opened on one is known to the other (and closed for both), rate limits count across both, the
// auto-approval and carry-over jobs (which both run at start) do their work once, each e-mail
// of the outbox is sent once although both drain it at the same moment, and each webhook event
// (queued before they start, which both send from, and the auto-approval's) reaches a receiver
// once, signed (issue 43). Runs the built server
// twice against this file's database, on either engine (a SQLite file is shared by processes as well).
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer as createHttpServer, type IncomingHttpHeaders, type Server } from "node:http";
import { createServer, type AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "~/lib/dates";
import { enqueueWebhookEvent } from "~/models/webhook.server";
import { getDb } from "~/utils/db.server";
import { ensureBuiltApp } from "../support/built-app";
import { createCompany, createTeam, createUser, createVacation, TEST_PASSWORD } from "../support/factories";
import { startSmtpServer } from "../support/smtp";

interface Instance {
  name: string;
  url: string;
  child: ChildProcess;
  output: string[];
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function until(check: () => Promise<boolean>, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("two app instances on one database", () => {
  const instances: Instance[] = [];
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let companyId = "";
  const people = { owner: "", admin: "", employee: "" };
  let pendingId = "";
  const hooks: { headers: IncomingHttpHeaders; body: string }[] = [];
  let receiver: Server | undefined;
  const hookSecret = `whsec_${randomBytes(32).toString("base64")}`;

  async function start(name: string): Promise<Instance> {
    const port = await freePort();
    const output: string[] = [];
    const child = spawn(process.execPath, ["build/server.js"], {
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        // As the build was made (by ensureBuiltApp, under vitest's NODE_ENV=test).
        NODE_ENV: "test",
        SESSION_SECRET: "two-instances-share-this-secret-0123456789",
        APP_URL: `http://127.0.0.1:${port}`,
        SEED_DEMO: "never",
        LOG_REQUESTS: "false",
        SMTP_URL: smtp.url,
        // Tells the two apart in the inbox.
        MAIL_FROM: `Folga ${name} <${name}@folga.test>`,
      },
    });
    child.stdout!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    const instance = { name, url: `http://127.0.0.1:${port}`, child, output };
    instances.push(instance);
    return instance;
  }

  beforeAll(async () => {
    ensureBuiltApp();
    // A slow mail server: each message takes 30 ms, so the two drains below overlap.
    smtp = await startSmtpServer({ delayMs: 30 });
    const db = getDb();
    const company = await createCompany("Twins");
    companyId = company.id;
    // Carried days usable until the end of this year: the carry-over job has last year to turn.
    await db.company.update({ where: { id: companyId }, data: { carryOverExpiresOn: "12-31" } });
    const team = await createTeam(companyId, "Both");
    const owner = await createUser(companyId, { role: "owner", email: "owner@twins.test", teamId: team.id });
    const admin = await createUser(companyId, { role: "admin", email: "admin@twins.test", teamId: team.id });
    const employee = await createUser(companyId, { email: "employee@twins.test", teamId: team.id });
    await db.teamAdmin.create({ data: { teamId: team.id, userId: admin.id } });
    Object.assign(people, { owner: owner.email, admin: admin.email, employee: employee.email });
    const today = todayIn("Europe/Lisbon");
    const year = Number(today.slice(0, 4));
    await db.allowance.createMany({
      data: [owner, admin, employee].flatMap((user) => [year - 1, year].map((y) => ({ companyId, userId: user.id, year: y, yearly: 22 }))),
    });
    // Pending for a month: overdue for the auto-approval, which both instances run as they start.
    const pending = await createVacation(companyId, employee.id, { startDate: addDays(today, 60), endDate: addDays(today, 61), status: "pending" });
    await db.vacation.update({ where: { id: pending.id }, data: { createdAt: new Date(Date.now() - 30 * 86_400_000) } });
    pendingId = pending.id;
    // A webhook receiver (slow, so the instances' first passes overlap) and 30 events waiting for
    // it: both instances' workers start on them at once.
    receiver = createHttpServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        hooks.push({ headers: request.headers, body });
        setTimeout(() => response.writeHead(200).end(), 30);
      });
    });
    await new Promise<void>((resolve) => receiver!.listen(0, "127.0.0.1", resolve));
    const events = ["person.joined", "absence.approved"];
    await db.webhookEndpoint.create({
      data: { companyId, url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`, events: JSON.stringify(events), secret: hookSecret },
    });
    for (let i = 0; i < 30; i++) await db.$transaction((tx) => enqueueWebhookEvent(tx, companyId, "person.joined", () => ({ n: i })));

    const [a, b] = await Promise.all([start("a"), start("b")]);
    for (const instance of [a, b]) {
      await until(async () => (await fetch(`${instance.url}/healthz`).catch(() => null))?.ok === true, 60_000, `instance ${instance.name}: ${instance.output.join("")}`);
      // Ready too: the readiness check a proxy asks (docs/deploy.md) sees the shared database.
      expect((await fetch(`${instance.url}/readyz`)).status).toBe(200);
    }
  }, 240_000);

  afterAll(async () => {
    await Promise.all(
      instances.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once("exit", () => resolve());
            child.kill("SIGTERM");
            setTimeout(() => child.kill("SIGKILL"), 10_000).unref();
          }),
      ),
    );
    await smtp?.close();
    await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  });

  const form = (instance: Instance, path: string, fields: Record<string, string>, cookie = "") =>
    fetch(`${instance.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: instance.url, ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams(fields),
    });
  const page = (instance: Instance, path: string, cookie: string) => fetch(`${instance.url}${path}`, { redirect: "manual", headers: { Cookie: cookie } });

  it("share sessions: signed in on one, known to the other; signed out on one, out of both", async () => {
    const [a, b] = instances;
    const login = await form(a, "/login", { email: people.employee, password: TEST_PASSWORD });
    expect(login.status, a.output.join("")).toBe(302);
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    expect((await page(b, "/my-calendar", cookie)).status).toBe(200);
    expect((await page(a, "/my-calendar", cookie)).status).toBe(200);
    expect((await form(b, "/logout", {}, cookie)).status).toBe(302);
    for (const instance of [a, b]) {
      const after = await page(instance, "/my-calendar", cookie);
      expect(after.status, instance.name).toBe(302);
      expect(after.headers.get("Location"), instance.name).toMatch(/^\/login/);
    }
  });

  it("share rate limits: five interest forms from one address over both, then both refuse", async () => {
    const [a, b] = instances;
    const post = (instance: Instance, i: number) =>
      fetch(`${instance.url}/api/public-interest`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: `reader${i}@example.test` }) });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await post(i % 2 ? b : a, i)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    expect((await post(a, 5)).status).toBe(429);
    expect((await post(b, 6)).status).toBe(429);
    expect(await getDb().publicInterest.count()).toBe(5);
  });

  it("run the auto-approval and the carry-over once between them", async () => {
    const db = getDb();
    await until(async () => (await db.vacation.findUniqueOrThrow({ where: { id: pendingId } })).status === "approved", 20_000, "the auto-approval");
    await until(async () => (await db.carryOverRun.count({ where: { companyId } })) === 1, 20_000, "the carry-over");
    // Both instances ran both jobs at start; give the slower one time to finish its runs too.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const actions = (await db.auditEntry.findMany({ where: { companyId }, select: { action: true } })).map((entry) => entry.action);
    expect(actions.filter((action) => action === "vacation.auto_approved")).toHaveLength(1);
    expect(actions.filter((action) => action === "carry_over.run")).toHaveLength(1);
    expect(actions.filter((action) => action === "carry_over.applied")).toHaveLength(3);
    expect(await db.carryOver.count({ where: { companyId } })).toBe(3);
  });

  it("send each e-mail of the outbox once, though both drain it at the same moment", async () => {
    const [a, b] = instances;
    const db = getDb();
    await until(async () => (await db.emailOutbox.count({ where: { sentAt: null } })) === 0, 20_000, "the jobs' e-mails");
    await db.emailOutbox.createMany({
      data: Array.from({ length: 30 }, (_, i) => ({ companyId, to: `bulk${i}@example.test`, subject: `Bulk ${i}`, text: "Hello", language: "en" })),
    });
    // Each request queues an e-mail, which starts that instance's drain of the whole outbox.
    const [one, two] = await Promise.all([form(a, "/forgot-password", { email: people.owner }), form(b, "/forgot-password", { email: people.admin })]);
    expect([one.status, two.status], [a, b].map((instance) => instance.output.join("")).join("\n")).toEqual([200, 200]);
    await until(async () => (await db.emailOutbox.count({ where: { sentAt: null } })) === 0, 30_000, "the outbox to empty");

    const outbox = await db.emailOutbox.findMany({ select: { to: true, subject: true } });
    for (const mail of outbox) {
      const copies = smtp.inbox.filter((received) => received.to.includes(mail.to) && received.subject === mail.subject);
      expect(copies, `${mail.to}: ${mail.subject}`).toHaveLength(1);
    }
    expect(smtp.inbox).toHaveLength(outbox.length);
    // Both took part: the bulk e-mails left from both instances.
    const senders = new Set(smtp.inbox.filter((received) => received.subject.startsWith("Bulk ")).map((received) => received.from));
    expect([...senders].sort()).toEqual(["a@folga.test", "b@folga.test"]);
  });

  it("deliver each webhook event once, signed, though both send from the same outbox", async () => {
    const db = getDb();
    await until(async () => (await db.webhookDelivery.count({ where: { status: { not: "delivered" } } })) === 0 && (await db.webhookDelivery.count()) === 31, 30_000, "the webhooks to go out");
    const webhook = new Webhook(hookSecret);
    const payloads = hooks.map((hook) => webhook.verify(hook.body, hook.headers as Record<string, string>) as { id: string; type: string; data: { id?: string } });
    expect(payloads).toHaveLength(31);
    expect(new Set(payloads.map((payload) => payload.id)).size).toBe(31);
    // The auto-approval, run by one of them at start, told the receiver too.
    expect(payloads.filter((payload) => payload.type === "absence.approved").map((payload) => payload.data.id)).toEqual([pendingId]);
  });
});
