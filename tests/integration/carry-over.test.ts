// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// Carry-over (job, exactly once, revert), expiry of carried days, the reminder, and the balance
// explanation with its page (docs/decisions/0020-carry-over-and-explained-balances.md).
import { spawn } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { resources } from "~/i18n-resources.server";
import { explainBalance } from "~/models/balance-explanation.server";
import { loadBalanceInputs } from "~/models/balance.server";
import { revertCarryOver, runCarryOver } from "~/models/carry-over.server";
import { createVacation as requestVacation } from "~/models/vacation.server";
import { action as balancesAction, loader as balancesLoader } from "~/routes/_app.balances.$userId";
import { action as loginAction } from "~/routes/login";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { settleMail } from "~/utils/mail.server";
import { createCompany, createTeam, createUser, TEST_PASSWORD, viewerFor } from "../support/factories";
import { args, cookiesFrom, getRequest, postForm, run, unwrapData } from "../support/http";

const ids: Record<string, string> = {};
const cookies: Record<string, string> = {};
// Just after midnight of 1 January 2027 in Lisbon; still 31 December in New York.
const NEW_YEAR = new Date("2027-01-01T00:30:00Z");

async function vacation(userId: string, companyId: string, startDate: string, endDate: string, status: string, categoryId = "yearly_allowance") {
  return getDb().vacation.create({ data: { companyId, userId, startDate, endDate, status, categoryId } });
}

async function signIn(email: string) {
  const response = (await loginAction(args(postForm("/login", { email, password: TEST_PASSWORD })))) as Response;
  expect(response.status).toBe(302);
  return cookiesFrom(response);
}

const request = (fields: { startDate: string; endDate: string; categoryId?: string }) => ({
  halfDayStart: false,
  halfDayEnd: false,
  description: "",
  categoryId: "residual",
  recipientType: "team_admins" as const,
  ...fields,
});

