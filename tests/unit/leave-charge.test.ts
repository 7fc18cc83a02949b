// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, eachDay } from "~/lib/dates";
import {
  addCharges,
  chargeBetween,
  chargeByLeaveYear,
  chargeRefusal,
  chargeRequest,
  compareCharges,
  minutesOfTime,
  scheduleDayCounter,
  vacationWorkingDays,
  type ChargeContext,
  type DaysRequest,
  type LeaveRequest,
  type LeaveUnit,
} from "~/lib/leave-charge";
import { freezeSchedules, frozenSchedules, scheduledMinutes, scheduleTimeline, unscheduledWeekdays, type ScheduleTimeline, type WorkSchedule } from "~/lib/work-schedule";
import { holidayCalendar, NO_HOLIDAYS, type HolidayCalendar, type HolidayRow } from "~/lib/working-days";

const weekly = (validFrom: string, hoursByWeekday: Record<number, number>): WorkSchedule => ({
  validFrom,
  cycleWeeks: 1,
  days: Object.entries(hoursByWeekday).map(([weekday, hours]) => ({ weekday: Number(weekday), hours })),
});
const days = (startDate: string, endDate: string, half: Partial<DaysRequest> = {}): DaysRequest => ({ startDate, endDate, halfDayStart: false, halfDayEnd: false, ...half });

// Portugal's fixed holidays of the examples: Christmas (Friday 25 December 2026), 1 December
// (a Tuesday), and Good Friday 2026 (3 April) as a one-off.
const rows: HolidayRow[] = [
  { date: "2026-12-25", countryCode: "PT", isRecurring: true },
  { date: "2026-12-01", countryCode: "PT", isRecurring: true },
  { date: "2026-04-03", countryCode: "PT", isRecurring: false },
];
const portugal = holidayCalendar(rows, { countryCode: "PT" }, "PT");
// Monday–Thursday 8 h, and a part-timer with 4 h on Tuesdays.
const fourDays = weekly("2026-01-01", { 1: 8, 2: 8, 3: 8, 4: 8 });
const partTimer = weekly("2026-01-01", { 1: 8, 2: 4, 3: 8 });
const context = (own: WorkSchedule[], unit: LeaveUnit, calendar: HolidayCalendar = portugal): ChargeContext => ({ schedules: scheduleTimeline(own), calendar, unit });

