// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// Every count of a vacation's days follows its person's work schedule (issue 40, decision 0078),
// not Monday–Friday: a Monday–Thursday person's Monday–Friday week is 4 days, a fortnightly
// person's short week 3, in My Calendar and the request form's data, the lists, the e-mails, the
// e-mail decision page, the reports and their chart, the CSV exports, and the company calendar's
// shading. Auto-approval's business days follow the company's default schedule.
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { MonthTable, packPeople, unpackPeople } from "~/components/company-month";
import { COMMA_DIALECT } from "~/lib/csv";
import { eachDay } from "~/lib/dates";
import { scheduleDayCounter, vacationWorkingDays } from "~/lib/leave-charge";
import { readVacationFilters } from "~/lib/vacation-filters";
import { constantSchedule, scheduleTimeline, frozenSchedules, type ScheduleSegment, type WorkSchedule } from "~/lib/work-schedule";
import { holidayCalendar, NO_HOLIDAYS } from "~/lib/working-days";
import { autoApprovalDate, runAutoApproval } from "~/models/auto-approval.server";
import { describeVacations, getPersonalYear } from "~/models/calendar.server";
import { getCompanyMonth } from "~/models/company-calendar.server";
import { getPersonOverview } from "~/models/person-overview.server";
import { vacationReport, vacationReportCsv, yearReport } from "~/models/report.server";
import { describeActionLink } from "~/models/vacation-action.server";
import { notifyDecision } from "~/models/vacation-notify.server";
import { replaceCompanyWorkSchedules, replaceWorkSchedules } from "~/models/work-schedule.server";
import { loader as myCalendarLoader } from "~/routes/_app.my-calendar";
import { loader as exportCsv } from "~/routes/vacations.export[.]csv";
import { action as loginAction } from "~/routes/login";
import { getDb } from "~/utils/db.server";
import { createPageI18n, getT } from "~/utils/i18n.server";
import type { Viewer } from "~/utils/permissions.server";
import { generateToken, hashToken } from "~/utils/tokens.server";
import { createCompany, createTeam, createUser, createVacation, TEST_PASSWORD, viewerFor } from "../support/factories";
import { args, cookiesFrom, getRequest, postForm, unwrapData } from "../support/http";

const weekdays = (list: number[], week?: number) => list.map((weekday) => ({ weekday, ...(week ? { week } : {}), hours: 8 }));
/** Monday to Thursday from Friday 1 January 2027. */
const FOUR_DAYS: WorkSchedule = { validFrom: "2027-01-01", cycleWeeks: 1, days: weekdays([1, 2, 3, 4]) };
/** Week 1 (from Monday 4 January 2027) Monday–Friday, week 2 Monday–Wednesday. */
const FORTNIGHT: WorkSchedule = { validFrom: "2027-01-04", cycleWeeks: 2, days: [...weekdays([1, 2, 3, 4, 5], 1), ...weekdays([1, 2, 3], 2)] };

let companyId: string;
let admin: Viewer;
let four: Viewer;
let fortnightly: Viewer;
let people: Record<"admin" | "four" | "fortnightly", { id: string; email: string }>;
/** Monday–Friday 1–5 March 2027, approved: 4 days for the four-day week (5 on Monday–Friday). */
let fourWeek: { id: string };
/** Monday–Friday 11–15 January 2027 (week 2 of the cycle), approved: 3 days. */
let shortWeek: { id: string };
/** Monday–Friday 5–9 April 2027, pending: 4 days. */
let pendingWeek: { id: string };

async function signIn(email: string) {
  return cookiesFrom((await loginAction(args(postForm("/login", { email, password: TEST_PASSWORD })))) as Response);
}

beforeAll(async () => {
  companyId = (await createCompany("Part Time Co")).id;
  const boss = await createUser(companyId, { role: "admin", email: "boss@parttime.test", fullName: "Bo Boss", preferredLanguage: "en" });
  const team = await createTeam(companyId, "Floor", [boss.id]);
  const fourUser = await createUser(companyId, { email: "four@parttime.test", fullName: "Fia Four", teamId: team.id, preferredLanguage: "en" });
  const fortUser = await createUser(companyId, { email: "fort@parttime.test", fullName: "Fred Fortnight", teamId: team.id, preferredLanguage: "en" });
  people = { admin: boss, four: fourUser, fortnightly: fortUser };
  await getDb().allowance.createMany({ data: [fourUser, fortUser].map((user) => ({ companyId, userId: user.id, year: 2027, yearly: 22 })) });
  admin = await viewerFor(boss);
  four = await viewerFor(fourUser);
  fortnightly = await viewerFor(fortUser);
  // A person's first list may start on any date (decision 0077's amendment).
  await replaceWorkSchedules(admin, fourUser.id, [FOUR_DAYS]);
  await replaceWorkSchedules(admin, fortUser.id, [FORTNIGHT]);
  fourWeek = await createVacation(companyId, fourUser.id, { startDate: "2027-03-01", endDate: "2027-03-05", status: "approved" });
  shortWeek = await createVacation(companyId, fortUser.id, { startDate: "2027-01-11", endDate: "2027-01-15", status: "approved" });
  pendingWeek = await createVacation(companyId, fourUser.id, { startDate: "2027-04-05", endDate: "2027-04-09", status: "pending" });
});