async function appError(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

beforeAll(async () => {
  const db = getDb();
  const acme = await createCompany("Acme");
  const globex = await createCompany("Globex");
  const yorkCo = await createCompany("York");
  await db.company.update({ where: { id: yorkCo.id }, data: { timeZone: "America/New_York", carryOverMaxDays: 2, carryOverExpiresOn: "03-31" } });
  ids.acme = acme.id;
  ids.globex = globex.id;
  ids.york = yorkCo.id;

  const boss = await createUser(acme.id, { email: "boss@carry.test", role: "admin", fullName: "Bo Boss" });
  const team = await createTeam(acme.id, "Red", [boss.id]);
  const eve = await createUser(acme.id, { email: "eve@carry.test", fullName: "Eve Example", teamId: team.id, preferredLanguage: "en" });
  const lou = await createUser(acme.id, { email: "lou@carry.test", fullName: "Lou Lister", teamId: team.id });
  const zed = await createUser(acme.id, { email: "zed@carry.test", fullName: "Zed Zero", teamId: team.id });
  const gone = await createUser(acme.id, { email: "gone@carry.test", teamId: team.id });
  await db.user.update({ where: { id: gone.id }, data: { deactivatedAt: new Date("2026-10-01T00:00:00Z") } });
  const globexOwner = await createUser(globex.id, { email: "owner@globex-carry.test", role: "owner" });
  const yorker = await createUser(yorkCo.id, { email: "yorker@carry.test", preferredLanguage: "es" });
  Object.assign(ids, { boss: boss.id, eve: eve.id, lou: lou.id, zed: zed.id, gone: gone.id, globexOwner: globexOwner.id, yorker: yorker.id });

  await db.allowance.createMany({
    data: [
      // Eve: 22 − 10 approved − 2 pending = 10 left: the cap of 5 applies; no 2027 row yet.
      { companyId: acme.id, userId: eve.id, year: 2026, yearly: 22, residual: 0, specialLeave: 0 },
      // Lou: 22 − 20 = 2 left, into a 2027 row an admin already set (1 residual by hand).
      { companyId: acme.id, userId: lou.id, year: 2026, yearly: 22, residual: 0, specialLeave: 0 },
      { companyId: acme.id, userId: lou.id, year: 2027, yearly: 25, residual: 1, specialLeave: 3 },
      // Zed used everything.
      { companyId: acme.id, userId: zed.id, year: 2026, yearly: 5, residual: 0, specialLeave: 0 },
      { companyId: acme.id, userId: gone.id, year: 2026, yearly: 22, residual: 0, specialLeave: 0 },
      { companyId: yorkCo.id, userId: yorker.id, year: 2026, yearly: 10, residual: 0, specialLeave: 0 },
    ],
  });
  await vacation(eve.id, acme.id, "2026-03-02", "2026-03-13", "approved"); // 10
  await vacation(eve.id, acme.id, "2026-12-28", "2026-12-29", "pending"); // 2
  await vacation(lou.id, acme.id, "2026-06-01", "2026-06-26", "approved"); // 20
  await vacation(zed.id, acme.id, "2026-08-03", "2026-08-07", "approved"); // 5

  cookies.eve = await signIn("eve@carry.test");
  cookies.lou = await signIn("lou@carry.test");
  cookies.boss = await signIn("boss@carry.test");
});

describe("the carry-over job", () => {
  it("turns each company's year in its own time zone", async () => {
    // A company a batch, so the job's cursor has to carry it from one company to the next.
    const result = await runCarryOver(NEW_YEAR, { batchSize: 1 });
    // Lisbon is in 2027 (Globex, without allowances, carries nothing); New York is still in 2026.
    expect(result.applied).toHaveLength(2);
    expect(result.applied).toEqual(
      expect.arrayContaining([
        { companyId: ids.acme, fromYear: 2026, people: 2, days: 7 },
        { companyId: ids.globex, fromYear: 2026, people: 0, days: 0 },
      ]),
    );
    expect(await getDb().carryOverRun.count({ where: { companyId: ids.york } })).toBe(0);
    const york = await runCarryOver(new Date("2027-01-01T06:00:00Z"));
    expect(york.applied).toEqual([{ companyId: ids.york, fromYear: 2026, people: 1, days: 2 }]);
    expect(await getDb().carryOver.findFirstOrThrow({ where: { userId: ids.yorker } })).toMatchObject({ days: 2, expiresOn: "2027-03-31" });
  });

  it("carried each active person's unused yearly days, capped, into next year's residual, once", async () => {
    const db = getDb();
    expect(await db.carryOverRun.findUnique({ where: { companyId_fromYear: { companyId: ids.acme, fromYear: 2026 } } })).not.toBeNull();
    const rows = await db.carryOver.findMany({ where: { companyId: ids.acme }, orderBy: { days: "desc" } });
    expect(rows.map((r) => [r.userId, r.fromYear, r.days, r.expiresOn])).toEqual([
      [ids.eve, 2026, 5, "2027-04-30"],
      [ids.lou, 2026, 2, "2027-04-30"],
    ]);
    // Eve's 2027 row is created from the allowance 2027 would have shown (2026's yearly).
    expect(await db.allowance.findUnique({ where: { userId_year: { userId: ids.eve, year: 2027 } } })).toMatchObject({ yearly: 22, residual: 5, specialLeave: 0 });
    expect(await db.allowance.findUnique({ where: { userId_year: { userId: ids.lou, year: 2027 } } })).toMatchObject({ yearly: 25, residual: 3, specialLeave: 3 });
    const audit = await db.auditEntry.findMany({ where: { companyId: ids.acme, action: "carry_over.applied" } });
    expect(audit).toHaveLength(2);
    const lous = audit.find((a) => JSON.parse(a.details).user_id === ids.lou)!;
    expect(lous.actorId).toBeNull();
    expect(JSON.parse(lous.details)).toMatchObject({ from_year: 2026, days: 2, expires_on: "2027-04-30", residual: { old: 1, new: 3 } });
  });

  it("does nothing more when run again, even twice at once", async () => {
    const [first, second] = await Promise.all([runCarryOver(NEW_YEAR), runCarryOver(NEW_YEAR)]);
    expect([...first.applied, ...second.applied]).toEqual([]);
    expect(await getDb().carryOver.count({ where: { companyId: ids.acme } })).toBe(2);
  });

  it("carries a year exactly once when two runs start together", async () => {
    const db = getDb();
    const company = await createCompany("Twice");
    const person = await createUser(company.id);
    await db.allowance.create({ data: { companyId: company.id, userId: person.id, year: 2026, yearly: 4, residual: 0, specialLeave: 0 } });
    // A request still pending at the turn of the year holds its day: it is not carried too.
    await vacation(person.id, company.id, "2026-12-30", "2026-12-30", "pending");
    const [first, second] = await Promise.all([runCarryOver(NEW_YEAR), runCarryOver(NEW_YEAR)]);
    expect([...first.applied, ...second.applied]).toEqual([{ companyId: company.id, fromYear: 2026, people: 1, days: 3 }]);
    expect(await db.allowance.findUnique({ where: { userId_year: { userId: person.id, year: 2027 } } })).toMatchObject({ residual: 3 });
  });

  it("carries a year exactly once when two processes run the job at the same moment", async () => {
    const db = getDb();
    const company = await createCompany("Processes");
    const person = await createUser(company.id);
    await db.allowance.create({ data: { companyId: company.id, userId: person.id, year: 2026, yearly: 4, residual: 0, specialLeave: 0 } });
    const code = `import { runCarryOver } from "./app/models/carry-over.server";
import { getDb } from "./app/utils/db.server";
const result = await runCarryOver(new Date("${NEW_YEAR.toISOString()}"));
console.log(JSON.stringify(result.applied));
await getDb().$disconnect();`;
    const runProcess = () =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "--eval", code], { env: { ...process.env, SMTP_URL: "" } });
        let out = "";
        let err = "";
        child.stdout.on("data", (chunk) => (out += chunk));
        child.stderr.on("data", (chunk) => (err += chunk));
        child.on("exit", (status) => (status === 0 ? resolve(out) : reject(new Error(err))));
      });
    const outputs = await Promise.all([runProcess(), runProcess()]);
    const applied = outputs.flatMap((out) => JSON.parse(out.trim().split("\n").at(-1)!) as unknown[]);
    expect(applied).toEqual([{ companyId: company.id, fromYear: 2026, people: 1, days: 4 }]);
    expect(await db.carryOver.count({ where: { companyId: company.id } })).toBe(1);
    expect(await db.allowance.findUnique({ where: { userId_year: { userId: person.id, year: 2027 } } })).toMatchObject({ residual: 4 });
  }, 60_000);

  it("does not hand out last year's days once they would already have expired (a first run mid-year)", async () => {
    const late = await createCompany("Late");
    const person = await createUser(late.id);
    await getDb().allowance.create({ data: { companyId: late.id, userId: person.id, year: 2026, yearly: 10, residual: 0, specialLeave: 0 } });
    const result = await runCarryOver(new Date("2027-05-02T12:00:00Z"));
    expect(result.applied.find((a) => a.companyId === late.id)).toBeUndefined();
    expect(await getDb().carryOverRun.count({ where: { companyId: late.id } })).toBe(0);
  });
});

