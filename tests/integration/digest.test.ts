// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// The daily who's-off digest (issue 43, decision 0088): opted-in people get one e-mail a day, in
// their language, about today's and tomorrow's absences of their team or company; reasons hidden
// by the calendar's rule; once per person and day even when two processes run the job together.
import { beforeAll, describe, expect, it } from "vitest";
import { runDigests } from "~/models/digest.server";
import { action as apiLogin } from "~/api/auth.login";
import { action as digestApi, loader as digestApiGet } from "~/api/users.me.digest";
import { action as feedsAction, loader as feedsLoader } from "~/routes/_app.calendar-feeds";
import { action as loginAction } from "~/routes/login";
import { getDb } from "~/utils/db.server";
import { settleMail } from "~/utils/mail.server";
import { createCompany, createTeam, createUser, TEST_PASSWORD } from "../support/factories";
import { args, cookiesFrom, getRequest, postForm, run, unwrapData } from "../support/http";
import { testSmtp } from "../support/smtp";

// 08:00 in Lisbon (UTC in March): the digest of 10 March is due. 06:30 is before its hour.
const DUE = new Date("2027-03-10T08:00:00Z");
const EARLY = new Date("2027-03-10T06:30:00Z");
const ids: Record<string, string> = {};

const mailsTo = (email: string) => testSmtp().inbox.filter((m) => m.to.includes(email));

beforeAll(async () => {
  const db = getDb();
  const acme = await createCompany("Acme");
  const globex = await createCompany("Globex");
  ids.acme = acme.id;
  const dev = await createTeam(acme.id, "Dev");
  const ops = await createTeam(acme.id, "Ops");
  const person = async (companyId: string, email: string, fullName: string, fields: { role?: string; teamId?: string; preferredLanguage?: string; digest?: string } = {}) => {
    const user = await createUser(companyId, { email, fullName, role: fields.role, teamId: fields.teamId, preferredLanguage: fields.preferredLanguage });
    if (fields.digest) await db.user.update({ where: { id: user.id }, data: { digest: fields.digest } });
    ids[email] = user.id;
    return user;
  };
  await person(acme.id, "bea@acme.test", "Bea Team", { teamId: dev.id, preferredLanguage: "pt", digest: "team" });
  await person(acme.id, "carl@acme.test", "Carl Company", { teamId: ops.id, preferredLanguage: "en", digest: "company" });
  await person(acme.id, "eva@acme.test", "Eva Empresa", { teamId: ops.id, preferredLanguage: "es", digest: "company" });
  await person(acme.id, "olga@acme.test", "Olga Owner", { role: "owner", preferredLanguage: "en", digest: "company" });
  await person(acme.id, "dan@acme.test", "Dan Off", { teamId: dev.id, preferredLanguage: "en" });
  await person(acme.id, "nat@acme.test", "Nat Noteam", { preferredLanguage: "en", digest: "team" });
  const fay = await person(acme.id, "fay@acme.test", "Fay Away", { teamId: dev.id });
  const gus = await person(acme.id, "gus@acme.test", "Gus Pending", { teamId: ops.id });
  const hal = await person(globex.id, "hal@globex.test", "Hal Globex");
  await person(globex.id, "ivy@globex.test", "Ivy Globex", { preferredLanguage: "en", digest: "company" });
  // 08:00 UTC is 03:00 in New York: York's digest waits for its own morning.
  const york = await createCompany("York");
  await db.company.update({ where: { id: york.id }, data: { timeZone: "America/New_York" } });
  await person(york.id, "yan@york.test", "Yan York", { preferredLanguage: "en", digest: "company" });
  const yul = await person(york.id, "yul@york.test", "Yul York");
  const vacation = (companyId: string, userId: string, startDate: string, endDate: string, status: string, categoryId: string) =>
    db.vacation.create({ data: { companyId, userId, startDate, endDate, status, categoryId } });
  await vacation(acme.id, fay.id, "2027-03-09", "2027-03-12", "approved", "yearly_allowance");
  await vacation(acme.id, gus.id, "2027-03-11", "2027-03-11", "pending", "sick_leave");
  // Neither shown: a rejected request, and one that ended yesterday.
  await vacation(acme.id, gus.id, "2027-03-10", "2027-03-10", "rejected", "training");
  await vacation(acme.id, fay.id, "2027-03-01", "2027-03-09", "approved", "training");
  await vacation(globex.id, hal.id, "2027-03-10", "2027-03-10", "approved", "yearly_allowance");
  await vacation(york.id, yul.id, "2027-03-11", "2027-03-11", "approved", "yearly_allowance");
});