describe("charging a request", () => {
  it("charges a four-day-week person 4 days, not 5, for a Monday–Friday week", () => {
    // 23–27 November 2026 is Monday to Friday.
    const charge = chargeRequest(days("2026-11-23", "2026-11-27"), context([fourDays], "day"));
    expect(charge).toMatchObject({ amount: 4, days: 4, minutes: 32 * 60, workingDays: 4, holidays: 0, nonWorkingDays: 1 });
    expect(chargeRequest(days("2026-11-23", "2026-11-27"), context([fourDays], "hour")).amount).toBe(32);
    expect(chargeRequest(days("2026-11-23", "2026-11-27"), context([], "day")).amount).toBe(5);
  });

  it("charges a half day on a 4 h day as 2 h in hours and 0.5 day in days", () => {
    // Tuesday 24 November 2026, the part-timer's 4 h day, taken from midday.
    const half = days("2026-11-24", "2026-11-24", { halfDayStart: true });
    expect(chargeRequest(half, context([partTimer], "hour"))).toMatchObject({ amount: 2, minutes: 120, days: 0.5 });
    expect(chargeRequest(half, context([partTimer], "day"))).toMatchObject({ amount: 0.5, minutes: 120, days: 0.5 });
    // Both flags on one day are one half, never nothing.
    expect(chargeRequest(days("2026-11-24", "2026-11-24", { halfDayStart: true, halfDayEnd: true }), context([partTimer], "day")).amount).toBe(0.5);
    // A half last day on a day not worked takes nothing off.
    expect(chargeRequest(days("2026-11-23", "2026-11-26", { halfDayEnd: true }), context([partTimer], "day")).amount).toBe(3);
  });

  it("gives nothing back for a holiday on a day the person does not work, and charges nothing for it", () => {
    // Christmas 2026 is a Friday, the four-day week's day off: the week still costs 4 days.
    const christmasWeek = chargeRequest(days("2026-12-21", "2026-12-25"), context([fourDays], "day"));
    expect(christmasWeek).toMatchObject({ amount: 4, holidays: 0, nonWorkingDays: 1 });
    // 1 December 2026 is a Tuesday they work: that week costs 3.
    expect(chargeRequest(days("2026-11-30", "2026-12-04"), context([fourDays], "day"))).toMatchObject({ amount: 3, holidays: 1, nonWorkingDays: 1 });
    // For the default schedule Christmas is a working Friday given back.
    expect(chargeRequest(days("2026-12-21", "2026-12-25"), context([], "day")).amount).toBe(4);
  });

  it("refuses, distinguishably, a request that falls only on days not worked or holidays", () => {
    const weekend = chargeRequest(days("2026-11-27", "2026-11-29"), context([fourDays], "day"));
    expect(weekend.amount).toBe(0);
    expect(chargeRefusal(weekend)).toEqual({ code: "no_working_day", holidays: 0, nonWorkingDays: 3 });
    expect(chargeRefusal(chargeRequest(days("2026-12-01", "2026-12-01"), context([fourDays], "day")))).toEqual({ code: "no_working_day", holidays: 1, nonWorkingDays: 0 });
    expect(chargeRefusal(chargeRequest({ kind: "time", date: "2026-11-27", startTime: "09:00", endTime: "12:00" }, context([fourDays], "hour")))).toEqual({ code: "no_working_day", holidays: 0, nonWorkingDays: 1 });
    expect(chargeRefusal(chargeRequest(days("2026-11-26", "2026-11-29"), context([fourDays], "day")))).toBeNull();
  });

  it("charges the hours between two times on one day, capped by the day's schedule", () => {
    const hours = context([partTimer], "hour");
    expect(chargeRequest({ kind: "time", date: "2026-11-23", startTime: "09:00", endTime: "11:30" }, hours)).toMatchObject({ amount: 2.5, minutes: 150, days: 0, workingDays: 1 });
    // 09:00–17:00 on the 4 h Tuesday is the day's 4 h.
    expect(chargeRequest({ kind: "time", date: "2026-11-24", startTime: "09:00", endTime: "17:00" }, hours).amount).toBe(4);
    expect(chargeRequest({ kind: "time", date: "2026-11-24", startTime: "00:00", endTime: "24:00" }, hours).amount).toBe(4);
  });

  it("charges n hours a day over a range, each day capped by its schedule", () => {
    // Monday 8 h, Tuesday 4 h, Wednesday 8 h, at most 6 h a day: 6 + 4 + 6.
    const charge = chargeRequest({ kind: "hours", startDate: "2026-11-23", endDate: "2026-11-29", hoursPerDay: 6 }, context([partTimer], "hour"));
    expect(charge).toMatchObject({ amount: 16, workingDays: 3, nonWorkingDays: 4, days: 0 });
  });

  it("refuses what cannot be charged with a RangeError", () => {
    const hours = context([partTimer], "hour");
    expect(() => chargeRequest(days("2026-11-24", "2026-11-23"), hours)).toThrow(RangeError);
    expect(() => chargeRequest(days("2026-02-30", "2026-03-01"), hours)).toThrow(RangeError);
    expect(() => chargeRequest({ kind: "time", date: "2026-11-24", startTime: "13:00", endTime: "09:00" }, hours)).toThrow(RangeError);
    expect(() => chargeRequest({ kind: "time", date: "2026-11-24", startTime: "9:00", endTime: "25:00" }, hours)).toThrow(RangeError);
    expect(() => chargeRequest({ kind: "hours", startDate: "2026-11-24", endDate: "2026-11-24", hoursPerDay: 0 }, hours)).toThrow(RangeError);
    // A category that counts days takes no request in hours.
    expect(() => chargeRequest({ kind: "hours", startDate: "2026-11-24", endDate: "2026-11-24", hoursPerDay: 2 }, context([partTimer], "day"))).toThrow(RangeError);
    expect(minutesOfTime("24:00")).toBe(1440);
    expect(minutesOfTime("24:01")).toBeNull();
    expect(minutesOfTime("12:60")).toBeNull();
  });

  it("counts wall-clock hours: a day the clocks change on is still the schedule's hours", () => {
    // 29 March 2026 (Europe) and 8 March 2026 (United States) spring forward, 25 October and
    // 1 November 2026 fall back; this person works Sundays, 8 h.
    const sundays = context([weekly("2026-01-01", { 7: 8 })], "hour", NO_HOLIDAYS);
    for (const date of ["2026-03-29", "2026-03-08", "2026-10-25", "2026-11-01"]) {
      expect(chargeRequest(days(date, date), sundays).amount).toBe(8);
      expect(chargeRequest({ kind: "time", date, startTime: "01:00", endTime: "04:00" }, sundays).amount).toBe(3);
    }
  });

  it("asks a calendar without a holiday list date by date, with the same answer", () => {
    const bare: HolidayCalendar = { isHoliday: (date) => portugal.isHoliday(date), weekdayHolidaysBetween: (from, to) => portugal.weekdayHolidaysBetween(from, to) };
    const request = days("2026-11-16", "2027-01-08", { halfDayStart: true });
    expect(chargeRequest(request, context([fourDays], "hour", bare))).toEqual(chargeRequest(request, context([fourDays], "hour")));
  });

  it("charges a range across the April leave-year boundary to both years", () => {
    // 28 March–3 April 2026 with a leave year from April: 28 March is a Saturday, 3 April Good Friday.
    const parts = chargeByLeaveYear(days("2026-03-28", "2026-04-03"), context([], "day"), 4);
    expect(parts.map(({ leaveYear, charge }) => [leaveYear.label, charge.amount])).toEqual([
      ["2025/26", 2], // Monday 30, Tuesday 31 March
      ["2026/27", 2], // Wednesday 1, Thursday 2 April; Good Friday is a holiday
    ]);
    // A January leave year keeps it in one year.
    expect(chargeByLeaveYear(days("2026-03-28", "2026-04-03"), context([], "day"), 1).map(({ leaveYear, charge }) => [leaveYear.label, charge.amount])).toEqual([["2026", 4]]);
  });

  it("keeps what a pending request was charged after its schedule changes, and shows both figures", () => {
    // Asked on a five-day week for 30 November–11 December 2026; from 7 December the person works four days.
    const request = days("2026-11-30", "2026-12-11");
    const before = scheduleTimeline([], []);
    const frozen = freezeSchedules(before, request.startDate, request.endDate);
    const after = scheduleTimeline([weekly("2026-12-07", { 1: 8, 2: 8, 3: 8, 4: 8 })]);
    const charged = chargeRequest(request, { schedules: frozenSchedules(frozen, after), calendar: portugal, unit: "day" });
    const current = chargeRequest(request, { schedules: after, calendar: portugal, unit: "day" });
    // Ten weekdays, 1 December a holiday.
    expect(charged.amount).toBe(9);
    expect(current.amount).toBe(8);
    expect(compareCharges(charged, current)).toMatchObject({ difference: -1, changed: true });
    expect(compareCharges(charged, charged)).toMatchObject({ difference: 0, changed: false });
  });

  it("sums charges field by field", () => {
    const a = chargeRequest(days("2026-11-23", "2026-11-24", { halfDayEnd: true }), context([partTimer], "hour"));
    const b = chargeRequest(days("2026-11-25", "2026-11-25"), context([partTimer], "hour"));
    expect(addCharges("hour", [a, b])).toMatchObject({ minutes: 8 * 60 + 120 + 8 * 60, amount: 18, days: 2.5, workingDays: 3 });
  });
});