describe("expiry of carried days", () => {
  it("lets residual requests use carried days up to the expiry and refuses them after it", async () => {
    const lou = await viewerFor({ id: ids.lou });
    // Lou: 2 carried + 1 by hand. Three days after the expiry do not fit the one hand-set day.
    const error = await appError(requestVacation(lou, request({ startDate: "2027-05-03", endDate: "2027-05-05" })));
    expect(error).toMatchObject({ status: 409, code: "carried_days_expired", message: "balances.errors.carriedExpired" });
    expect(error.params).toMatchObject({ date: "30/04/2027", requested: "3", remaining: "1" });
    expect(resources.en.common.balances.errors.carriedExpired_other).toContain("{{date}}");
    // The same three days before the expiry fit (2 carried + 1 by hand).
    const created = await requestVacation(lou, request({ startDate: "2027-04-27", endDate: "2027-04-29" }));
    expect(created.workingDays).toBe(3);
    await getDb().vacation.update({ where: { id: created.vacation.id }, data: { status: "cancelled" } });
  });

  it("shows unused carried days as expired once the date has passed", async () => {
    const inputs = (today: string) => loadBalanceInputs(getDb(), ids.acme, { fromYear: 2027, toYear: 2027, userIds: [ids.eve], today });
    expect((await inputs("2027-04-30")).balancesOf(ids.eve, 2027).residual).toEqual({ total: 5, used: 0, pending: 0, remaining: 5, expired: 0 });
    expect((await inputs("2027-05-01")).balancesOf(ids.eve, 2027).residual).toEqual({ total: 5, used: 0, pending: 0, remaining: 0, expired: 5 });
  });
});