describe("My Calendar and the request form", () => {
  it("lists each vacation with the person's working days", async () => {
    const year = await getPersonalYear(four, 2027, "2027-01-01");
    expect(year.vacations.find((v) => v.id === fourWeek.id)?.workingDays).toBe(4);
    expect(year.upcoming.find((v) => v.id === pendingWeek.id)?.workingDays).toBe(4);
    const fort = await getPersonalYear(fortnightly, 2027, "2027-01-01");
    expect(fort.vacations.find((v) => v.id === shortWeek.id)?.workingDays).toBe(3);
  });

  it("hands the form the person's schedules, so the browser counts what the server charges", async () => {
    /** The form's count of a range, from what the loader sent to the person's browser. */
    const formCounter = async (email: string) => {
      const { value } = unwrapData<{ holidayContext: { rows: []; person: object; companyCountryCode: string; schedules: ScheduleSegment[] | null } }>(
        await myCalendarLoader(args(getRequest("/my-calendar?year=2027", await signIn(email)))),
      );
      // Through JSON, as the loader's data reaches the browser.
      const context = JSON.parse(JSON.stringify(value.holidayContext)) as typeof value.holidayContext;
      expect(context.schedules).not.toBeNull();
      const counter = scheduleDayCounter(frozenSchedules(context.schedules!, constantSchedule()));
      const calendar = holidayCalendar(context.rows, context.person, context.companyCountryCode);
      return (startDate: string, endDate: string) => vacationWorkingDays({ startDate, endDate, halfDayStart: false, halfDayEnd: false }, calendar, counter);
    };
    const fourCount = await formCounter(people.four.email);
    expect(fourCount("2027-03-01", "2027-03-05")).toBe(4);
    // Before the schedule's first day: the Monday–Friday the person had then.
    expect(fourCount("2026-12-21", "2026-12-25")).toBe(5);
    const fortCount = await formCounter(people.fortnightly.email);
    expect(fortCount("2027-01-11", "2027-01-15")).toBe(3);
    expect(fortCount("2027-01-18", "2027-01-22")).toBe(5);
  });
});

describe("lists, e-mails and the decision page", () => {
  it("count each person's own days in the Absences and Approvals lists", async () => {
    const rows = await getDb().vacation.findMany({ where: { id: { in: [fourWeek.id, shortWeek.id, pendingWeek.id] } } });
    const { workingDays } = await describeVacations(admin, rows);
    expect(workingDays).toEqual({ [fourWeek.id]: 4, [shortWeek.id]: 3, [pendingWeek.id]: 4 });
  });

  it("tell the requester the days their decision is about", async () => {
    await notifyDecision(companyId, fourWeek.id);
    await notifyDecision(companyId, shortWeek.id);
    const mails = await getDb().emailOutbox.findMany({ where: { companyId }, select: { to: true, text: true } });
    expect(mails.find((mail) => mail.to === people.four.email)?.text).toContain("(4 working days)");
    expect(mails.find((mail) => mail.to === people.fortnightly.email)?.text).toContain("(3 working days)");
  });

  it("show the reviewer the request's days on the e-mail link's page", async () => {
    const token = generateToken();
    await getDb().vacationActionToken.create({
      data: { companyId, vacationId: pendingWeek.id, adminId: people.admin.id, action: "approve", tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 86_400_000) },
    });
    expect((await describeActionLink(token)).vacation.workingDays).toBe(4);
  });
});

