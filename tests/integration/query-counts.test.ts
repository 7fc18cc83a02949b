// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// Pages must not make more queries as a company grows (the N+1 trap of this product category):
// the same screens are loaded for a small company and one ten times larger, counting SQL.
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "~/lib/dates";
import { nationalHolidays } from "~/models/holiday-catalogue.server";
import { getPersonalYear } from "~/models/calendar.server";
import { overdueCertificates } from "~/models/certificate.server";
import { listPendingApprovals } from "~/models/approval.server";
import { allowanceReport, CSV_VACATIONS_PER_READ } from "~/models/report.server";
import { searchVacations } from "~/models/vacation.server";
import { loader as myCalendarLoader } from "~/routes/_app.my-calendar";
import { loader as companyCalendarLoader } from "~/routes/_app.company-calendar";
import { loader as personLoader } from "~/routes/_app.people.$userId";
import { loader as vacationsLoader } from "~/routes/_app.vacations";
import { loader as approvalsLoader } from "~/routes/_app.approvals";
import { loader as billingDetailsLoader } from "~/routes/_app.company-settings.billing-details/route";
import { loader as billingInvoicesLoader } from "~/routes/_app.company-settings.billing-invoices/route";
import { loader as usersLoader } from "~/routes/_app.company-settings.users/route";
import { loader as workSchedulesLoader } from "~/routes/_app.company-settings.work-schedules/route";
import { loader as settingsLoader } from "~/routes/_app.company-settings/route";
import { loader as appLoader } from "~/routes/_app";
import { loader as summaryLoader } from "~/api/users.me.allowances-summary";
import { loader as reportsLoader } from "~/routes/_app.reports/route";
import { loader as vacationsCsv } from "~/routes/reports.absences[.]csv";
import { loader as allowancesCsv } from "~/routes/reports.allowances[.]csv";
import { action as loginAction } from "~/routes/login";
import { requireUser } from "~/utils/auth.server";
import { createDb, getDb, setDb } from "~/utils/db.server";
import { hashPassword } from "~/utils/password.server";
import { createCompany, TEST_PASSWORD, viewerFor } from "../support/factories";
import { args, cookiesFrom, getRequest, postForm } from "../support/http";

let queries = 0;
let statements: string[] = [];

async function seedCompany(name: string, users: number, vacationsPerUser: number, firstStart = "2027-01-04") {
  const db = getDb();
  const company = await createCompany(name);
  await db.holiday.createMany({ data: (await nationalHolidays("PT", 2027)).map((h) => ({ ...h, companyId: company.id, countryCode: "PT", isRecurring: false })) });
  const team = await db.team.create({ data: { companyId: company.id, name: "All" } });
  const passwordHash = await hashPassword(TEST_PASSWORD);
  const emails = Array.from({ length: users }, (_, i) => `${name.toLowerCase()}-${i}@example.test`);
  await db.user.createMany({
    data: emails.map((email, i) => ({ companyId: company.id, email, passwordHash, role: i === 0 ? "admin" : "user", teamId: team.id, emailVerifiedAt: new Date() })),
  });
  const rows = await db.user.findMany({ where: { companyId: company.id }, select: { id: true, email: true } });
  const admin = rows.find((r) => r.email === emails[0])!;
  await db.teamAdmin.create({ data: { teamId: team.id, userId: admin.id } });
  // A cover rule and a lock date (decision 0091): the approvals' live cover and the calendars' marks are read too.
  await db.teamCover.create({ data: { teamId: team.id, maxAbsent: 1, mode: "warn" } });
  await db.teamCoverKey.createMany({ data: rows.slice(0, 3).map((r) => ({ teamId: team.id, userId: r.id })) });
  await db.blackout.create({ data: { companyId: company.id, startDate: "2027-01-11", endDate: "2027-01-12", reason: "Stocktake" } });
  await db.allowance.createMany({ data: rows.map((r) => ({ companyId: company.id, userId: r.id, year: 2027, yearly: 22 })) });
  const statuses = ["approved", "pending", "rejected", "approved", "cancelled"];
  await db.vacation.createMany({
    data: rows.flatMap((r, u) =>
      Array.from({ length: vacationsPerUser }, (_, k) => {
        const start = addDays(firstStart, k * 20 + (u % 7));
        return { companyId: company.id, userId: r.id, startDate: start, endDate: addDays(start, 2), status: statuses[(u + k) % statuses.length] };
      }),
    ),
  });
  const login = (await loginAction(args(postForm("/login", { email: admin.email, password: TEST_PASSWORD })))) as Response;
  const employee = rows.find((r) => r.email === emails[1])!;
  return { companyId: company.id, admin: await viewerFor(admin), employee: await viewerFor(employee), employeeEmail: employee.email, cookie: cookiesFrom(login) };
}