describe("the expiry reminder", () => {
  it("e-mails each person with unused carried days once, in their language", async () => {
    const db = getDb();
    const carried = Object.fromEntries(
      (await db.carryOver.findMany({ where: { userId: { in: [ids.eve, ids.lou, ids.yorker] } } })).map((row) => [row.userId, row.id]),
    );
    const ours = (reminded: string[]) => reminded.filter((id) => Object.values(carried).includes(id)).sort();
    // 30 March: only the New Yorker's days (31 March) are within 30 days of expiring; Zed has none at all.
    // (Both companies are in the loose window: a company a batch walks the reminders' cursor too.)
    expect(ours((await runCarryOver(new Date("2027-03-30T12:00:00Z"), { batchSize: 1 })).reminded)).toEqual([carried[ids.yorker]]);
    const [first, second] = await Promise.all([runCarryOver(new Date("2027-04-01T09:00:00Z"), { batchSize: 1 }), runCarryOver(new Date("2027-04-01T09:00:00Z"))]);
    expect(ours([...first.reminded, ...second.reminded])).toEqual([carried[ids.eve], carried[ids.lou]].sort());
    expect(ours((await runCarryOver(new Date("2027-04-02T09:00:00Z"))).reminded)).toEqual([]);
    await settleMail();
    const mails = await db.emailOutbox.findMany({ where: { to: { in: ["eve@carry.test", "lou@carry.test", "yorker@carry.test", "zed@carry.test"] } }, orderBy: { to: "asc" } });
    // Dates keep their words together with no-break spaces.
    expect(mails.map((m) => [m.to, m.language, m.subject.replace(/\u00a0/g, " ")])).toEqual([
      ["eve@carry.test", "en", "5 residual days expire on 30 Apr 2027"],
      ["lou@carry.test", "pt", "2 dias residuais expiram a 30 de abr. de 2027"],
      ["yorker@carry.test", "es", "2 días residuales caducan el 31 mar 2027"],
    ]);
    expect(mails[0].text).toContain("carried over from 2026");
    expect(mails[0].text).toContain("http://app.test/balances/me?year=2027");
    expect(await db.carryOver.count({ where: { userId: { in: [ids.eve, ids.lou] }, reminderSentAt: null } })).toBe(0);
  });
});

describe("explained balances", () => {
  it("says where each figure comes from", async () => {
    const lou = await viewerFor({ id: ids.lou });
    await vacation(ids.lou, ids.acme, "2027-02-01", "2027-02-01", "approved", "residual");
    await vacation(ids.lou, ids.acme, "2027-02-08", "2027-02-09", "pending", "yearly_allowance");
    const explained = await explainBalance(lou, ids.lou, 2027);
    expect(explained.person).toMatchObject({ id: ids.lou, name: "Lou Lister", self: true });
    expect(explained.yearlySource).toEqual({ kind: "set" });
    expect(explained.balances.yearly).toEqual({ total: 25, used: 0, pending: 2, remaining: 23 });
    expect(explained.balances.residual).toMatchObject({ total: 3, used: 1, pending: 0, remaining: 2 });
    expect(explained.balances.special).toEqual({ total: 3, used: 0, pending: 0, remaining: 3 });
    expect(explained.residual.carriedIn).toMatchObject({ fromYear: 2026, days: 2, carriedOn: "2027-01-01", expiresOn: "2027-04-30", revertedOn: null });
    expect(explained.residual.carriedUse).toMatchObject({ carried: 2, handSet: 1, heldBeforeExpiry: 1, unused: 1 });
    expect(explained.vacations.map((a) => [a.kind, a.startDate, a.days])).toEqual([
      ["residual", "2027-02-01", 1],
      ["yearly", "2027-02-08", 2],
    ]);
    expect(explained.canRevert).toBe(false);

    const year2026 = await explainBalance(lou, ids.lou, 2026);
    expect(year2026.carriedOut).toMatchObject({ fromYear: 2026, days: 2 });
    expect(year2026.residual.carriedIn).toBeNull();
    expect((await explainBalance(lou, ids.lou, 2028)).yearlySource).toEqual({ kind: "previous", fromYear: 2027 });
  });

  it("shows admins anyone's of their company and nobody else's", async () => {
    const boss = await viewerFor({ id: ids.boss });
    const eve = await viewerFor({ id: ids.eve });
    expect((await explainBalance(boss, ids.eve, 2027)).canRevert).toBe(true);
    expect(await appError(explainBalance(eve, ids.lou, 2027))).toMatchObject({ status: 403 });
    expect(await appError(explainBalance(boss, ids.globexOwner, 2027))).toMatchObject({ status: 404 });
  });
});

