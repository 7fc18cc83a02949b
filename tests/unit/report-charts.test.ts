// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// The numbers behind the reports' pictures (app/lib/report-charts.ts): days off per month by team,
// the people with the most days left, and the axis steps.
import { describe, expect, it } from "vitest";
import type { Balances } from "~/lib/balance-kinds";
import { axisTicks, daysOffTally, mostDaysLeft, NO_TEAM, OTHER_TEAMS, type ChartPerson, type ChartVacation } from "~/lib/report-charts";
import { holidayCalendar, NO_HOLIDAYS } from "~/lib/working-days";

const vacation = (startDate: string, endDate: string, status = "approved", halves: Partial<Pick<ChartVacation, "halfDayStart" | "halfDayEnd">> = {}): ChartVacation => ({
  startDate,
  endDate,
  status,
  halfDayStart: false,
  halfDayEnd: false,
  ...halves,
});

type Tally = ReturnType<typeof daysOffTally>;

/** Everyone's days off tallied in one go. */
function daysOffByMonth(year: number, people: ChartPerson[], teams: ReadonlyMap<string, string>, vacationsOf: Parameters<Tally["add"]>[1], calendarOf: Parameters<Tally["add"]>[2], countDaysOf?: Parameters<Tally["add"]>[3], startMonth?: number) {
  const tally = daysOffTally(year, teams, startMonth);
  tally.add(people, vacationsOf, calendarOf, countDaysOf);
  return tally.result();
}

describe("days off per month by team", () => {
  const teams = new Map([
    ["eng", "Engineering"],
    ["ops", "Operations"],
  ]);

  it("splits a vacation over the months it touches, counting working days only, halves as 0.5", () => {
    // Fri 30 Jan 2026 … Tue 3 Feb 2026, the last day a half: Jan 1, Feb 1 + 0.5.
    const chart = daysOffByMonth(2026, [{ id: "ana", name: "Ana", teamId: "eng" }], teams, () => [vacation("2026-01-30", "2026-02-03", "approved", { halfDayEnd: true })], () => NO_HOLIDAYS);
    expect(chart.series).toHaveLength(1);
    expect(chart.series[0]).toMatchObject({ key: "eng", name: "Engineering", total: 2.5 });
    expect(chart.series[0].months.slice(0, 3)).toEqual([1, 1.5, 0]);
    expect(chart.monthTotals[1]).toBe(1.5);
    expect(chart.total).toBe(2.5);
  });

  it("counts approved vacations only, of this year only, without the person's holidays", () => {
    const calendar = holidayCalendar([{ date: "2026-06-10", countryCode: "PT", isRecurring: false }], { countryCode: "PT" }, "PT");
    const chart = daysOffByMonth(
      2026,
      [{ id: "rui", name: "Rui", teamId: "ops" }],
      teams,
      () => [
        vacation("2025-12-29", "2026-01-02"), // Mon–Fri: only Thu 1 and Fri 2 Jan fall in 2026
        vacation("2026-06-08", "2026-06-12"), // a week with Portugal Day (Wed 10 June)
        vacation("2026-07-06", "2026-07-10", "pending"),
        vacation("2026-08-03", "2026-08-07", "rejected"),
        vacation("2026-09-07", "2026-09-07", "cancelled"),
      ],
      () => calendar,
    );
    expect(chart.series[0].months).toEqual([2, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0]);
  });

  it("orders teams by their total, keeps people without a team last, and folds teams beyond six into one", () => {
    const many = new Map(Array.from({ length: 8 }, (_, i) => [`t${i}`, `Team ${i}`]));
    const people = [...Array.from({ length: 8 }, (_, i) => ({ id: `p${i}`, name: `P${i}`, teamId: `t${i}` })), { id: "loner", name: "Loner", teamId: null }];
    // Person i takes i+1 days in March (Mon 2 March onwards); the loner one day.
    const vacationsOf = (id: string) => (id === "loner" ? [vacation("2026-03-02", "2026-03-02")] : [vacation("2026-03-02", `2026-03-0${2 + Number(id.slice(1))}`)]);
    const chart = daysOffByMonth(2026, people, many, (id) => vacationsOf(id).map((a) => ({ ...a, endDate: a.endDate > "2026-03-06" ? "2026-03-06" : a.endDate })), () => NO_HOLIDAYS);
    expect(chart.series.map((s) => s.key)).toEqual(["t4", "t5", "t6", "t7", "t3", OTHER_TEAMS, NO_TEAM]);
    expect(chart.series.map((s) => s.total)).toEqual([5, 5, 5, 5, 4, 6, 1]);
    expect(chart.total).toBe(chart.series.reduce((sum, s) => sum + s.total, 0));
    // A team id the company no longer has counts as no team.
    const orphan = daysOffByMonth(2026, [{ id: "x", name: "X", teamId: "gone" }], many, () => [vacation("2026-03-02", "2026-03-02")], () => NO_HOLIDAYS);
    expect(orphan.series.map((s) => s.key)).toEqual([NO_TEAM]);
  });

  it("runs over the leave year's twelve months from its start month", () => {
    const vacations = () => [vacation("2026-03-30", "2026-04-01"), vacation("2027-03-31", "2027-04-02")];
    const chart = daysOffByMonth(2026, [{ id: "ana", name: "Ana", teamId: "eng" }], teams, vacations, () => NO_HOLIDAYS, undefined, 4);
    expect(chart).toMatchObject({ label: "2026/27", total: 2 });
    expect(chart.months).toEqual(["2026-04-01", "2026-05-01", "2026-06-01", "2026-07-01", "2026-08-01", "2026-09-01", "2026-10-01", "2026-11-01", "2026-12-01", "2027-01-01", "2027-02-01", "2027-03-01"]);
    // 1 April 2026 first, 31 March 2027 last; the days on either side belong to other leave years.
    expect(chart.monthTotals).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
  });

  it("gives the same numbers tallied a few people at a time as all at once", () => {
    const people = Array.from({ length: 7 }, (_, i) => ({ id: `p${i}`, name: `P${i}`, teamId: i % 3 === 0 ? null : i % 3 === 1 ? "eng" : "ops" }));
    // Halves and spans across months, so sums carry fractions from one group into the next.
    const vacationsOf = (id: string) => {
      const i = Number(id.slice(1));
      return [vacation(`2026-0${1 + (i % 5)}-2${i % 4}`, `2026-0${2 + (i % 5)}-0${2 + (i % 3)}`, "approved", { halfDayStart: i % 2 === 0 }), vacation("2026-11-02", "2026-11-02", "approved", { halfDayEnd: true })];
    };
    const whole = daysOffByMonth(2026, people, teams, vacationsOf, () => NO_HOLIDAYS);
    const tally = daysOffTally(2026, teams);
    for (const group of [people.slice(0, 2), people.slice(2, 5), people.slice(5)]) tally.add(group, vacationsOf, () => NO_HOLIDAYS);
    expect(whole.total).toBeGreaterThan(0);
    expect(tally.result()).toEqual(whole);
  });

  it("is empty (and zero) when nobody was off", () => {
    const chart = daysOffByMonth(2026, [{ id: "a", name: "A", teamId: "eng" }], teams, () => [], () => NO_HOLIDAYS);
    expect(chart).toMatchObject({ series: [], total: 0 });
    expect(chart.monthTotals).toEqual(new Array(12).fill(0));
  });
});

