// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// The year CSV and the absences CSV stream (decision 0102): their rows are read from the database a
// page at a time (PEOPLE_PER_READ people, CSV_VACATIONS_PER_READ vacations), written and let go,
// and the file is the one the screens' order gives, every person and vacation once. The year's
// screen and API are built from the same reads of people, to the numbers one read of everyone gives.
import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "~/lib/dates";
import { allowanceReport, CSV_VACATIONS_PER_READ, PEOPLE_PER_READ, serializeReportRow, vacationReport, yearReport } from "~/models/report.server";
import { loader as reportApi } from "~/api/reports.vacations";
import { loader as reportsPage } from "~/routes/_app.reports/route";
import { loader as vacationsCsv } from "~/routes/reports.absences[.]csv";
import { loader as allowancesCsv } from "~/routes/reports.allowances[.]csv";
import { action as loginAction } from "~/routes/login";
import { createDb, getDb, setDb } from "~/utils/db.server";
import { getT } from "~/utils/i18n.server";
import { hashPassword } from "~/utils/password.server";
import type { Viewer } from "~/utils/permissions.server";
import { createCompany, TEST_PASSWORD, viewerFor } from "../support/factories";
import { args, cookiesFrom, getRequest, postForm } from "../support/http";

const YEAR = 2027;
// Two reads and a part of a third, of people and of vacations.
const PEOPLE = 2 * PEOPLE_PER_READ + 37;
const VACATIONS_PER_PERSON = Math.ceil((2 * CSV_VACATIONS_PER_READ + 300) / PEOPLE);

let statements: string[] = [];
let cookie: string;
let admin: Viewer;

beforeAll(async () => {
  // A client of this file's database that reports every SQL statement.
  const db = createDb(process.env.DATABASE_URL!, { logQueries: true });
  (db as unknown as { $on(event: "query", listener: (event: { query: string }) => void): void }).$on("query", (event) => void statements.push(event.query));
  setDb(db);
  const company = await createCompany("Streamed Co");
  const [north, south] = await Promise.all(["North", "South"].map((name) => getDb().team.create({ data: { companyId: company.id, name } })));
  const passwordHash = await hashPassword(TEST_PASSWORD);
  // Names out of e-mail order, so the file's order is the names' and not the rows'.
  await getDb().user.createMany({
    data: Array.from({ length: PEOPLE }, (_, i) => ({
      companyId: company.id,
      email: `p${String(i).padStart(4, "0")}@streamed.test`,
      fullName: `Pessoa ${String((i * 7919) % PEOPLE).padStart(4, "0")}`,
      role: i === 0 ? "admin" : "user",
      teamId: i % 3 === 0 ? null : i % 3 === 1 ? north.id : south.id,
      passwordHash,
      emailVerifiedAt: new Date(),
    })),
  });
  const people = await getDb().user.findMany({ where: { companyId: company.id }, select: { id: true, email: true } });
  await getDb().allowance.createMany({ data: people.map((p, i) => ({ companyId: company.id, userId: p.id, year: YEAR, yearly: 20 + (i % 5) })) });
  await getDb().vacation.createMany({
    data: people.flatMap((p, u) =>
      Array.from({ length: VACATIONS_PER_PERSON }, (_, k) => {
        // Many vacations share a start date, so the reads' keyset goes past ties.
        const start = addDays(`${YEAR}-01-04`, k * 30 + (u % 5));
        // Some half days, so the totals carry halves from one read into the next.
        return { companyId: company.id, userId: p.id, startDate: start, endDate: addDays(start, u % 3), status: ["approved", "pending", "approved"][(u + k) % 3], halfDayStart: (u + k) % 4 === 0 };
      }),
    ),
  });
  const adminRow = people.find((p) => p.email === "p0000@streamed.test")!;
  admin = await viewerFor(adminRow);
  cookie = cookiesFrom((await loginAction(args(postForm("/login", { email: adminRow.email, password: TEST_PASSWORD })))) as Response);
}, 120_000);

/** Statements whose first FROM is `table` (a subquery naming it elsewhere is another table's read). */
const readsOf = (table: string) => statements.filter((sql) => sql.startsWith("SELECT") && new RegExp(`^\\s*FROM\\s+\\S*[\`"]${table}[\`"]\\s`).test(sql.slice(sql.indexOf(" FROM ")))).length;
/** The CSV's data lines (BOM and header off, the last CRLF's empty line off). */
const linesOf = (text: string) => text.replace(/^\uFEFF/, "").split("\r\n").slice(1, -1);

