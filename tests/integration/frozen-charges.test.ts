// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// A request keeps what it was charged when it was made (issue 40, decision 0083): a work schedule
// changed afterwards moves neither its balance figures nor its count in lists, e-mails and the
// decision page, also once approved; admins see both figures; a new request uses the new schedule;
// a company that keeps no schedules reads nothing more than before.
import { beforeAll, describe, expect, it } from "vitest";
import { freezeSchedules, scheduleTimeline, type WorkSchedule } from "~/lib/work-schedule";
import { loadBalanceInputs } from "~/models/balance.server";
import { describeVacations, getPersonalYear } from "~/models/calendar.server";
import { chargedSchedulesText, parseChargedSchedules } from "~/models/charged-schedules.server";
import { describeActionLink } from "~/models/vacation-action.server";
import { createVacation, decideVacation } from "~/models/vacation.server";
import { replaceWorkSchedules } from "~/models/work-schedule.server";
import { loader as approvalsLoader } from "~/routes/_app.approvals";
import { loader as exportCsv } from "~/routes/vacations.export[.]csv";
import { vacationReport, vacationReportCsv, yearReport } from "~/models/report.server";
import { COMMA_DIALECT } from "~/lib/csv";
import { readVacationFilters } from "~/lib/vacation-filters";
import { action as loginAction } from "~/routes/login";
import { createDb, getDb, setDb } from "~/utils/db.server";
import { getT } from "~/utils/i18n.server";
import type { Viewer } from "~/utils/permissions.server";
import { generateToken, hashToken } from "~/utils/tokens.server";
import { createCompany, createTeam, createUser, createVacation as insertVacation, TEST_PASSWORD, viewerFor } from "../support/factories";
import { args, cookiesFrom, getRequest, postForm } from "../support/http";

/** Monday to Thursday, 8 h, from Friday 1 January 2027. */
const FOUR_DAYS: WorkSchedule = { validFrom: "2027-01-01", cycleWeeks: 1, days: [1, 2, 3, 4].map((weekday) => ({ weekday, hours: 8 })) };
const request = { description: "", recipientType: "team_admins" as const, halfDayStart: false, halfDayEnd: false, categoryId: "yearly_allowance" };

let statements: string[] = [];
const chargeReads = () => statements.filter((sql) => /^SELECT/.test(sql) && sql.includes("chargedSchedules")).length;

async function seed(name: string) {
  const companyId = (await createCompany(name)).id;
  const boss = await createUser(companyId, { role: "admin", email: `boss@${name}.test`, fullName: "Bo Boss", preferredLanguage: "en" });
  const team = await createTeam(companyId, "Floor", [boss.id]);
  const pia = await createUser(companyId, { email: `pia@${name}.test`, fullName: "Pia Part", teamId: team.id, preferredLanguage: "en" });
  await getDb().allowance.create({ data: { companyId, userId: pia.id, year: 2027, yearly: 22 } });
  const login = (await loginAction(args(postForm("/login", { email: boss.email, password: TEST_PASSWORD })))) as Response;
  return { companyId, boss, pia, admin: await viewerFor(boss), person: await viewerFor(pia), cookie: cookiesFrom(login) };
}

let co: Awaited<ReturnType<typeof seed>>;
/** Monday–Friday 1–5 March 2027, asked while Pia worked Monday to Friday: 5 days. */
let asked: { id: string };

const balance = async (viewer: Viewer) => (await loadBalanceInputs(getDb(), viewer.companyId, { fromYear: 2027, toYear: 2027, userIds: [co.pia.id] })).balancesOf(co.pia.id, 2027).yearly;
const pending = async () => (await getDb().vacation.findMany({ where: { companyId: co.companyId, status: "pending" }, select: { id: true, userId: true, startDate: true, endDate: true, halfDayStart: true, halfDayEnd: true, categoryId: true, status: true } }));

beforeAll(async () => {
  // A client of this file's database that reports every SQL statement.
  const db = createDb(process.env.DATABASE_URL!, { logQueries: true });
  (db as unknown as { $on(event: "query", listener: (event: { query: string }) => void): void }).$on("query", (event) => statements.push(event.query));
  setDb(db);
  co = await seed("frozen");
  ({ vacation: asked } = await createVacation(co.person, { ...request, startDate: "2027-03-01", endDate: "2027-03-05" }));
  // Pia's first own schedule may start on any date (decision 0077's amendment): from 1 January
  // she works Monday to Thursday, so the same week would now cost 4 days.
  await replaceWorkSchedules(co.admin, co.pia.id, [FOUR_DAYS]);
});