async function count(run: () => Promise<unknown>) {
  queries = 0;
  await run();
  return queries;
}

let small: Awaited<ReturnType<typeof seedCompany>>;
let large: Awaited<ReturnType<typeof seedCompany>>;

beforeAll(async () => {
  // A client of this file's database that reports every SQL statement.
  const db = createDb(process.env.DATABASE_URL!, { logQueries: true });
  // The client's type only knows the events of a literal log option; this one is built at run time.
  (db as unknown as { $on(event: "query", listener: (event: { query: string }) => void): void }).$on("query", (event) => {
    queries++;
    statements.push(event.query);
  });
  setDb(db);
  small = await seedCompany("Small", 20, 15);
  large = await seedCompany("Large", 200, 15);
}, 60_000);

describe("query counts stay flat from 20 to 200 people", () => {
  const cases: [string, (c: typeof small) => Promise<unknown>][] = [
    ["personal year (My Calendar data)", (c) => getPersonalYear(c.employee, 2027, "2027-03-01")],
    ["company month search", (c) => searchVacations(c.admin, { dateFrom: "2027-03-01", dateTo: "2027-03-31", limit: 1000 })],
    ["pending approvals", (c) => listPendingApprovals(c.admin)],
    ["allowance report of the year", (c) => allowanceReport(c.admin, 2027)],
    ["/my-calendar loader", (c) => myCalendarLoader(args(getRequest("/my-calendar?year=2027", c.cookie)))],
    ["/vacations loader (admin view)", (c) => vacationsLoader(args(getRequest("/vacations", c.cookie)))],
    ["/approvals loader", (c) => approvalsLoader(args(getRequest("/approvals", c.cookie)))],
    ["allowances summary API", (c) => summaryLoader(args(getRequest("/api/users/me/allowances-summary?year=2027", c.cookie)))],
    ["/company-calendar loader (a month of everyone)", (c) => companyCalendarLoader(args(getRequest("/company-calendar?month=2027-01", c.cookie)))],
    ["/people/:id loader (a colleague's year)", (c) => personLoader(args(getRequest(`/people/${c.employee.userId}?year=2027`, c.cookie), { userId: c.employee.userId }))],
    ["/company-settings/users (a page of people with their allowances)", (c) => usersLoader(args(getRequest("/company-settings/users?year=2027", c.cookie)))],
    ["/reports year tab (table, totals and both pictures)", (c) => reportsLoader(args(getRequest("/reports?year=2027&sort=yearlyRemaining", c.cookie)))],
    ["/reports absences tab", (c) => reportsLoader(args(getRequest("/reports?tab=absences&from=2027-01-01&to=2027-12-31", c.cookie)))],
    // The CSVs stream (decision 0102): their bodies read to the end, every read counted. Up to a
    // read of people (500) the year's count is flat; the absences CSV's is below.
    ["year CSV", (c) => allowancesCsv(args(getRequest("/reports/allowances.csv?year=2027", c.cookie))).then((response) => response.text())],
    ["the shell (trial banner, pending count)", (c) => appLoader(args(getRequest("/my-calendar", c.cookie)))],
    ["/company-settings/billing-details (people as primary contacts)", (c) => billingDetailsLoader(args(getRequest("/company-settings/billing-details", c.cookie)))],
    ["/company-settings/billing-invoices", (c) => billingInvoicesLoader(args(getRequest("/company-settings/billing-invoices", c.cookie)))],
    ["/company-settings/work-schedules (everyone with their schedule)", (c) => workSchedulesLoader(args(getRequest("/company-settings/work-schedules", c.cookie)))],
  ];
  for (const [name, run] of cases) {
    it(name, async () => {
      const few = await count(() => run(small));
      const many = await count(() => run(large));
      expect(few).toBeGreaterThan(0);
      expect(many).toBe(few);
    });
  }
});