// ---- Properties ----

const dateOf = (n: number) => addDays("2025-06-01", n);
const schedule = fc.record({
  validFrom: fc.integer({ min: 0, max: 800 }).map(dateOf),
  cycleWeeks: fc.constantFrom(1 as const, 2 as const),
  days: fc.array(fc.record({ weekday: fc.integer({ min: 1, max: 7 }), week: fc.constantFrom(1, 2), hours: fc.constantFrom(0, 3, 4, 7.6, 7.75, 8) }), { maxLength: 10 }),
});
const timelineArb = fc.record({ own: fc.array(schedule, { maxLength: 3 }), defaults: fc.array(schedule, { maxLength: 2 }) });
const holidayRows = fc.array(
  fc.record({ date: fc.integer({ min: -400, max: 1200 }).map(dateOf), countryCode: fc.constant("PT"), isRecurring: fc.boolean() }),
  { maxLength: 12 },
);
const span = fc.oneof(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 120 }));
const request: fc.Arbitrary<{ request: LeaveRequest; unit: LeaveUnit }> = fc.oneof(
  fc.record({ start: fc.integer({ min: 0, max: 800 }), span, halfDayStart: fc.boolean(), halfDayEnd: fc.boolean(), unit: fc.constantFrom<LeaveUnit>("day", "hour") }).map(({ start, span, halfDayStart, halfDayEnd, unit }) => ({
    request: days(dateOf(start), dateOf(start + span), { halfDayStart, halfDayEnd }),
    unit,
  })),
  fc.record({ start: fc.integer({ min: 0, max: 800 }), span, hoursPerDay: fc.constantFrom(1, 2.5, 4, 6, 9) }).map(({ start, span, hoursPerDay }) => ({
    request: { kind: "hours" as const, startDate: dateOf(start), endDate: dateOf(start + span), hoursPerDay },
    unit: "hour" as const,
  })),
);

