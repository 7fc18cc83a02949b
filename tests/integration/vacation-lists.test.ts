// Vacation lists share one definition of their filters, order and page (app/models/vacation-list.server.ts):
// for every filter the Absences page, the /api lists and the absences report take, alone and
// together, they must find exactly the rows a plain query of the same rule finds, in the same order,
// page by page, with every value of the same type (Dates, booleans, nulls), on the engine under test.
import { beforeAll, describe, expect, it } from "vitest";
import type { Prisma } from "~/generated/prisma/client";
import { earliestStartReaching } from "~/lib/input-limits";
import { NO_TEAM_FILTER, type VacationFilters } from "~/lib/vacation-filters";
import { balanceVacationSelect, loadBalanceInputs } from "~/models/balance.server";
import { getPersonalYear } from "~/models/calendar.server";
import { getCompanyMonth } from "~/models/company-calendar.server";
import { vacationReport } from "~/models/report.server";
import { countVacations, readVacations, vacationFilterWhere } from "~/models/vacation-list.server";
import { searchVacations, vacationSelect } from "~/models/vacation.server";
import { getDb } from "~/utils/db.server";
import { getT } from "~/utils/i18n.server";
import type { Viewer } from "~/utils/permissions.server";
import { createCompany, createTeam, createUser, viewerFor } from "../support/factories";
import { testEngine } from "../support/test-database";

let owner: Viewer;
let companyId: string;
const ids: Record<string, string> = {};

/** The rule written out flat, one condition per filter. */
function flatWhere(filters: VacationFilters): Prisma.VacationWhereInput {
  return {
    companyId,
    ...(filters.userId ? { userId: filters.userId } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.categoryId ? { categoryId: filters.categoryId } : {}),
    ...(filters.dateFrom ? { endDate: { gte: filters.dateFrom } } : {}),
    ...(filters.dateFrom || filters.dateTo
      ? { startDate: { ...(filters.dateFrom ? { gte: earliestStartReaching(filters.dateFrom) } : {}), ...(filters.dateTo ? { lte: filters.dateTo } : {}) } }
      : {}),
    ...(filters.teamId ? { user: { teamId: filters.teamId === NO_TEAM_FILTER ? null : filters.teamId } } : {}),
  };
}

const newest = [{ startDate: "desc" as const }, { createdAt: "desc" as const }, { id: "desc" as const }];
const oldest = [{ startDate: "asc" as const }, { createdAt: "asc" as const }, { id: "asc" as const }];

