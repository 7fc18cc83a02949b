// A balance's people, allowances, carried days, holidays and absence categories
// (app/models/balance.server.ts, readCategoryListing): they must be exactly the rows a plain query
// of the same rule finds, with values of the same types, on the engine under test, and never
// another company's.
import { beforeAll, describe, expect, it } from "vitest";
import type { Prisma } from "~/generated/prisma/client";
import { categoryListing } from "~/models/absence-category.server";
import { balancePersonSelect, loadBalanceInputs, loadHolidayCalendars, readBalancePeople } from "~/models/balance.server";
import { getPersonalYear, listCategories } from "~/models/calendar.server";
import { getDb } from "~/utils/db.server";
import type { Viewer } from "~/utils/permissions.server";
import { createCompany, createUser, viewerFor } from "../support/factories";

const ids: Record<string, string> = {};
let owner: Viewer;
const allowanceSelect = { userId: true, year: true, yearly: true, residual: true, specialLeave: true } as const;
const byYear = (a: { year: number }, b: { year: number }) => a.year - b.year;

beforeAll(async () => {
  const company = await createCompany("Balance Reads Co");
  const other = await createCompany("Balance Reads Other Co");
  ids.company = company.id;
  ids.other = other.id;
  const ownerUser = await createUser(company.id, { role: "owner", fullName: "Owner" });
  owner = await viewerFor(ownerUser);
  ids.ana = (await createUser(company.id, { fullName: "Ana" })).id;
  ids.bia = (await createUser(company.id, { fullName: "Bia" })).id;
  ids.stranger = (await createUser(other.id, { fullName: "Stranger" })).id;
  const db = getDb();
  // Left on the first moment of 2030, and the moment before it; another with no full name.
  ids.carla = (await createUser(company.id, { fullName: "Carla" })).id;
  ids.dora = (await createUser(company.id, { fullName: "Dora" })).id;
  await db.user.update({ where: { id: ids.carla }, data: { deactivatedAt: new Date("2030-01-01T00:00:00.000Z") } });
  await db.user.update({ where: { id: ids.dora }, data: { deactivatedAt: new Date("2029-12-31T23:59:59.999Z") } });
  ids.nameless = (await createUser(company.id, { fullName: "" })).id;
  await db.allowance.createMany({
    data: [
      { companyId: company.id, userId: ids.ana, year: 2029, yearly: 22.5, residual: 1.5, specialLeave: 0 },
      { companyId: company.id, userId: ids.ana, year: 2030, yearly: 25, residual: 0, specialLeave: 2 },
      { companyId: company.id, userId: ids.ana, year: 2031, yearly: 30, residual: 0, specialLeave: 0 },
      { companyId: company.id, userId: ids.bia, year: 2030, yearly: 20, residual: 0.5, specialLeave: 0 },
      { companyId: other.id, userId: ids.stranger, year: 2030, yearly: 99, residual: 9, specialLeave: 9 },
    ],
  });
  await db.carryOver.createMany({
    data: [
      { companyId: company.id, userId: ids.ana, fromYear: 2029, days: 3.5, expiresOn: "2030-03-31" },
      { companyId: company.id, userId: ids.ana, fromYear: 2027, days: 1, expiresOn: "2028-03-31" },
      { companyId: company.id, userId: ids.ana, fromYear: 2030, days: 4, expiresOn: "2031-03-31" },
      { companyId: company.id, userId: ids.bia, fromYear: 2029, days: 2, expiresOn: "2030-03-31", revertedAt: new Date("2030-01-05T10:00:00Z") },
      { companyId: other.id, userId: ids.stranger, fromYear: 2029, days: 7, expiresOn: "2030-03-31" },
    ],
  });
  await db.holiday.createMany({
    data: [
      { companyId: company.id, date: "2000-12-25", name: "Natal", isRecurring: true },
      { companyId: company.id, date: "2030-04-19", name: "Sexta-feira Santa", isRecurring: false },
      { companyId: company.id, date: "2030-06-10", name: "Dia da Madeira", region: "30", isRecurring: false },
      { companyId: company.id, date: "2030-07-04", name: "Independence Day", countryCode: "US", isRecurring: false },
      { companyId: company.id, date: "2035-04-06", name: "Sexta-feira Santa", isRecurring: false },
      { companyId: other.id, date: "2030-05-01", name: "Elsewhere", isRecurring: false },
      { companyId: other.id, date: "2000-01-01", name: "Elsewhere's New Year", isRecurring: true },
    ],
  });
  // Two absence categories of the same rank, their names in the reverse order of their ids; one inactive.
  await db.absenceCategory.createMany({
    data: [
      { companyId: company.id, id: "zz_later", name: "Alpha", sortOrder: 5, active: true },
      { companyId: company.id, id: "aa_sooner", name: "Zulu", sortOrder: 5, active: false },
    ],
  });
});