/** The request's part on one date, as a request of its own. */
function onDate(request: LeaveRequest, date: string): LeaveRequest {
  if (request.kind === "hours") return { ...request, startDate: date, endDate: date };
  if (request.kind === "time") return request;
  return { ...request, startDate: date, endDate: date, halfDayStart: request.halfDayStart && date === request.startDate, halfDayEnd: request.halfDayEnd && date === request.endDate };
}

const datesOf = (request: LeaveRequest) => (request.kind === "time" ? [request.date] : [...eachDay(request.startDate, request.endDate)]);

/** The day-by-day reference: each date's minutes under the schedule in force then. */
function dayByDay(request: LeaveRequest, timeline: ScheduleTimeline, calendar: HolidayCalendar): { minutes: number; workingDays: number } {
  let minutes = 0;
  let workingDays = 0;
  for (const date of datesOf(request)) {
    const scheduled = scheduledMinutes(timeline.at(date), date);
    if (scheduled === 0 || calendar.isHoliday(date)) continue;
    workingDays++;
    if (request.kind === "hours") minutes += Math.min(scheduled, Math.round(request.hoursPerDay * 60));
    else if (request.kind !== "time") {
      const half = (request.halfDayStart && date === request.startDate) || (request.halfDayEnd && date === request.endDate);
      minutes += half ? scheduled / 2 : scheduled;
    }
  }
  return { minutes, workingDays };
}