beforeAll(async () => {
  const company = await createCompany("Lists Co");
  companyId = company.id;
  const ownerUser = await createUser(companyId, { role: "owner", fullName: "Owner" });
  owner = await viewerFor(ownerUser);
  const red = await createTeam(companyId, "Red");
  const blue = await createTeam(companyId, "Blue");
  ids.red = red.id;
  ids.blue = blue.id;
  const people = {
    red1: await createUser(companyId, { teamId: red.id, fullName: "Red One" }),
    red2: await createUser(companyId, { teamId: red.id, fullName: "Red Two" }),
    blue1: await createUser(companyId, { teamId: blue.id, fullName: "Blue One" }),
    loner: await createUser(companyId, { fullName: "No Team" }),
  };
  for (const [key, person] of Object.entries(people)) ids[key] = person.id;
  const categories = await getDb().absenceCategory.findMany({ where: { companyId }, select: { id: true }, orderBy: { id: "asc" } });
  expect(categories.length).toBeGreaterThanOrEqual(2);
  ids.category = categories[1].id;
  const tie = new Date("2031-01-05T10:00:00.000Z");
  const rows: { id?: string; person: keyof typeof people; start: string; end: string; status: string; category?: string; createdAt?: Date; description?: string; half?: boolean; reviewed?: boolean }[] = [
    { person: "red1", start: "2031-03-02", end: "2031-03-06", status: "approved", reviewed: true },
    // The same start and the same moment: the id decides their order (ids the reverse of the order
    // they are written in, so neither the insertion order nor the time decides it).
    { id: "tie-c", person: "red2", start: "2031-03-09", end: "2031-03-09", status: "pending", createdAt: tie, half: true },
    { id: "tie-b", person: "blue1", start: "2031-03-09", end: "2031-03-10", status: "pending", createdAt: tie, description: "Dentist" },
    { id: "tie-a", person: "blue1", start: "2031-03-09", end: "2031-03-11", status: "pending", createdAt: tie },
    // Starts long before March and reaches into it; ends the day before March; starts on its last day.
    { person: "loner", start: "2031-01-20", end: "2031-03-01", status: "approved", category: "other" },
    { person: "loner", start: "2031-02-20", end: "2031-02-28", status: "approved" },
    { person: "red1", start: "2031-03-31", end: "2031-04-03", status: "rejected", reviewed: true },
    { person: "red2", start: "2031-04-01", end: "2031-04-01", status: "cancelled" },
    { person: "blue1", start: "2031-05-10", end: "2031-05-12", status: "approved", category: "other", description: "Wedding" },
    { person: "red1", start: "2030-12-29", end: "2031-01-02", status: "approved" },
    // In the week around March 1 (February 24 to March 2), rejected: the company month leaves it out.
    { person: "blue1", start: "2031-02-25", end: "2031-02-25", status: "rejected" },
  ];
  for (const row of rows) {
    await getDb().vacation.create({
      data: {
        ...(row.id ? { id: row.id } : {}),
        companyId,
        userId: people[row.person].id,
        startDate: row.start,
        endDate: row.end,
        status: row.status,
        categoryId: row.category ? ids.category : undefined,
        description: row.description ?? "",
        halfDayStart: row.half ?? false,
        reviewerId: row.reviewed ? ownerUser.id : null,
        reviewedAt: row.reviewed ? new Date("2031-01-10T08:30:00.000Z") : null,
        ...(row.createdAt ? { createdAt: row.createdAt } : {}),
      },
    });
  }
  // Another company's vacations on the same days, with a team of the same name: never listed.
  const other = await createCompany("Elsewhere");
  const otherTeam = await createTeam(other.id, "Red");
  const stranger = await createUser(other.id, { teamId: otherTeam.id });
  ids.otherTeam = otherTeam.id;
  ids.stranger = stranger.id;
  await getDb().vacation.create({ data: { companyId: other.id, userId: stranger.id, startDate: "2031-03-09", endDate: "2031-03-09", status: "pending" } });
  await getDb().vacation.create({ data: { companyId: other.id, userId: stranger.id, startDate: "2031-02-26", endDate: "2031-02-26", status: "approved" } });
});

const filterCases: [string, () => VacationFilters][] = [
  ["no filter", () => ({})],
  ["a month", () => ({ dateFrom: "2031-03-01", dateTo: "2031-03-31" })],
  ["from a day on", () => ({ dateFrom: "2031-03-10" })],
  ["up to a day", () => ({ dateTo: "2031-03-01" })],
  ["a status", () => ({ status: "pending" })],
  ["a person", () => ({ userId: ids.blue1 })],
  ["a type", () => ({ categoryId: ids.category })],
  ["a team", () => ({ teamId: ids.red })],
  ["no team", () => ({ teamId: NO_TEAM_FILTER })],
  ["a person and a type", () => ({ userId: ids.blue1, categoryId: ids.category })],
  ["no team within a month", () => ({ teamId: NO_TEAM_FILTER, dateFrom: "2031-03-01", dateTo: "2031-03-31" })],
  ["everything at once", () => ({ teamId: ids.blue, status: "pending", dateFrom: "2031-03-10", dateTo: "2031-03-31" })],
  ["another company's team", () => ({ teamId: ids.otherTeam })],
  ["another company's person", () => ({ userId: ids.stranger })],
];

