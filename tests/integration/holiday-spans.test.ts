// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// A company may keep a century of imported holiday calendars; a page reads only the recurring
// holidays and those around its own dates (loadHolidayCalendars' span). These tests give a company
// one holiday on 14 March of every year from 2000 to 2099 and check that each caller still counts
// every holiday that falls inside the vacations it shows, including those past the year asked for.
import { beforeAll, describe, expect, it } from "vitest";
import { csvDialectFor } from "~/lib/csv";
import { isoDate } from "~/lib/dates";
import { describeVacations, getPersonalYear } from "~/models/calendar.server";
import { loadHolidayCalendars } from "~/models/balance.server";
import { vacationReport, vacationReportCsv } from "~/models/report.server";
import { getDb } from "~/utils/db.server";
import { getT } from "~/utils/i18n.server";
import { createCompany, createUser, createVacation, viewerFor } from "../support/factories";

let companyId: string;
let employee: Awaited<ReturnType<typeof viewerFor>>;
let admin: Awaited<ReturnType<typeof viewerFor>>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  const company = await createCompany();
  companyId = company.id;
  const db = getDb();
  await db.holiday.createMany({
    data: [
      ...Array.from({ length: 100 }, (_, i) => ({ companyId, date: isoDate(2000 + i, 3, 14), name: `Filler ${2000 + i}`, countryCode: "PT", isRecurring: false })),
      { companyId, date: "2001-12-25", name: "Christmas", countryCode: "PT", isRecurring: true },
      { companyId, date: "2028-01-03", name: "New Year observed", countryCode: "PT", isRecurring: false },
    ],
  });
  const person = await createUser(companyId);
  const boss = await createUser(companyId, { role: "admin" });
  await db.allowance.create({ data: { companyId, userId: person.id, year: 2027, yearly: 25 } });
  employee = await viewerFor(person);
  admin = await viewerFor(boss);
  // Mon 27 Dec 2027 – Fri 7 Jan 2028: ten weekdays, the observed New Year (Mon 3 Jan 2028) among them.
  ids.turnOfYear = (await createVacation(companyId, person.id, { startDate: "2027-12-27", endDate: "2028-01-07", status: "approved" })).id;
  // Mon 10 – Fri 21 March 2031: ten weekdays, Fri 14 March 2031 a holiday.
  ids.in2031 = (await createVacation(companyId, person.id, { startDate: "2031-03-10", endDate: "2031-03-21", status: "pending" })).id;
  // Mon 12 – Fri 16 March 2040: five weekdays, Wed 14 March 2040 a holiday.
  ids.in2040 = (await createVacation(companyId, person.id, { startDate: "2040-03-12", endDate: "2040-03-16", status: "approved" })).id;
});

describe("holidays read by span", () => {
  it("reads the recurring holidays and those within the span, not every year's", async () => {
    const year = await loadHolidayCalendars(getDb(), companyId, { startDate: "2027-01-01", endDate: "2027-12-31" });
    expect(year.holidayRows.map((row) => row.name).sort()).toEqual(["Christmas", "Filler 2027"]);
    const everything = await loadHolidayCalendars(getDb(), companyId, null);
    expect(everything.holidayRows).toHaveLength(102);
  });

  it("My Calendar counts a holiday of the next year inside a vacation that crosses into it", async () => {
    const personal = await getPersonalYear(employee, 2027, "2027-03-01");
    expect(personal.vacations.find((v) => v.id === ids.turnOfYear)?.workingDays).toBe(9);
    expect(personal.holidays.map((holiday) => holiday.name)).toEqual(expect.arrayContaining(["Filler 2027", "Christmas"]));
    expect(personal.holidays.map((holiday) => holiday.name)).not.toContain("Filler 2028");
    // The request drawer counts with the rows it is sent: the years around the one shown.
    const sent = personal.holidayContext.rows.map((row) => row.date);
    expect(sent).toContain("2028-01-03");
    expect(sent).not.toContain("2040-03-14");
  });

  it("My Calendar's upcoming vacations years ahead count their own holidays", async () => {
    const personal = await getPersonalYear(employee, 2027, "2027-03-01");
    expect(personal.upcoming.find((v) => v.id === ids.in2031)?.workingDays).toBe(9);
    expect(personal.upcoming.find((v) => v.id === ids.in2040)?.workingDays).toBe(4);
  });

  it("lists of vacations (Absences, the vacation report and its CSV) count each vacation's holidays", async () => {
    const vacations = await getDb().vacation.findMany({ where: { companyId } });
    const described = await describeVacations(admin, vacations);
    expect(described.workingDays[ids.turnOfYear]).toBe(9);
    expect(described.workingDays[ids.in2031]).toBe(9);
    expect(described.workingDays[ids.in2040]).toBe(4);

    const t = getT("en");
    const report = await vacationReport(admin, { dateFrom: "2027-01-01", dateTo: "2027-12-31" }, { offset: 0, limit: 10 }, t);
    expect(report.items.find((row) => row.id === ids.turnOfYear)?.workingDays).toBe(9);

    const csvOf = (filters: { dateFrom?: string; dateTo?: string }) => vacationReportCsv(admin, filters, { t, dialect: csvDialectFor("en") });
    const year = await csvOf({ dateFrom: "2027-01-01", dateTo: "2027-12-31" });
    expect(year).toMatch(/2027-12-27,2028-01-07,9,/);
    const all = await csvOf({});
    expect(all).toMatch(/2031-03-10,2031-03-21,9,/);
    expect(all).toMatch(/2040-03-12,2040-03-16,4,/);
  });
});