describe("a schedule changed after a request was made", () => {
  it("leaves the pending figure of the balance as it was charged", async () => {
    expect(await balance(co.person)).toMatchObject({ pending: 5, remaining: 17 });
  });

  it("shows the request's charge in lists, and admins also what it would cost now", async () => {
    const rows = await pending();
    const forAdmin = await describeVacations(co.admin, rows);
    expect(forAdmin.workingDays[asked.id]).toBe(5);
    expect(forAdmin.chargeChanges[asked.id]).toEqual({ unit: "day", charged: 5, current: 4 });
    const forPerson = await describeVacations(co.person, rows);
    expect(forPerson.workingDays[asked.id]).toBe(5);
    expect(forPerson.chargeChanges).toEqual({});
  });

  it("puts both figures on the Approvals screen, in words", async () => {
    const data = (await approvalsLoader(args(getRequest("/approvals", co.cookie)))) as { rows: { id: string; workingDays: number | null; chargeChange?: { charged: number; current: number; unit: string } }[] };
    const row = data.rows.find((item) => item.id === asked.id)!;
    expect(row).toMatchObject({ workingDays: 5, chargeChange: { unit: "day", charged: 5, current: 4 } });
    expect(getT("en")("frozenCharge.both", { charged: "5 days", current: "4 days" })).toBe("Charged 5 days when requested; 4 days with the current schedule.");
  });

  it("shows both figures on the e-mail link's decision page", async () => {
    const token = generateToken();
    await getDb().vacationActionToken.create({
      data: { companyId: co.companyId, vacationId: asked.id, adminId: co.boss.id, action: "approve", tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 86_400_000) },
    });
    const { vacation } = await describeActionLink(token);
    expect(vacation.workingDays).toBe(5);
    expect(vacation.chargeChange).toEqual({ unit: "day", charged: 5, current: 4 });
  });

  it("charges a new request with the new schedule", async () => {
    const next = await createVacation(co.person, { ...request, startDate: "2027-03-08", endDate: "2027-03-12" });
    expect(next.workingDays).toBe(4);
    expect(await balance(co.person)).toMatchObject({ pending: 9, remaining: 13 });
    const described = await describeVacations(co.admin, await pending());
    expect(described.workingDays[next.vacation.id]).toBe(4);
    expect(described.chargeChanges[next.vacation.id]).toBeUndefined();
  });

  it("keeps the charge once approved, in the balance and in the requester's e-mail", async () => {
    await decideVacation(co.admin, asked.id, "approved");
    expect(await balance(co.person)).toMatchObject({ used: 5, pending: 4, remaining: 13 });
    const mail = await getDb().emailOutbox.findFirst({ where: { companyId: co.companyId, to: co.pia.email, subject: { contains: "approved" } }, select: { text: true } });
    expect(mail?.text).toContain("(5 working days)");
  });

  it("keeps it in the absences report, its CSV, the per-month chart and the Absences export", async () => {
    const t = getT("en");
    const { filters } = readVacationFilters(new URLSearchParams({ from: "2027-01-01", to: "2027-12-31" }));
    const page = await vacationReport(co.admin, filters, { offset: 0, limit: 50 }, t);
    expect(page.items.find((row) => row.id === asked.id)?.workingDays).toBe(5);
    const line = (csv: string) => (csv.split(/\r?\n/).find((text) => text.includes("2027-03-01")) ?? "").split(/[;,]/);
    expect(line(await vacationReportCsv(co.admin, filters, { t, dialect: COMMA_DIALECT }))).toContain("5");
    expect((await yearReport(co.admin, { year: 2027, sort: "name", direction: "asc" })).daysOff.monthTotals[2]).toBe(5);
    const response = (await exportCsv(args(getRequest("/vacations.export.csv?scope=company", co.cookie)))) as Response;
    expect(line(await response.text())).toContain("5");
  });

  it("counts a request stored before charges were kept with the schedule of today", async () => {
    const old = await insertVacation(co.companyId, co.pia.id, { startDate: "2027-04-05", endDate: "2027-04-09", status: "pending" });
    expect((await describeVacations(co.admin, await pending())).workingDays[old.id]).toBe(4);
    expect(await balance(co.person)).toMatchObject({ used: 5, pending: 8 });
  });
});

