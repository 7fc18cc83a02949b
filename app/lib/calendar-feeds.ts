// Calendar feeds (iCal subscriptions), the parts with no database: addresses, the window of dates a
// feed covers, and what each vacation becomes as an all-day event. Shared by the server (the feed
// itself, the management page's loader) and the page. See docs/decisions/0023-calendar-feeds.md.
import type { TFunction } from "i18next";
import { addDays, isIsoDate, isoDate, type IsoDate } from "./dates";
import { holdsDates } from "./statuses";

export const FEED_SCOPES = ["person", "team", "company"] as const;
export type FeedScope = (typeof FEED_SCOPES)[number];

export function isFeedScope(value: unknown): value is FeedScope {
  return typeof value === "string" && (FEED_SCOPES as readonly string[]).includes(value);
}

// generateToken (app/utils/tokens.server.ts): 32 random bytes, base64url without padding.
const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The path a feed answers on: `/feeds/<token>.ics` (calendar apps like a file name). */
export function feedPath(token: string): string {
  return `/feeds/${token}.ics`;
}

/** The token in the last segment of a feed's path, or null when it cannot be one. */
export function tokenOfFeedFile(file: string): string | null {
  if (!file.endsWith(".ics")) return null;
  const token = file.slice(0, -".ics".length);
  return FEED_TOKEN.test(token) ? token : null;
}

/**
 * The addresses to subscribe with: the web one (pasted into Google Calendar or Outlook) and the
 * same with the webcal scheme, which opens the calendar app of the device.
 */
export function subscribeAddresses(appUrl: string, token: string): { url: string; webcal: string } {
  const url = new URL(feedPath(token), appUrl).href;
  return { url, webcal: url.replace(/^https?:/, "webcal:") };
}

/** Calendar years are shifted by the date's parts: 29 February becomes 1 March. */
function shiftYears(date: IsoDate, years: number): IsoDate {
  return isoDate(Number(date.slice(0, 4)) + years, Number(date.slice(5, 7)), Number(date.slice(8, 10)));
}

/**
 * The vacations a feed carries: those touching one year back to two years ahead of today. Calendar
 * apps keep what they fetched before, so the past needs no more; the bound keeps a large
 * company's feed a size apps accept.
 */
export function feedWindow(today: IsoDate): { from: IsoDate; to: IsoDate } {
  return { from: shiftYears(today, -1), to: shiftYears(today, 2) };
}

/** iCalendar's DTEND of an all-day event is the day after the last one (RFC 5545, 3.6.1). */
export function exclusiveEnd(lastDay: IsoDate): IsoDate {
  return addDays(lastDay, 1);
}

/** What a feed needs to know about one vacation. */
export interface FeedVacation {
  id: string;
  userId: string;
  categoryId: string;
  startDate: string;
  endDate: string;
  halfDayStart: boolean;
  halfDayEnd: boolean;
  status: string;
  description: string;
  createdAt: Date;
  updatedAt: Date;
}

/** The person a vacation belongs to, as the feed's owner sees them. */
export interface FeedPerson {
  name: string;
  /** seesVacationDetailsOf(owner, person): the absence category and description, or only "Absent". */
  detailed: boolean;
}

export interface FeedEvent {
  /** Stable across fetches, so calendar apps update an event instead of adding it twice. */
  uid: string;
  start: IsoDate;
  /** Exclusive: the day after the last day. */
  end: IsoDate;
  summary: string;
  description: string | null;
  tentative: boolean;
  created: Date;
  /** When the vacation last changed: DTSTAMP and LAST-MODIFIED of a feed without a METHOD. */
  modified: Date;
}

export interface FeedEventContext {
  scope: FeedScope;
  /** The app's host name: the right-hand side of every UID. */
  host: string;
  person: (userId: string) => FeedPerson;
  /** The absence category's name as the owner reads it (categoryName). */
  categoryNameOf: (categoryId: string) => string;
  t: TFunction;
}

/** Half days stay all-day events (a feed has no working hours to place them in): the title says which half. */
function halfDayNote(vacation: FeedVacation, t: TFunction): string | null {
  const { halfDayStart, halfDayEnd } = vacation;
  if (vacation.startDate === vacation.endDate) {
    if (halfDayStart && halfDayEnd) return t("feeds.event.halfDay");
    if (halfDayStart) return t("feeds.event.afternoon");
    if (halfDayEnd) return t("feeds.event.morning");
    return null;
  }
  const notes = [halfDayStart ? t("feeds.event.firstDayAfternoon") : null, halfDayEnd ? t("feeds.event.lastDayMorning") : null].filter(Boolean);
  return notes.length ? notes.join(", ") : null;
}

/**
 * One vacation as an all-day event, or null for what a feed never shows: rejected and cancelled
 * requests, and a stored row with dates that are no dates (one bad row must not break a feed).
 * Pending requests are tentative and say so in the title; a vacation whose reason the owner may
 * not see is "Absent", without absence category or description.
 */
export function feedEvent(vacation: FeedVacation, context: FeedEventContext): FeedEvent | null {
  if (!holdsDates(vacation.status)) return null;
  if (!isIsoDate(vacation.startDate) || !isIsoDate(vacation.endDate) || vacation.endDate < vacation.startDate) return null;
  const { t } = context;
  const person = context.person(vacation.userId);
  const what = person.detailed ? context.categoryNameOf(vacation.categoryId) : t("feeds.event.absent");
  const title = context.scope === "person" ? what : t("feeds.event.personTitle", { name: person.name, what });
  const pending = vacation.status === "pending";
  const notes = [halfDayNote(vacation, t), pending ? t("feeds.event.pending") : null].filter(Boolean);
  const description = person.detailed ? vacation.description.trim() : "";
  return {
    uid: `${vacation.id}@${context.host}`,
    start: vacation.startDate,
    end: exclusiveEnd(vacation.endDate),
    summary: notes.length ? `${title} (${notes.join(", ")})` : title,
    description: description || null,
    tentative: pending,
    created: vacation.createdAt,
    modified: vacation.updatedAt,
  };
}

/** Names a feed is labelled with, in lists, notices and the calendar's own name. */
export interface FeedNames {
  person: string;
  company: string;
  team: string | null;
}

/** "My absences", "Team Engineering", "Whole company (Demo Company)". */
export function feedLabel(t: TFunction, scope: FeedScope, names: FeedNames): string {
  if (scope === "team") return t("feeds.scope.team", { name: names.team ?? "" });
  if (scope === "company") return t("feeds.scope.company", { name: names.company });
  return t("feeds.scope.person", { name: names.person });
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

/** An instant as the date and 24-hour time of a time zone (the company's): "last fetched". */
export function dateAndTimeIn(instant: Date, timeZone: string): { date: IsoDate; time: string } {
  let format = partsFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    partsFormatters.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return { date: `${part.year}-${part.month}-${part.day}`, time: `${part.hour}:${part.minute}` };
}