describe("the daily digest", () => {
  it("waits for the company's 07:00", async () => {
    expect(await runDigests(EARLY)).toEqual({ claimed: 0, sent: 0 });
    expect(await getDb().digestSend.count()).toBe(0);
  });

  it("goes out once per person when two instances run the job at the same moment", async () => {
    const [first, second] = await Promise.all([runDigests(DUE), runDigests(DUE)]);
    // Bea, Carl, Eva, Olga, Nat (Acme) and Ivy (Globex) are claimed once each, by one run or the other.
    expect(first.claimed + second.claimed).toBe(6);
    expect(first.sent + second.sent).toBe(5);
    await settleMail();
    for (const email of ["bea@acme.test", "carl@acme.test", "eva@acme.test", "olga@acme.test", "ivy@globex.test"]) {
      expect(mailsTo(email), email).toHaveLength(1);
    }
    // A later tick the same day sends nothing more.
    expect(await runDigests(new Date("2027-03-10T10:00:00Z"))).toEqual({ claimed: 0, sent: 0 });
    expect(await getDb().emailOutbox.count({ where: { to: "bea@acme.test" } })).toBe(1);
  });

  it("tells the team's absences in the person's language, a colleague's reason hidden", () => {
    const [mail] = mailsTo("bea@acme.test");
    expect(mail.subject).toMatch(/^Ausências de hoje e amanhã/);
    expect(mail.text).toContain("Hoje, ");
    expect(mail.text).toContain("Fay Away: Ausente");
    expect(mail.text).not.toContain("Férias");
    // Gus is in another team; her own team only.
    expect(mail.text).not.toContain("Gus Pending");
    expect(mail.html).toContain("<li>Fay Away: Ausente");
  });

  it("tells the company's absences, pending ones marked, and never another company's", () => {
    const [carl] = mailsTo("carl@acme.test");
    expect(carl.subject).toMatch(/^Who's off today and tomorrow/);
    expect(carl.text).toMatch(/Fay Away: Absent/);
    expect(carl.text).toMatch(/Gus Pending: Absent, .*\(pending approval\)/);
    expect(carl.text).not.toContain("Sick leave");
    expect(carl.text).not.toContain("Hal Globex");
    // Gus is away tomorrow only: not under today.
    const [todayPart, tomorrowPart] = carl.text.split("Tomorrow, ");
    expect(todayPart).not.toContain("Gus Pending");
    expect(tomorrowPart).toContain("Gus Pending");
    expect(tomorrowPart).toContain("Fay Away");
    const [eva] = mailsTo("eva@acme.test");
    expect(eva.subject).toMatch(/^Ausencias de hoy y mañana/);
    expect(eva.text).toContain("Gus Pending: Ausente");
    const [ivy] = mailsTo("ivy@globex.test");
    expect(ivy.text).toContain("Hal Globex");
    expect(ivy.text).not.toContain("Fay Away");
  });

  it("shows reasons to whom the calendar shows them", () => {
    const [olga] = mailsTo("olga@acme.test");
    expect(olga.text).toContain("Fay Away: Vacation");
    expect(olga.text).toMatch(/Gus Pending: Sick leave, .*\(pending approval\)/);
  });

  it("follows each company's own clock", async () => {
    expect(mailsTo("yan@york.test")).toHaveLength(0);
    // 07:30 in New York (UTC−5 until 14 March): still 10 March there.
    expect(await runDigests(new Date("2027-03-10T12:30:00Z"))).toEqual({ claimed: 1, sent: 1 });
    await settleMail();
    const [yan] = mailsTo("yan@york.test");
    expect(yan.text).toContain("Yul York");
    expect(await getDb().digestSend.count({ where: { userId: ids["yan@york.test"], date: "2027-03-10" } })).toBe(1);
  });

  it("sends nothing to people who are off, nor on a day with nothing to tell", async () => {
    expect(mailsTo("dan@acme.test")).toHaveLength(0);
    expect(mailsTo("nat@acme.test")).toHaveLength(0);
    expect(await getDb().digestSend.findUnique({ where: { userId_date: { userId: ids["nat@acme.test"], date: "2027-03-10" } }, select: { sent: true } })).toEqual({ sent: false });
    expect(await getDb().digestSend.count({ where: { userId: ids["dan@acme.test"] } })).toBe(0);
  });

  it("is chosen on the person's calendar feeds page, without JavaScript", async () => {
    const login = (await loginAction(args(postForm("/login", { email: "dan@acme.test", password: TEST_PASSWORD })))) as Response;
    const cookie = cookiesFrom(login);
    const before = unwrapData<{ digest: string }>(await run(() => feedsLoader(args(getRequest("/calendar-feeds", cookie))))).value;
    expect(before.digest).toBe("off");
    const saved = unwrapData<{ notice?: { key: string } }>(await run(() => feedsAction(args(postForm("/calendar-feeds", { intent: "digest", digest: "company" }, cookie))))).value;
    expect(saved.notice?.key).toBe("digest.saved");
    expect(await getDb().user.findUniqueOrThrow({ where: { id: ids["dan@acme.test"] }, select: { digest: true } })).toEqual({ digest: "company" });
    const refused = await run(() => feedsAction(args(postForm("/calendar-feeds", { intent: "digest", digest: "everyone" }, cookie))));
    expect(unwrapData(refused).status).toBe(400);
    const entry = await getDb().auditEntry.findFirst({ where: { entityId: ids["dan@acme.test"], action: "user.updated" }, orderBy: { createdAt: "desc" }, select: { details: true } });
    expect(JSON.stringify(entry?.details)).toContain("company");
  });

  it("is read and chosen through the API", async () => {
    const call = (method: string, token: string, body?: unknown) =>
      new Request("http://localhost/api/users/me/digest", {
        method,
        headers: { "Content-Type": "application/json", "Accept-Language": "en", Authorization: `Bearer ${token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const login = await apiLogin(args(new Request("http://localhost/api/auth/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: "bea@acme.test", password: TEST_PASSWORD }) })));
    const token = ((await login.json()) as { access_token: string }).access_token;
    expect(await (await digestApiGet(args(call("GET", token)))).json()).toEqual({ digest: "team" });
    const patched = await digestApi(args(call("PATCH", token, { digest: "off" })));
    expect(patched.status).toBe(200);
    expect(await patched.json()).toEqual({ digest: "off" });
    expect(await getDb().user.findUniqueOrThrow({ where: { id: ids["bea@acme.test"] }, select: { digest: true } })).toEqual({ digest: "off" });
    expect((await digestApi(args(call("PUT", token, { digest: "all" })))).status).toBe(400);
  });
});