describe("reports and exports", () => {
  const t = getT("en");
  const csvLine = (csv: string, ...parts: string[]) => csv.split(/\r?\n/).find((line) => parts.every((part) => line.includes(part)));
  const fields = (line: string | undefined) => (line ?? "").split(/[;,]/);

  it("count the absences tab, its CSV and the per-month chart by schedule", async () => {
    const { filters } = readVacationFilters(new URLSearchParams({ from: "2027-01-01", to: "2027-12-31" }));
    const page = await vacationReport(admin, filters, { offset: 0, limit: 50 }, t);
    expect(Object.fromEntries(page.items.map((row) => [row.id, row.workingDays]))).toEqual({ [shortWeek.id]: 3, [fourWeek.id]: 4, [pendingWeek.id]: 4 });
    const csv = await vacationReportCsv(admin, filters, { t, dialect: COMMA_DIALECT });
    expect(fields(csvLine(csv, people.four.email, "2027-03-01"))).toContain("4");
    expect(fields(csvLine(csv, people.fortnightly.email, "2027-01-11"))).toContain("3");
    const year = await yearReport(admin, { year: 2027, sort: "name", direction: "asc" });
    // Approved days per month: January's short week and March's four-day week.
    expect(year.daysOff.monthTotals.slice(0, 3)).toEqual([3, 0, 4]);
    expect(year.daysOff.total).toBe(7);
  });

  it("count the Absences page's CSV export by schedule", async () => {
    const response = (await exportCsv(args(getRequest("/vacations.export.csv?scope=company", await signIn(people.admin.email))))) as Response;
    const csv = await response.text();
    expect(fields(csvLine(csv, people.four.email, "2027-03-01"))).toContain("4");
    expect(fields(csvLine(csv, people.fortnightly.email, "2027-01-11"))).toContain("3");
  });
});

describe("the company calendar", () => {
  it("shades each person's non-working weekdays on their row, with a text", async () => {
    const month = await getCompanyMonth(admin, { month: "2027-01", teamId: null, search: "", offset: 0, today: "2027-01-20", language: "en" });
    const offOf = (id: string) => month.people.find((person) => person.id === id)?.offDays;
    expect(offOf(people.four.id)).toEqual(["2027-01-01", "2027-01-08", "2027-01-15", "2027-01-22", "2027-01-29"]);
    // Week 2 of the cycle: 11–17 and 25–31 January.
    expect(offOf(people.fortnightly.id)).toEqual(["2027-01-14", "2027-01-15", "2027-01-28", "2027-01-29"]);
    expect(offOf(people.admin.id)).toBeUndefined();

    const i18n = await createPageI18n("en", ["common"]);
    const rows = unpackPeople(JSON.parse(JSON.stringify(packPeople(month.people.filter((person) => !person.isViewer)))));
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={i18n}>
        <MonthTable month="2027-01" days={[...eachDay("2027-01-01", "2027-01-31")]} today="2027-01-20" companyHolidays={{}} people={rows} query="" interactive={false} draft={null} onDraft={() => {}} onOpenBar={() => {}} onOpenPerson={() => {}} />
      </I18nextProvider>,
    );
    const rowOf = (id: string) => new RegExp(`<tr class="company-month__row" data-person="${id}">(.*?)</tr>`).exec(html)?.[1] ?? "";
    const offCells = (id: string) => [...rowOf(id).matchAll(/<td class="company-month__off" title="Not working"><span class="visually-hidden">Not working<\/span><\/td>/g)].length;
    expect(offCells(people.four.id)).toBe(5);
    // 14 and 15 January lie under the fortnightly person's vacation bar.
    expect(offCells(people.fortnightly.id)).toBe(2);
  });

  it("shades them on the person's year too (/people/:id)", async () => {
    const overview = await getPersonOverview(admin, people.four.id, 2027);
    // Every Friday of 2027: the four-day week starts on 1 January.
    expect(overview.offDays).toHaveLength(53);
    expect(overview.offDays.slice(0, 2)).toEqual(["2027-01-01", "2027-01-08"]);
    expect((await getPersonOverview(admin, people.admin.id, 2027)).offDays).toEqual([]);
  });
});

// Last: the job approves every overdue request of this file's database.
describe("auto-approval", () => {
  it("counts business days on the company's default schedule", async () => {
    const mondayToThursday = scheduleTimeline([], [FOUR_DAYS]);
    // Created on Friday 5 March 2027: due Monday 15 March on a four-day week, not Friday 12.
    expect(autoApprovalDate("2027-03-05", NO_HOLIDAYS, 5, mondayToThursday)).toBe("2027-03-15");

    const sleepy = (await createCompany("Four Day Co")).id;
    const boss = await createUser(sleepy, { role: "admin" });
    const team = await createTeam(sleepy, "Nap", [boss.id]);
    const member = await createUser(sleepy, { teamId: team.id });
    await replaceCompanyWorkSchedules(await viewerFor(boss), [FOUR_DAYS]);
    const request = await createVacation(sleepy, member.id, { startDate: "2027-12-13", endDate: "2027-12-14", status: "pending" });
    // Created on Thursday 25 November 2027: due Monday 6 December (Monday–Friday: Thursday 2).
    await getDb().vacation.update({ where: { id: request.id }, data: { createdAt: new Date("2027-11-25T10:00:00Z") } });
    expect(await runAutoApproval(new Date("2027-12-03T12:00:00Z"))).not.toContain(request.id);
    expect(await runAutoApproval(new Date("2027-12-06T12:00:00Z"))).toContain(request.id);
  });
});
