// Instants (audit entries are moments, not calendar dates) read in a time zone: the calendar date
// and wall-clock time they fall on there, and the instant a calendar date starts there. The
// company's zone decides, as "today" does (todayIn in dates.ts).
import { addDays, toUtcDate, type IsoDate } from "./dates";
import { formatDate } from "./format";

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partFormatters.set(timeZone, formatter);
  }
  return formatter;
}

export interface ZonedDateTime {
  date: IsoDate;
  /** HH:MM:SS, 24-hour. */
  time: string;
}

/** The calendar date and time an instant shows on a clock in the zone. */
export function zonedDateTime(instant: Date, timeZone: string): ZonedDateTime {
  const parts: Record<string, string> = {};
  for (const part of partsFormatter(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}:${parts.second}` };
}

/** How far the zone's clocks are ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: Date, timeZone: string): number {
  const { date, time } = zonedDateTime(instant, timeZone);
  const [hours, minutes, seconds] = time.split(":").map(Number);
  const wall = toUtcDate(date).getTime() + ((hours * 60 + minutes) * 60 + seconds) * 1000;
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant a calendar date begins in the zone (its midnight, or the first moment after a gap). */
export function zonedDayStart(date: IsoDate, timeZone: string): Date {
  const midnightUtc = toUtcDate(date).getTime();
  const guess = new Date(midnightUtc - offsetAt(new Date(midnightUtc), timeZone));
  // The offset at the guess can differ when a clock change falls in between: take the one there,
  // unless that lands on the day before (a midnight the clocks skip): then the guess is the start.
  const start = new Date(midnightUtc - offsetAt(guess, timeZone));
  return zonedDateTime(start, timeZone).date === date ? start : guess;
}

/** The instant the next calendar date begins: the end (exclusive) of a "to" date filter. */
export function zonedDayEnd(date: IsoDate, timeZone: string): Date {
  return zonedDayStart(addDays(date, 1), timeZone);
}

/** "YYYY-MM-DD HH:MM:SS" in the zone: ISO 8601 with a space, which every spreadsheet reads as a time. */
export function isoDateTimeIn(instant: Date, timeZone: string): string {
  const { date, time } = zonedDateTime(instant, timeZone);
  return `${date} ${time}`;
}

/**
 * A moment as people read it, on the clocks of a time zone: "3 Aug 2026 14:03" (24-hour in every
 * language), the date through the one date formatter (format.ts). Kept out of format.ts so the
 * pages that show no moments do not carry the zone arithmetic.
 */
export function formatMoment(instant: Date, language: string, timeZone: string): string {
  const { date, time } = zonedDateTime(instant, timeZone);
  return `${formatDate(date, language)}\u00a0${time.slice(0, 5)}`;
}