describe("charging, property-based", () => {
  const runs = { numRuns: 60 };

  it("charges a range as the sum of charging its days, and as the day-by-day walk", () => {
    fc.assert(
      fc.property(timelineArb, holidayRows, request, ({ own, defaults }, holidays, { request, unit }) => {
        const ctx: ChargeContext = { schedules: scheduleTimeline(own, defaults), calendar: holidayCalendar(holidays, { countryCode: "PT" }, "PT"), unit };
        const whole = chargeRequest(request, ctx);
        const summed = addCharges(unit, datesOf(request).map((date) => chargeRequest(onDate(request, date), ctx)));
        expect(whole).toEqual(summed);
        expect(dayByDay(request, scheduleTimeline(own, defaults), ctx.calendar)).toEqual({ minutes: whole.minutes, workingDays: whole.workingDays });
      }),
      runs,
    );
  });

  it("charges the same total when the range is split at any day", () => {
    fc.assert(
      fc.property(timelineArb, holidayRows, request, fc.integer({ min: 0, max: 200 }), fc.integer({ min: 1, max: 12 }), ({ own, defaults }, holidays, { request, unit }, at, startMonth) => {
        const ctx: ChargeContext = { schedules: scheduleTimeline(own, defaults), calendar: holidayCalendar(holidays, { countryCode: "PT" }, "PT"), unit };
        const dates = datesOf(request);
        const cut = dates[at % dates.length];
        const whole = chargeRequest(request, ctx);
        const parts = [chargeBetween(request, dates[0], addDays(cut, -1), ctx), chargeBetween(request, cut, dates[dates.length - 1], ctx)];
        expect(addCharges(unit, parts)).toEqual(whole);
        expect(addCharges(unit, chargeByLeaveYear(request, ctx, startMonth).map(({ charge }) => charge))).toEqual(whole);
      }),
      runs,
    );
  });

  it("never changes an amount before D when a schedule changes on D", () => {
    fc.assert(
      fc.property(timelineArb, schedule, holidayRows, request, fc.integer({ min: 0, max: 200 }), ({ own, defaults }, change, holidays, { request, unit }, at) => {
        const calendar = holidayCalendar(holidays, { countryCode: "PT" }, "PT");
        const dates = datesOf(request);
        const d = dates[at % dates.length];
        const changed = { ...change, validFrom: d };
        const before = (schedules: ChargeContext["schedules"]) => chargeBetween(request, dates[0], addDays(d, -1), { schedules, calendar, unit });
        // A person's own new row, and a new company default, alike.
        expect(before(scheduleTimeline([...own, changed], defaults))).toEqual(before(scheduleTimeline(own, defaults)));
        expect(before(scheduleTimeline(own, [...defaults, changed]))).toEqual(before(scheduleTimeline(own, defaults)));
        // And a vacation charged with frozen schedules keeps its whole charge, whatever changes.
        const original = scheduleTimeline(own, defaults);
        const frozen = frozenSchedules(freezeSchedules(original, dates[0], dates[dates.length - 1]), scheduleTimeline([...own, changed], defaults));
        expect(chargeRequest(request, { schedules: frozen, calendar, unit })).toEqual(chargeRequest(request, { schedules: original, calendar, unit }));
      }),
      runs,
    );
  });
});

describe("vacationWorkingDays: the one count of lists, e-mails, reports, exports and the form (decision 0078)", () => {
  const week = { startDate: "2027-03-01", endDate: "2027-03-05", halfDayStart: false, halfDayEnd: true };
  it("counts Monday–Friday without a counter, as countWorkingDays", () => {
    expect(vacationWorkingDays(week, NO_HOLIDAYS, undefined)).toBe(4.5);
  });
  it("counts the person's days with their counter", () => {
    const fourDays = scheduleTimeline([{ validFrom: "2027-01-01", cycleWeeks: 1, days: [1, 2, 3, 4].map((weekday) => ({ weekday, hours: 8 })) }]);
    // Friday, the half last day, is not worked: nothing to halve.
    expect(vacationWorkingDays(week, NO_HOLIDAYS, scheduleDayCounter(fourDays))).toBe(4);
    expect(unscheduledWeekdays(fourDays, "2026-12-28", "2027-01-10")).toEqual(["2027-01-01", "2027-01-08"]);
  });
});

describe("unscheduledWeekdays: the weekdays a calendar shades on a person's row", () => {
  const fullTime = { validFrom: "2026-01-01", cycleWeeks: 1, days: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, hours: 8 })) } satisfies WorkSchedule;
  it("names none for a Monday–Friday person, over a whole year", () => {
    expect(unscheduledWeekdays(scheduleTimeline([fullTime]), "2027-01-01", "2027-12-31")).toEqual([]);
  });
  it("follows a two-week cycle from its own first week, and each schedule over its own dates", () => {
    // Week 1 (from Monday 2027-03-01) without Friday, week 2 every weekday; from 2027-03-22 Monday–Friday.
    const fortnight = {
      validFrom: "2027-03-03",
      cycleWeeks: 2,
      days: [
        ...[1, 2, 3, 4].map((weekday) => ({ weekday, week: 1, hours: 8 })),
        ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, week: 2, hours: 8 })),
      ],
    } satisfies WorkSchedule;
    const timeline = scheduleTimeline([fortnight, { ...fullTime, validFrom: "2027-03-22" }]);
    expect(unscheduledWeekdays(timeline, "2027-03-03", "2027-04-02")).toEqual(["2027-03-05", "2027-03-19"]);
  });
});