describe("the stored text", () => {
  it("is freezeSchedules' segments, read back whole; a text that is not is charged with today's schedules", async () => {
    const timeline = scheduleTimeline([FOUR_DAYS], [{ ...FOUR_DAYS, validFrom: "2026-01-01", days: [{ weekday: 1, hours: 7.5 }] }]);
    const text = chargedSchedulesText(timeline, "2026-12-28", "2027-01-08");
    expect(JSON.parse(text)).toEqual(freezeSchedules(timeline, "2026-12-28", "2027-01-08"));
    expect(parseChargedSchedules(text)).toEqual(freezeSchedules(timeline, "2026-12-28", "2027-01-08"));
    for (const broken of ["", "{", "[]", '[{"from":"2027-01-05","to":"2027-01-04","schedule":{"validFrom":"2027-01-01","cycleWeeks":1,"days":[]}}]', '[{"from":"2027-01-04","to":"2027-01-05","schedule":{"validFrom":"2027-01-01","cycleWeeks":3,"days":[]}}]']) {
      expect(parseChargedSchedules(broken)).toBeNull();
    }
  });
});

describe("what it reads", () => {
  it("reads the kept charges once per page in a company with schedules, and never in one without", async () => {
    statements = [];
    await approvalsLoader(args(getRequest("/approvals", co.cookie)));
    expect(chargeReads()).toBe(1);

    const plain = await seed("plain");
    await createVacation(plain.person, { ...request, startDate: "2027-03-01", endDate: "2027-03-05" });
    statements = [];
    const data = (await approvalsLoader(args(getRequest("/approvals", plain.cookie)))) as { rows: { workingDays: number | null }[] };
    await loadBalanceInputs(getDb(), plain.companyId, { fromYear: 2027, toYear: 2027 });
    expect(data.rows.map((row) => row.workingDays)).toEqual([5]);
    expect(chargeReads()).toBe(0);
  });
});

describe("a list told what the page read of the viewer (the Absences page)", () => {
  const reads = (table: string) => statements.filter((sql) => new RegExp(`\\bFROM\\s+\\S*[\`"]${table}[\`"]\\s`).test(sql));

  it("reads only the other people's names and schedules, and counts each row as a list reading everything does", async () => {
    const known = await seed("known");
    // Pia works Monday to Thursday; Bo keeps no schedule, nor does the company a default.
    await replaceWorkSchedules(known.admin, known.pia.id, [FOUR_DAYS]);
    const hers = await insertVacation(known.companyId, known.pia.id, { startDate: "2027-03-01", endDate: "2027-03-05", status: "approved" });
    // Bo's week kept as charged Monday to Thursday: with only his own (no) schedules read it counts
    // Monday to Friday, as ever; borrowing the knowledge that Pia has schedules would make it 4.
    const his = await insertVacation(known.companyId, known.boss.id, { startDate: "2027-05-03", endDate: "2027-05-07", status: "approved" });
    await getDb().vacation.update({ where: { id: his.id }, data: { chargedSchedules: chargedSchedulesText(scheduleTimeline([FOUR_DAYS]), "2027-05-03", "2027-05-07") } });
    const rows = await getDb().vacation.findMany({ where: { companyId: known.companyId } });
    const hersOnly = rows.filter((row) => row.id === hers.id);
    const hisOnly = rows.filter((row) => row.id === his.id);
    for (const viewer of [known.person, known.admin]) {
      const year = await getPersonalYear(viewer, 2027, "2027-01-04");
      for (const page of [hersOnly, hisOnly, rows]) {
        expect(await describeVacations(viewer, page, year.categories, year.reads)).toEqual(await describeVacations(viewer, page, year.categories));
      }
    }
    expect((await describeVacations(known.person, hisOnly, [], (await getPersonalYear(known.person, 2027, "2027-01-04")).reads)).workingDays[his.id]).toBe(5);

    // Pia's own rows: her name, her schedules and the year's holidays were all read for her year.
    const piaYear = await getPersonalYear(known.person, 2027, "2027-01-04");
    statements = [];
    expect((await describeVacations(known.person, hersOnly, [], piaYear.reads)).workingDays[hers.id]).toBe(4);
    expect([...reads("User"), ...reads("WorkSchedule"), ...reads("Holiday")]).toEqual([]);
    // Bo's page of both: Pia's name and her own rows only, not the company default's again.
    const boYear = await getPersonalYear(known.admin, 2027, "2027-01-04");
    statements = [];
    await describeVacations(known.admin, rows, [], boYear.reads);
    expect(reads("User")).toHaveLength(1);
    expect(reads("WorkSchedule")).toHaveLength(1);
    expect(reads("WorkSchedule")[0]).not.toMatch(/IS NULL/);
    expect(reads("Holiday")).toEqual([]);
  });
});
