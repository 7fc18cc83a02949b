// Display formatting shared by server and browser: screens, e-mails and the e-mail decision page
// all show days and dates through these functions.
import { toUtcDate, type IsoDate } from "./dates";

/** Shown where a figure is unknown (spec §2: 'a dash when unknown'). */
export const UNKNOWN_FIGURE = "—";

const formatters = new Map<string, Intl.NumberFormat>();

// Reports format several figures per user; building a formatter is far costlier than using one.
function numberFormat(locale: string, fractionDigits: number): Intl.NumberFormat {
  const key = `${locale}|${fractionDigits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * A number of days: whole numbers without decimals ("2"), halves with one ("2.5"; "2,5" in pt
 * and es). Other fractions are rounded to one decimal. Unknown values show a dash.
 */
export function formatDays(days: number | null | undefined, locale = "pt"): string {
  if (days == null || !Number.isFinite(days)) return UNKNOWN_FIGURE;
  // Rounding first keeps 2.96 from printing as "3.0"; adding 0 turns -0 into 0 so no "-0" shows.
  const rounded = Math.round(days * 10) / 10 + 0;
  return numberFormat(locale, Number.isInteger(rounded) ? 0 : 1).format(rounded);
}

const LOCALE_TAGS: Record<string, string> = { pt: "pt-PT", en: "en-GB", es: "es-ES" };

/** The BCP 47 tag for Intl formatting of an interface language (pt → pt-PT). */
export function localeTag(language: string): string {
  return LOCALE_TAGS[language] ?? LOCALE_TAGS.pt;
}

interface DateFormatter {
  format: Intl.DateTimeFormat;
  /** Formatted dates: pages show the same few hundred dates over and over. */
  done: Map<IsoDate, string>;
  /** Formatted ranges, "start/end". */
  ranges: Map<string, string>;
}

const dateFormatters = new Map<string, DateFormatter>();
// Calendars format hundreds of dates per render: the key of an options object is worked out once.
const optionKeys = new WeakMap<Intl.DateTimeFormatOptions, string>();
const MAX_REMEMBERED_DATES = 4000;
const NBSP = "\u00a0";

function optionsKey(options: Intl.DateTimeFormatOptions): string {
  let key = optionKeys.get(options);
  if (key === undefined) {
    key = JSON.stringify(options);
    optionKeys.set(options, key);
  }
  return key;
}

/**
 * With `unbreakable`, every space becomes a no-break space: a date never wraps in the middle, in
 * HTML or in the plain text of an e-mail. It also evens out ICU versions, which space ranges with
 * thin or plain spaces (the server's text must equal the browser's when the page hydrates).
 */
function dateFormatter(tag: string, options: Intl.DateTimeFormatOptions, unbreakable: boolean): DateFormatter {
  const key = `${tag}|${optionsKey(options)}|${unbreakable}`;
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    formatter = { format: new Intl.DateTimeFormat(tag, { ...options, timeZone: "UTC" }), done: new Map(), ranges: new Map() };
    dateFormatters.set(key, formatter);
  }
  return formatter;
}

function formatWith(formatter: DateFormatter, iso: IsoDate, unbreakable: boolean): string {
  let text = formatter.done.get(iso);
  if (text === undefined) {
    text = formatter.format.format(toUtcDate(iso));
    if (unbreakable) text = text.replace(/\s+/g, NBSP);
    if (formatter.done.size >= MAX_REMEMBERED_DATES) formatter.done.clear();
    formatter.done.set(iso, text);
  }
  return text;
}

/**
 * Formats a calendar date with any Intl options (calendar captions, weekday names). The date is
 * read as UTC midnight and formatted in UTC, so no browser or server time zone can move it to the
 * previous or next day.
 */
export function formatIsoDate(iso: IsoDate, language: string, options: Intl.DateTimeFormatOptions): string {
  return formatWith(dateFormatter(localeTag(language), options, false), iso, false);
}

const READABLE_DATE: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric" };
// pt-PT writes a short month as a number ("3/08/2026"); "pt" names it, as people here write it too.
const READABLE_DATE_TAGS: Record<string, string> = { pt: "pt", en: "en-GB", es: "es-ES" };

function readableDateFormatter(language: string): DateFormatter {
  return dateFormatter(READABLE_DATE_TAGS[language] ?? READABLE_DATE_TAGS.pt, READABLE_DATE, true);
}

/** The date a person reads, one style per language: "3 Aug 2026", "3 ago 2026", "3 de ago. de 2026". */
export function formatDate(iso: IsoDate, language: string): string {
  return formatWith(readableDateFormatter(language), iso, true);
}

/**
 * A range of dates in the same style, sharing what the two ends share: "3 – 7 Aug 2026",
 * "30 Jul – 4 Aug 2026", "30 Dec 2026 – 4 Jan 2027"; one day is just that date.
 */
export function formatDateRange(start: IsoDate, end: IsoDate, language: string): string {
  if (start === end) return formatDate(start, language);
  // Lists show the same ranges on every request; Intl's formatRange is slow (~20 µs a call).
  const formatter = readableDateFormatter(language);
  const key = `${start}/${end}`;
  let text = formatter.ranges.get(key);
  if (text === undefined) {
    text = formatter.format.formatRange(toUtcDate(start), toUtcDate(end)).replace(/\s+/g, NBSP);
    if (formatter.ranges.size >= MAX_REMEMBERED_DATES) formatter.ranges.clear();
    formatter.ranges.set(key, text);
  }
  return text;
}


/**
 * An amount of leave in its unit, the one way every list, e-mail, export and the API's readers see
 * it (decision 0081): "2,5 dias" / "2.5 days", or hours as "6 h" / "6,25 h" (quarter hours, so two
 * decimals). Days are CLDR's own unit words (Intl), so no locale file has to spell them; "h" is
 * the SI symbol every language here writes. Unknown values show a dash.
 */
export function formatLeaveAmount(amount: number | null | undefined, unit: "day" | "hour", language: string): string {
  if (amount == null || !Number.isFinite(amount)) return UNKNOWN_FIGURE;
  if (unit === "hour") return `${formatHours(amount, language)}${NBSP}h`;
  const rounded = Math.round(amount * 10) / 10 + 0;
  return dayUnitFormat(localeTag(language), Number.isInteger(rounded) ? 0 : 1).format(rounded).replace(/\s+/g, NBSP);
}

/** Hours to the quarter: "6", "6,25", "0,5"; without a unit, for tables whose column names it. */
export function formatHours(hours: number | null | undefined, language: string): string {
  if (hours == null || !Number.isFinite(hours)) return UNKNOWN_FIGURE;
  const rounded = Math.round(hours * 100) / 100 + 0;
  const digits = Number.isInteger(rounded) ? 0 : Number.isInteger(rounded * 10) ? 1 : 2;
  return numberFormat(localeTag(language), digits).format(rounded);
}

const dayUnitFormats = new Map<string, Intl.NumberFormat>();

function dayUnitFormat(tag: string, fractionDigits: number): Intl.NumberFormat {
  const key = `${tag}|${fractionDigits}`;
  let formatter = dayUnitFormats.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(tag, { style: "unit", unit: "day", unitDisplay: "long", minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });
    dayUnitFormats.set(key, formatter);
  }
  return formatter;
}