describe("/balances/:userId", () => {
  const load = (path: string, cookie: string, userId: string) => run(() => balancesLoader(args(getRequest(path, cookie), { userId })));

  it("shows a person their own explanation under 'me'", async () => {
    const result = (await load("/balances/me?year=2027", cookies.eve, "me")) as Awaited<ReturnType<typeof explainBalance>>;
    expect(result.person).toMatchObject({ id: ids.eve, self: true });
    expect(result.year).toBe(2027);
    expect(result.balances.residual.total).toBe(5);
  });

  it("shows an admin a person's explanation", async () => {
    const result = (await load(`/balances/${ids.eve}?year=2027`, cookies.boss, ids.eve)) as Awaited<ReturnType<typeof explainBalance>>;
    expect(result.person).toMatchObject({ id: ids.eve, self: false });
  });

  it("answers 403 to an employee looking at someone else and 404 for another company's person", async () => {
    expect(((await load(`/balances/${ids.lou}`, cookies.eve, ids.lou)) as Response).status).toBe(403);
    expect(((await load(`/balances/${ids.globexOwner}`, cookies.boss, ids.globexOwner)) as Response).status).toBe(404);
  });
});

describe("reverting a carry-over", () => {
  const post = (cookie: string, fields: Record<string, string>, userId: string) =>
    run(() => balancesAction(args(postForm(`/balances/${userId}?year=2027`, fields, cookie), { userId })));

  it("refuses employees and another company's carry-over", async () => {
    const louCarry = await getDb().carryOver.findFirstOrThrow({ where: { userId: ids.lou } });
    const refused = unwrapData<{ notice: { key: string; detail: string } }>(await post(cookies.lou, { intent: "revert", id: louCarry.id, confirmed: "1" }, "me"));
    expect(refused.status).toBe(403);
    expect(refused.value.notice).toMatchObject({ key: "balances.notices.revertFailed", detail: "errors.forbidden" });
    const globexAdmin = await viewerFor({ id: ids.globexOwner });
    expect(await appError(revertCarryOver(globexAdmin, louCarry.id))).toMatchObject({ status: 404 });
  });

  it("asks first, then takes the days out of the residual, audited", async () => {
    const db = getDb();
    const louCarry = await db.carryOver.findFirstOrThrow({ where: { userId: ids.lou } });
    const asked = unwrapData<{ confirm: { fields: Record<string, string> } }>(await post(cookies.boss, { intent: "revert", id: louCarry.id }, ids.lou));
    expect(asked.value.confirm.fields).toEqual({ intent: "revert", id: louCarry.id });
    expect((await db.carryOver.findUniqueOrThrow({ where: { id: louCarry.id } })).revertedAt).toBeNull();

    const done = unwrapData<{ notice: { tone: string; key: string; values: Record<string, string> } }>(await post(cookies.boss, { intent: "revert", id: louCarry.id, confirmed: "1" }, ids.lou));
    expect(done.status).toBe(200);
    expect(done.value.notice).toMatchObject({ tone: "success", key: "balances.notices.reverted", values: { count: "2", year: "2027" } });
    expect((await db.carryOver.findUniqueOrThrow({ where: { id: louCarry.id } })).revertedAt).not.toBeNull();
    // Lou's residual goes back to the hand-set day, which the approved residual day uses.
    expect(await db.allowance.findUnique({ where: { userId_year: { userId: ids.lou, year: 2027 } } })).toMatchObject({ residual: 1 });
    const audit = await db.auditEntry.findFirstOrThrow({ where: { entityId: louCarry.id, action: "carry_over.reverted" } });
    expect(audit.actorId).toBe(ids.boss);
    expect(JSON.parse(audit.details)).toMatchObject({ user_id: ids.lou, from_year: 2026, days: 2, residual: { old: 3, new: 1 }, reverted_at: { old: null } });

    const explained = await explainBalance(await viewerFor({ id: ids.boss }), ids.lou, 2027);
    expect(explained.residual.carriedIn?.revertedOn).not.toBeNull();
    expect(explained.residual.carriedUse).toBeNull();
    expect(explained.canRevert).toBe(false);

    const again = unwrapData<{ notice: { detail: string } }>(await post(cookies.boss, { intent: "revert", id: louCarry.id, confirmed: "1" }, ids.lou));
    expect(again.status).toBe(409);
    expect(again.value.notice.detail).toBe("balances.errors.alreadyReverted");
  });

  it("refuses while vacations hold the residual days the revert would take", async () => {
    const db = getDb();
    await vacation(ids.eve, ids.acme, "2027-03-01", "2027-03-03", "approved", "residual");
    const eveCarry = await db.carryOver.findFirstOrThrow({ where: { userId: ids.eve } });
    const error = await appError(revertCarryOver(await viewerFor({ id: ids.boss }), eveCarry.id));
    expect(error).toMatchObject({ status: 409, code: "carry_over_in_use", params: { count: "3", left: "0" } });
    expect(await db.allowance.findUnique({ where: { userId_year: { userId: ids.eve, year: 2027 } } })).toMatchObject({ residual: 5 });
  });
});
