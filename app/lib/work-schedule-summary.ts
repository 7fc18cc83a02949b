// A schedule in a few words for a card or a list cell: consecutive weekdays with the same hours
// run together ("Mon–Thu 8 h, Fri 4 h"). Client-safe; weekday names come from Intl, so each
// language names its own days.
import { formatHours, formatIsoDate } from "./format";
import type { WorkSchedule } from "./work-schedule";

// 2024-01-01 was a Monday: weekday n is that date plus n - 1 days.
const weekdayDate = (weekday: number) => `2024-01-0${weekday}`;

export function weekdayName(weekday: number, language: string, width: "short" | "long" = "short"): string {
  return formatIsoDate(weekdayDate(weekday), language, { weekday: width, timeZone: "UTC" });
}

/** One week's runs, e.g. "Mon–Thu 8 h, Fri 4 h"; an empty string for a week with no day worked. */
function describeWeek(hoursByWeekday: readonly number[], language: string): string {
  const runs: { from: number; to: number; hours: number }[] = [];
  for (let weekday = 1; weekday <= 7; weekday++) {
    const hours = hoursByWeekday[weekday - 1];
    if (!(hours > 0)) continue;
    const last = runs[runs.length - 1];
    if (last && last.to === weekday - 1 && last.hours === hours) last.to = weekday;
    else runs.push({ from: weekday, to: weekday, hours });
  }
  return runs
    .map(({ from, to, hours }) => {
      const days = from === to ? weekdayName(from, language) : `${weekdayName(from, language)}–${weekdayName(to, language)}`;
      return `${days} ${formatHours(hours, language)}\u00a0h`;
    })
    .join(", ");
}

/** Each week of the cycle described (one entry, or two for a two-week cycle). */
export function describeSchedule(schedule: WorkSchedule, language: string): string[] {
  const weeks = schedule.cycleWeeks === 2 ? [1, 2] : [1];
  return weeks.map((week) => {
    const hours = [1, 2, 3, 4, 5, 6, 7].map((weekday) => schedule.days.find((day) => day.weekday === weekday && (day.week ?? 1) === week)?.hours ?? 0);
    return describeWeek(hours, language);
  });
}