describe("the absences CSV reads its vacations a page at a time", () => {
  it("makes one statement more for each further CSV_VACATIONS_PER_READ vacations, and none else", async () => {
    const csv = (c: typeof small) => vacationsCsv(args(getRequest("/reports/absences.csv?from=2027-01-01&to=2027-12-31", c.cookie))).then((response) => response.text());
    const rows = async (c: typeof small) => (await csv(c)).split("\r\n").length - 2;
    const reads = (n: number) => Math.max(1, Math.ceil(n / CSV_VACATIONS_PER_READ));
    const [fewRows, manyRows] = [await rows(small), await rows(large)];
    // 300 and 3,000 vacations: one read, then two.
    expect(reads(manyRows)).toBeGreaterThan(reads(fewRows));
    const few = await count(() => csv(small));
    const many = await count(() => csv(large));
    expect(many - few).toBe(reads(manyRows) - reads(fewRows));
  });
});

describe("one page, one reading of the signed-in person", () => {
  it("reads the company's country once per page: holiday and balance reads take it from the signed-in person", async () => {
    const readsOfCompany = async (path: string, loader: (loaderArgs: ReturnType<typeof args>) => Promise<unknown>) => {
      statements = [];
      const request = getRequest(path, small.cookie);
      await Promise.all([appLoader(args(request)), loader(args(request))]);
      return statements.filter((sql) => /\b(?:FROM|JOIN)\s+\S*Company["`]\s/.test(sql) && sql.includes("countryCode")).length;
    };
    expect(await readsOfCompany("/my-calendar?year=2027", myCalendarLoader)).toBe(1);
    expect(await readsOfCompany("/vacations", vacationsLoader)).toBe(1);
    expect(await readsOfCompany("/company-calendar?month=2027-01", companyCalendarLoader)).toBe(1);
  });

  it("counts an admin's pending requests once for the shell's badge and the Approvals screen's total", async () => {
    // A page of 10 out of 60 pending: the screen needs the total as well as the badge.
    statements = [];
    const request = getRequest("/approvals?size=10", small.cookie);
    const [shell, screen] = (await Promise.all([appLoader(args(request)), approvalsLoader(args(request))])) as [{ shell: { pendingApprovals: number } }, { total: number }];
    expect(shell.shell.pendingApprovals).toBeGreaterThan(10);
    expect(screen.total).toBe(shell.shell.pendingApprovals);
    // The badge also counts pending changes of approved absences, in their own table, once each.
    const counts = (table: string) => statements.filter((sql) => /^SELECT COUNT\(\*\)/.test(sql) && new RegExp(`\\bFROM\\s+\\S*[\`"]${table}[\`"]\\s`).test(sql)).length;
    expect(counts("Vacation")).toBe(1);
    expect(counts("VacationChange")).toBe(1);
  });

  it("the shell's loader and the screen's, given the same request, read the session and the person once", async () => {
    const apart = (await count(() => appLoader(args(getRequest("/my-calendar?year=2027", small.cookie))))) + (await count(() => myCalendarLoader(args(getRequest("/my-calendar?year=2027", small.cookie)))));
    const request = getRequest("/my-calendar?year=2027", small.cookie);
    const together = await count(() => Promise.all([appLoader(args(request)), myCalendarLoader(args(request))]));
    // The person with their unexpired session, then their company, the teams they administer and
    // the company's first subscription: four statements, once. Whose requests this admin reviews
    // beyond their teams is the badge's to read (below).
    const viewer = await count(() => requireUser(getRequest("/my-calendar?year=2027", small.cookie)));
    expect(viewer).toBe(4);
    expect(together).toBe(apart - viewer);
  });

  it("reads an admin's review routing only where a rule of review asks it, once a page", async () => {
    // The three statements of loadReviewRouting; the one on substitute approvers names it.
    const routingReads = () => statements.filter((sql) => sql.includes("substituteApproverId")).length;
    statements = [];
    await summaryLoader(args(getRequest("/api/users/me/allowances-summary?year=2027", small.cookie)));
    expect(routingReads()).toBe(0);
    statements = [];
    const request = getRequest("/vacations", small.cookie);
    // The badge, the list's buttons and the pending count all ask it.
    await Promise.all([appLoader(args(request)), vacationsLoader(args(request))]);
    expect(routingReads()).toBe(1);
  });

  it("reads the person once for a page whose loaders each get their own Request, as Remix gives them, and share the load context", async () => {
    const path = "/company-settings/users?year=2027";
    const loaders = [appLoader, settingsLoader, usersLoader];
    let apart = 0;
    for (const loader of loaders) apart += await count(() => loader(args(getRequest(path, small.cookie))));
    const context = { requestScope: {} };
    const together = await count(() => Promise.all(loaders.map((loader) => loader({ ...args(getRequest(path, small.cookie)), context }))));
    const viewer = await count(() => requireUser(getRequest(path, small.cookie)));
    expect(together).toBe(apart - 2 * viewer);
  });
});

// The statements reading the table first (a join or a subquery's table left out), and those naming it anywhere.
const readsOf = (table: string) => statements.filter((sql) => /\bFROM\s+(\S+)/.exec(sql)?.[1].replace(/[`"]/g, "").split(".").pop() === table);
const naming = (table: string) => statements.filter((sql) => new RegExp(`\\b(?:FROM|JOIN)\\s+\\S*[\`"]${table}[\`"]\\s`).test(sql));

describe("the Approvals page reads each requester once", () => {
  it("gives the live cover the requesters' teams the list read", async () => {
    statements = [];
    await approvalsLoader(args(getRequest("/approvals", small.cookie)));
    // The session's read of the person, the review routing's of the other reviewers, the list's of
    // the requesters, and the cover rule's of its team's members (the seed's team has a rule).
    expect(readsOf("User")).toHaveLength(4);
    expect(statements.filter((sql) => /^SELECT \S+[`"]id[`"], \S+[`"]teamId[`"] FROM \S*[`"]User[`"]/.test(sql))).toHaveLength(1);
  });
});

describe("the Absences page reads each table's rows once", () => {
  let co: Awaited<ReturnType<typeof seedCompany>>;
  let employeeCookie: string;
  const load = async (cookie: string) => {
    statements = [];
    await vacationsLoader(args(getRequest("/vacations", cookie)));
    return statements.length;
  };

  beforeAll(async () => {
    // Absences around today, whenever this runs: the viewer's year (its leave year and a year
    // either side) then holds the holidays of every date the lists show.
    co = await seedCompany("Absences", 20, 15, addDays(todayIn("Europe/Lisbon"), -140));
    employeeCookie = cookiesFrom((await loginAction(args(postForm("/login", { email: co.employeeEmail, password: TEST_PASSWORD })))) as Response);
  }, 60_000);

  it("an admin's, with no certificate overdue: the lists add only the other people, the overdue card one read", async () => {
    // Signed-in person 7 (session, company, teams, subscription; review routing 3), their year 7
    // (two reads of their absences, holidays, schedules, types, allowances, carry-overs), the two
    // lists with their totals 4, the other people's names and schedules 2, the overdue card 1.
    expect(await load(co.cookie)).toBeLessThanOrEqual(21);
    // The company default's schedules and the viewer's are read once, with their year.
    expect(readsOf("WorkSchedule")).toHaveLength(2);
    expect(readsOf("WorkSchedule").filter((sql) => /IS NULL/.test(sql))).toHaveLength(1);
    expect(readsOf("Holiday")).toHaveLength(1);
    // The session's read of the person, the review routing's of the other reviewers, the lists' of the other people.
    expect(readsOf("User")).toHaveLength(3);
    // The overdue card found no candidate: the company's certificate setting is not read.
    expect(naming("Certificate")).toHaveLength(1);
    expect(statements.filter((sql) => sql.includes("certificateAfterDays"))).toEqual([]);
    expect(await count(() => overdueCertificates(co.admin))).toBe(1);
  });

  it("an employee's, whose list holds only their own absences: nothing more than their year", async () => {
    // Signed-in person 4, their year 7, their list and its total 2.
    expect(await load(employeeCookie)).toBeLessThanOrEqual(13);
    for (const table of ["WorkSchedule", "Holiday", "User"]) expect(readsOf(table), table).toHaveLength(1);
  });
});