describe("the people with the most days left", () => {
  const balances = (yearly: number, residual = 0, special = 0): Balances => ({
    yearly: { total: 22, used: 0, pending: 0, remaining: yearly },
    residual: { total: 0, used: 0, pending: 0, remaining: residual },
    special: { total: 0, used: 0, pending: 0, remaining: special },
  });
  const person = (id: string) => ({ id, name: id, teamId: null });

  it("adds what remains of the three balances, most first, ties by name, nobody without days, at most ten", () => {
    const rows = [
      { person: person("Bea"), balances: balances(10, 2.5) },
      { person: person("Ana"), balances: balances(12, 0, 0.5) },
      { person: person("Caio"), balances: balances(0) },
      { person: person("Dora"), balances: balances(20) },
      ...Array.from({ length: 12 }, (_, i) => ({ person: person(`Z${String(i).padStart(2, "0")}`), balances: balances(1) })),
    ];
    const top = mostDaysLeft(rows);
    expect(top).toHaveLength(10);
    expect(top.slice(0, 3).map((p) => [p.name, p.total])).toEqual([
      ["Dora", 20],
      ["Ana", 12.5],
      ["Bea", 12.5],
    ]);
    expect(top.map((p) => p.name)).not.toContain("Caio");
    expect(top[1].left).toEqual({ yearly: 12, residual: 0, special: 0.5 });
  });

  it("draws an overdrawn balance as nothing left rather than a negative bar", () => {
    const [row] = mostDaysLeft([{ person: person("Eva"), balances: balances(-2, 3) }]);
    expect(row.left).toEqual({ yearly: 0, residual: 3, special: 0 });
    expect(row.total).toBe(3);
  });
});

describe("axis steps", () => {
  it("uses 1, 2 or 5 times a power of ten, reaching past the largest value", () => {
    expect(axisTicks(23)).toEqual([0, 10, 20, 30]);
    expect(axisTicks(57)).toEqual([0, 20, 40, 60]);
    expect(axisTicks(2.5)).toEqual([0, 1, 2, 3]);
    expect(axisTicks(400)).toEqual([0, 100, 200, 300, 400]);
    expect(axisTicks(0)).toEqual([0, 1]);
  });
});