describe("balance reads", () => {
  it("reads each person's allowances up to the last year asked for, as the client does, none of another company", async () => {
    const inputs = await loadBalanceInputs(getDb(), ids.company, { fromYear: 2030, toYear: 2030 });
    for (const userId of [ids.ana, ids.bia, ids.stranger]) {
      const client = await getDb().allowance.findMany({ where: { companyId: ids.company, userId, year: { lte: 2030 } }, select: allowanceSelect });
      expect([...inputs.allowanceRowsOf(userId)].sort(byYear)).toEqual(client.sort(byYear));
    }
    expect(inputs.allowanceRowsOf(ids.ana).map((row) => row.year)).toEqual([2029, 2030]);
    expect(inputs.allowanceRowsOf(ids.stranger)).toEqual([]);
    const [first] = inputs.allowanceRowsOf(ids.ana);
    expect([typeof first.year, typeof first.yearly, typeof first.residual, first.yearly, first.residual]).toEqual(["number", "number", "number", 22.5, 1.5]);
    expect(inputs.allowanceOf(ids.ana, 2030)).toMatchObject({ yearly: 25, specialLeave: 2 });
  });

  it("reads only the people asked for, and nobody's when none is", async () => {
    const one = await loadBalanceInputs(getDb(), ids.company, { fromYear: 2030, toYear: 2030, userIds: [ids.bia] });
    expect(one.allowanceRowsOf(ids.bia).map((row) => row.yearly)).toEqual([20]);
    expect(one.allowanceRowsOf(ids.ana)).toEqual([]);
    expect(one.carriedOf(ids.ana)).toEqual([]);
    const foreign = await loadBalanceInputs(getDb(), ids.company, { fromYear: 2030, toYear: 2030, userIds: [ids.stranger] });
    expect([foreign.allowanceRowsOf(ids.stranger), foreign.carriedOf(ids.stranger)]).toEqual([[], []]);
    const nobody = await loadBalanceInputs(getDb(), ids.company, { fromYear: 2030, toYear: 2030, userIds: [] });
    expect([nobody.allowanceRowsOf(ids.ana), nobody.carriedOf(ids.ana)]).toEqual([[], []]);
  });

  it("reads the days carried into the years asked for, not reverted ones nor another company's", async () => {
    const inputs = await loadBalanceInputs(getDb(), ids.company, { fromYear: 2030, toYear: 2030 });
    expect(inputs.carriedOf(ids.ana)).toEqual([{ userId: ids.ana, year: 2030, days: 3.5, expiresOn: "2030-03-31" }]);
    expect(inputs.carriedOf(ids.bia)).toEqual([]);
    expect(inputs.carriedOf(ids.stranger)).toEqual([]);
    const later = await loadBalanceInputs(getDb(), ids.company, { fromYear: 2031, toYear: 2031 });
    expect(later.carriedOf(ids.ana)).toEqual([{ userId: ids.ana, year: 2031, days: 4, expiresOn: "2031-03-31" }]);
    const before = await loadBalanceInputs(getDb(), ids.company, { fromYear: 2029, toYear: 2029 });
    expect(before.carriedOf(ids.ana)).toEqual([]);
    const wide = await loadBalanceInputs(getDb(), ids.company, { fromYear: 2028, toYear: 2030 });
    expect(wide.carriedOf(ids.ana).map((row) => row.year).sort()).toEqual([2028, 2030]);
  });

  it("lists the absence categories as the client's listing does: its order, columns and value types, active ones or all", async () => {
    const client = (activeOnly: boolean) => getDb().absenceCategory.findMany({ where: { companyId: ids.company, ...(activeOnly ? { active: true } : {}) }, ...categoryListing });
    const all = await listCategories(owner, { activeOnly: false });
    expect(all).toEqual(await client(false));
    expect(await listCategories(owner)).toEqual(await client(true));
    expect(all.filter((row) => row.id === "aa_sooner" || row.id === "zz_later").map((row) => row.id)).toEqual(["zz_later", "aa_sooner"]);
    expect((await listCategories(owner)).some((row) => row.id === "aa_sooner")).toBe(false);
    expect(all.every((row) => typeof row.active === "boolean")).toBe(true);
    const inputs = await loadBalanceInputs(getDb(), ids.company, { fromYear: 2030, toYear: 2030 });
    expect(inputs.categories).toEqual(await client(false));
  });

  it("reads allowances and carried days through the transaction it is given", async () => {
    const rollback = new Error("rolled back on purpose");
    const outcome = getDb().$transaction(async (tx) => {
      await tx.allowance.create({ data: { companyId: ids.company, userId: ids.bia, year: 2031, yearly: 21, residual: 0, specialLeave: 0 } });
      await tx.carryOver.create({ data: { companyId: ids.company, userId: ids.bia, fromYear: 2030, days: 1.5, expiresOn: "2031-03-31" } });
      // Only the transaction's client sees these rows (SQLite's one connection would wait instead).
      const inputs = await loadBalanceInputs(tx, ids.company, { fromYear: 2031, toYear: 2031, userIds: [ids.bia] });
      expect(inputs.allowanceOf(ids.bia, 2031)?.yearly).toBe(21);
      expect(inputs.carriedOf(ids.bia).map((row) => row.days)).toEqual([1.5]);
      throw rollback;
    });
    await expect(outcome).rejects.toBe(rollback);
  });

  it("reads the people as the client does, by name, with the deactivated asked for, never another company's", async () => {
    const client = (where: Prisma.UserWhereInput) =>
      getDb().user.findMany({ where: { companyId: ids.company, ...where }, select: balancePersonSelect, orderBy: [{ fullName: "asc" }, { email: "asc" }] });
    const since = new Date("2030-01-01T00:00:00.000Z");
    const read = (options: Parameters<typeof readBalancePeople>[2]) => readBalancePeople(getDb(), ids.company, options);
    expect(await read({ deactivated: "excluded" })).toEqual(await client({ deactivatedAt: null }));
    expect(await read({ deactivated: "included" })).toEqual(await client({}));
    const recent = await read({ deactivated: { since } });
    expect(recent).toEqual(await client({ OR: [{ deactivatedAt: null }, { deactivatedAt: { gte: since } }] }));
    expect([recent.some((p) => p.id === ids.carla), recent.some((p) => p.id === ids.dora)]).toEqual([true, false]);
    expect(recent.some((p) => "deactivatedAt" in p)).toBe(false);
    const some = [ids.ana, ids.dora, ids.stranger];
    expect(await read({ userIds: some, deactivated: "included" })).toEqual(await client({ id: { in: some } }));
    expect((await read({ userIds: some, deactivated: "excluded" })).map((p) => p.id)).toEqual([ids.ana]);
    expect(await read({ userIds: [], deactivated: "included" })).toEqual([]);
    // A balance of 2030 with those who left in it: Carla, not Dora.
    const inputs = await loadBalanceInputs(getDb(), ids.company, { fromYear: 2030, toYear: 2030, withRecentlyDeactivated: true });
    expect(inputs.people.map((p) => p.id)).toEqual(recent.map((p) => p.id));
  });

  it("reads the recurring holidays and those within the span as the client does, every one without a span, never another company's", async () => {
    const select = { date: true, name: true, countryCode: true, region: true, isRecurring: true } as const;
    const order = (rows: { date: string; name: string }[]) => [...rows].sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));
    const span = { startDate: "2030-01-01", endDate: "2030-12-31" };
    const within = await loadHolidayCalendars(getDb(), ids.company, span);
    const client = await getDb().holiday.findMany({
      where: { OR: [{ companyId: ids.company, isRecurring: true }, { companyId: ids.company, isRecurring: false, date: { gte: span.startDate, lte: span.endDate } }] },
      select,
    });
    expect(order(within.holidayRows)).toEqual(order(client));
    expect(order(within.holidayRows).map((row) => row.date)).toEqual(["2000-12-25", "2030-04-19", "2030-06-10", "2030-07-04"]);
    expect(within.holidayRows.find((row) => row.date === "2030-06-10")).toEqual({ date: "2030-06-10", name: "Dia da Madeira", countryCode: "PT", region: "30", isRecurring: false });
    const every = await loadHolidayCalendars(getDb(), ids.company, null);
    expect(order(every.holidayRows)).toEqual(order(await getDb().holiday.findMany({ where: { companyId: ids.company }, select })));
    expect(every.holidayRows.length).toBe(5);
  });

  it("lists the first ten vacations ahead of a person, in date order", async () => {
    const viewer = await viewerFor({ id: ids.bia });
    for (let day = 12; day >= 1; day--) {
      const date = `2031-02-${String(day).padStart(2, "0")}`;
      await getDb().vacation.create({ data: { companyId: ids.company, userId: ids.bia, startDate: date, endDate: date, status: day % 2 ? "pending" : "approved" } });
    }
    const year = await getPersonalYear(viewer, 2031, "2031-01-15");
    expect(year.upcoming.map((row) => row.startDate)).toEqual(Array.from({ length: 10 }, (_, i) => `2031-02-${String(i + 1).padStart(2, "0")}`));
    expect(year.vacations).toHaveLength(12);
  });
});