describe("the year CSV", () => {
  for (const [sort, direction] of [
    ["name", "asc"],
    ["yearlyRemaining", "desc"],
  ] as const) {
    it(`reads the balances of ${PEOPLE_PER_READ} people at a time and writes everyone once, in the screen's order (${sort} ${direction})`, async () => {
      statements = [];
      const response = await allowancesCsv(args(getRequest(`/reports/allowances.csv?year=${YEAR}&sort=${sort}&direction=${direction}`, cookie, { "Accept-Language": "en" })));
      expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
      expect(response.body).toBeInstanceOf(ReadableStream);
      const text = await response.text();
      // One read of allowances per page of people: three for 1,037.
      expect(readsOf("Allowance")).toBe(Math.ceil(PEOPLE / PEOPLE_PER_READ));
      const emails = linesOf(text).map((line) => line.split(",")[1]);
      const screen = await yearReport(admin, { year: YEAR, sort, direction });
      expect(emails).toHaveLength(PEOPLE);
      expect(emails).toEqual(screen.rows.map((row) => row.user.email));
    });
  }

  it("filters by team as the screen does", async () => {
    const teams = await getDb().team.findMany({ where: { companyId: admin.companyId }, select: { id: true } });
    const response = await allowancesCsv(args(getRequest(`/reports/allowances.csv?year=${YEAR}&team=${teams[0].id}`, cookie, { "Accept-Language": "en" })));
    const screen = await yearReport(admin, { year: YEAR, teamId: teams[0].id, sort: "name", direction: "asc" });
    expect(screen.rows.length).toBeLessThan(PEOPLE);
    expect(linesOf(await response.text()).map((line) => line.split(",")[1])).toEqual(screen.rows.map((row) => row.user.email));
  });
});

describe("the year screen and API", () => {
  // A read names its people's ids, and SQLite takes at most 999 values a statement: everyone of
  // this company cannot be one read, so reads of other sizes, whose boundaries fall elsewhere, check them.
  it(`read ${PEOPLE_PER_READ} people at a time and give the same rows, totals and pictures as reads of other sizes`, async () => {
    const teams = await getDb().team.findMany({ where: { companyId: admin.companyId }, select: { id: true } });
    for (const query of [
      { year: YEAR, sort: "name", direction: "asc" },
      { year: YEAR, sort: "yearlyRemaining", direction: "desc" },
      { year: YEAR, teamId: teams[1].id, sort: "yearlyUsed", direction: "asc" },
    ] as const) {
      statements = [];
      const paged = await yearReport(admin, query);
      const chosen = paged.rows.length;
      expect(readsOf("Allowance")).toBe(Math.ceil(chosen / PEOPLE_PER_READ));
      // The people are read once, to plan the reads; a read does not read them again.
      expect(readsOf("User")).toBe(1);
      expect(paged).toEqual(await yearReport(admin, query, { peoplePerRead: 900 }));
      expect(paged).toEqual(await yearReport(admin, query, { peoplePerRead: 137 }));
    }
    const everyone = await yearReport(admin, { year: YEAR, sort: "name", direction: "asc" });
    expect(everyone.rows).toHaveLength(PEOPLE);
    expect(everyone.rows.some((row) => row.balances.yearly.used % 1 === 0.5)).toBe(true);
    expect(everyone.daysOff.total).toBeGreaterThan(0);
  });

  it("shows a page of the table, its count the year's people", async () => {
    const page = (await reportsPage(args(getRequest(`/reports?year=${YEAR}&page=3&size=250`, cookie)))) as Extract<Awaited<ReturnType<typeof reportsPage>>, { tab: "year" }>;
    const whole = await yearReport(admin, { year: YEAR, sort: "name", direction: "asc" });
    expect(page.year.count).toBe(PEOPLE);
    expect(page.year.rows.map((row) => row.email)).toEqual(whole.rows.slice(500, 750).map((row) => row.user.email));
  });

  it("answers the API's rows read by read, in the people's order whatever the size of a read", async () => {
    statements = [];
    const response = await reportApi(args(getRequest(`/api/reports/vacations?year=${YEAR}`, cookie)));
    expect(readsOf("Allowance")).toBe(Math.ceil(PEOPLE / PEOPLE_PER_READ));
    const rows = await response.json();
    expect(rows).toHaveLength(PEOPLE);
    expect(rows).toEqual((await allowanceReport(admin, YEAR, { peoplePerRead: 900 })).map(serializeReportRow));
  });
});

describe("the absences CSV", () => {
  it(`reads ${CSV_VACATIONS_PER_READ} vacations at a time, each after the last, and writes each once in date order`, async () => {
    statements = [];
    const response = await vacationsCsv(args(getRequest(`/reports/absences.csv?from=${YEAR}-01-01&to=${YEAR}-12-31`, cookie, { "Accept-Language": "en" })));
    expect(response.body).toBeInstanceOf(ReadableStream);
    const text = await response.text();
    const total = PEOPLE * VACATIONS_PER_PERSON;
    expect(total).toBeGreaterThan(2 * CSV_VACATIONS_PER_READ);
    // Reads of a page each (the last one short), no more: the same rows are never read twice.
    expect(readsOf("Vacation")).toBe(Math.ceil(total / CSV_VACATIONS_PER_READ));
    const lines = linesOf(text);
    expect(lines).toHaveLength(total);
    // The screen's pages, one after another (a screen's page names its people: a few hundred at most).
    const screen: string[] = [];
    for (let offset = 0; offset < total; offset += 500) {
      const page = await vacationReport(admin, { dateFrom: `${YEAR}-01-01`, dateTo: `${YEAR}-12-31` }, { offset, limit: 500 }, getT("en"));
      screen.push(...page.items.map((item) => `${item.person.email} ${item.startDate} ${item.endDate}`));
    }
    expect(lines.map((line) => line.split(",").slice(1, 2).concat(line.split(",").slice(5, 7)).join(" "))).toEqual(screen);
  });
});