describe(`vacation lists on ${testEngine}`, () => {
  it.each(filterCases)("finds what the flat rule finds, newest first and in date order: %s", async (_name, filtersOf) => {
    const filters = filtersOf();
    const where = flatWhere(filters);
    const expectedNewest = await getDb().vacation.findMany({ where, select: vacationSelect, orderBy: newest });
    const expectedOldest = await getDb().vacation.findMany({ where, select: vacationSelect, orderBy: oldest });
    const filtered = vacationFilterWhere(owner, filters);
    expect(await readVacations(vacationSelect, filtered, { order: "newest", page: { offset: 0, limit: 1_000 } })).toEqual(expectedNewest);
    expect(await readVacations(vacationSelect, filtered, { order: "oldest", page: { offset: 0, limit: 1_000 } })).toEqual(expectedOldest);
    expect(await countVacations(filtered)).toBe(expectedNewest.length);
    // The screens' and the API's list: the same rows, page by page, and the total.
    const pages = [];
    for (let offset = 0; offset < expectedNewest.length + 3; offset += 3) {
      const page = await searchVacations(owner, { ...filters, offset, limit: 3 });
      expect(page.total).toBe(expectedNewest.length);
      pages.push(...page.items);
    }
    expect(pages).toEqual(expectedNewest);
  });

  it("finds rows in each case the data holds, so the comparisons above compare something", async () => {
    const count = async (filters: VacationFilters) => countVacations(vacationFilterWhere(owner, filters));
    expect(await count({})).toBe(11);
    // The vacation from January 20 reaches March 1; the one ending February 28 does not.
    expect(await count({ dateFrom: "2031-03-01", dateTo: "2031-03-31" })).toBe(6);
    expect(await count({ teamId: NO_TEAM_FILTER })).toBe(2);
    expect(await count({ teamId: ids.blue, status: "pending", dateFrom: "2031-03-10", dateTo: "2031-03-31" })).toBe(2);
    expect(await count({ teamId: ids.otherTeam })).toBe(0);
    const [first] = await readVacations(vacationSelect, vacationFilterWhere(owner, { userId: ids.red1, status: "approved", dateFrom: "2031-03-01" }), { order: "newest", page: { offset: 0, limit: 5 } });
    expect(first.createdAt).toBeInstanceOf(Date);
    expect(first.reviewedAt).toEqual(new Date("2031-01-10T08:30:00.000Z"));
    expect(first.halfDayStart).toBe(false);
    expect(first.reviewerId).toBe(owner.userId);
  });

  it("keeps one order for vacations of the same start and moment: the id decides", async () => {
    const rows = await readVacations({ id: true, startDate: true }, vacationFilterWhere(owner, { dateFrom: "2031-03-09", dateTo: "2031-03-09" }), { order: "oldest", page: { offset: 0, limit: 10 } });
    const tied = rows.filter((row) => row.startDate === "2031-03-09").map((row) => row.id);
    expect(tied).toHaveLength(3);
    expect(tied).toEqual(["tie-a", "tie-b", "tie-c"]);
  });

  it("gives the absences report the same rows and total, in date order", async () => {
    const filters = { dateFrom: "2031-03-01", dateTo: "2031-04-30" };
    const expected = await getDb().vacation.findMany({ where: flatWhere(filters), select: { id: true }, orderBy: oldest });
    const t = getT("en");
    const first = await vacationReport(owner, filters, { offset: 0, limit: 4 }, t);
    const second = await vacationReport(owner, filters, { offset: 4, limit: 4 }, t);
    expect(first.total).toBe(expected.length);
    expect([...first.items, ...second.items].map((row) => row.id)).toEqual(expected.map((row) => row.id));
  });

  it("gives the balances the vacations touching their years, neither rejected nor cancelled, of the people asked for", async () => {
    const counted = (userIds?: string[]) =>
      getDb().vacation.findMany({
        where: { companyId, ...(userIds ? { userId: { in: userIds } } : {}), endDate: { gte: "2031-01-01" }, startDate: { lte: "2031-12-31" }, status: { notIn: ["rejected", "cancelled"] } },
        select: balanceVacationSelect,
        orderBy: oldest,
      });
    const everyone = await loadBalanceInputs(getDb(), companyId, { fromYear: 2031, toYear: 2031 });
    const expected = await counted();
    // The vacation from December 29, 2030 touches 2031; the rejected and the cancelled ones are left out.
    expect(expected).toHaveLength(8);
    for (const key of ["red1", "red2", "blue1", "loner"]) {
      expect(everyone.vacationsOf(ids[key])).toEqual(expected.filter((row) => row.userId === ids[key]));
    }
    expect(everyone.vacationsOf(ids.stranger)).toEqual([]);
    const one = await loadBalanceInputs(getDb(), companyId, { fromYear: 2031, toYear: 2031, userIds: [ids.red1] });
    expect(one.vacationsOf(ids.red1)).toEqual(await counted([ids.red1]));
    expect(one.vacationsOf(ids.blue1)).toEqual([]);
    const nobody = await loadBalanceInputs(getDb(), companyId, { fromYear: 2031, toYear: 2031, userIds: [] });
    expect(nobody.vacationsOf(ids.red1)).toEqual([]);
  });

  it("reads a balance's vacations through the transaction it is given", async () => {
    const rollback = new Error("rolled back on purpose");
    const outcome = getDb().$transaction(async (tx) => {
      const made = await tx.vacation.create({ data: { companyId, userId: ids.loner, startDate: "2031-07-01", endDate: "2031-07-02", status: "pending" } });
      // Outside the transaction this row does not exist yet (PostgreSQL), or the read waits for
      // the transaction to end (SQLite's one connection): only the transaction's client sees it.
      const inputs = await loadBalanceInputs(tx, companyId, { fromYear: 2031, toYear: 2031, userIds: [ids.loner] });
      expect(inputs.vacationsOf(ids.loner).map((row) => row.id)).toContain(made.id);
      throw rollback;
    });
    await expect(outcome).rejects.toBe(rollback);
  });

  it("gives the company month the pending and approved vacations of its month and of the week around today, and no others", async () => {
    const month = await getCompanyMonth(owner, { month: "2031-03", teamId: null, search: "", offset: 0, today: "2031-03-01" });
    const blocking = async (from: string, to: string) =>
      (
        await getDb().vacation.findMany({
          where: { companyId, status: { in: ["pending", "approved"] }, startDate: { lte: to }, endDate: { gte: from } },
          select: { id: true },
        })
      )
        .map((row) => row.id)
        .sort();
    const shown = month.people.flatMap((person) => person.bars.map((bar) => bar.id)).sort();
    expect(shown).toEqual(await blocking("2031-03-01", "2031-03-31"));
    expect(shown.length).toBeGreaterThan(4);
    expect(month.summary.week.start).toBe("2031-02-24");
    const week = await blocking("2031-02-24", "2031-03-02");
    expect(month.summary.week.vacations.map((vacation) => vacation.id).sort()).toEqual(week);
    expect(week).toHaveLength(3);
  });

  it("gives a person's own year and what is ahead of them the rows a plain read of the same rule gives", async () => {
    for (const person of ["red1", "red2", "blue1", "loner"]) {
      const viewer = await viewerFor({ id: ids[person] });
      const year = await getPersonalYear(viewer, 2031, "2031-03-01");
      const client = (where: Prisma.VacationWhereInput, take?: number) => getDb().vacation.findMany({ where: { companyId, userId: ids[person], ...where }, select: vacationSelect, orderBy: oldest, take });
      const withoutDays = <T extends { workingDays: number }>(rows: T[]) => rows.map(({ workingDays: _days, ...row }) => row);
      expect(withoutDays(year.vacations)).toEqual(await client({ endDate: { gte: "2031-01-01" }, startDate: { lte: "2031-12-31" } }));
      expect(withoutDays(year.upcoming)).toEqual(await client({ endDate: { gte: "2031-03-01" }, status: { in: ["pending", "approved"] } }, 10));
    }
  });
});
