// A feed's events as an iCalendar document, written by ical-generator (escaping, line folding,
// all-day values): nothing of the format is written by hand here.
import { createHash } from "node:crypto";
import ical, { escape, ICalEventStatus, ICalEventTransparency } from "ical-generator";
import { toUtcDate } from "~/lib/dates";
import type { FeedEvent } from "~/lib/calendar-feeds";

/** How often calendar apps are asked to fetch again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const FEED_REFRESH_SECONDS = 60 * 60;

export interface FeedCalendar {
  name: string;
  description: string;
  events: readonly FeedEvent[];
  /**
   * The owner's own vacations mark them busy; colleagues' vacations are information and leave the
   * subscriber's own time free.
   */
  busy: boolean;
}

export function renderIcs(calendar: FeedCalendar): string {
  const document = ical({
    // ical-generator writes the calendar's NAME, X-WR-CALNAME and X-WR-CALDESC as given, while it
    // escapes an event's SUMMARY and DESCRIPTION: its own TEXT escaping (RFC 5545 3.3.11: \ ; ,
    // and line breaks), the one it exports, makes the names TEXT too. A company or team named
    // "Silva, Lda" or with a line break would otherwise split the property or the document.
    name: escape(calendar.name, false),
    description: escape(calendar.description, false),
    prodId: { company: "Folga", product: "Calendar feeds", language: "EN" },
    ttl: FEED_REFRESH_SECONDS,
  });
  for (const event of calendar.events) {
    document.createEvent({
      id: event.uid,
      allDay: true,
      // Dates at UTC midnight: ical-generator writes an all-day value from the UTC date, so no
      // server time zone can move a day.
      start: toUtcDate(event.start),
      end: toUtcDate(event.end),
      summary: event.summary,
      description: event.description,
      status: event.tentative ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
      transparency: calendar.busy ? ICalEventTransparency.OPAQUE : ICalEventTransparency.TRANSPARENT,
      created: event.created,
      // The same document for the same data: the ETag holds until a vacation changes.
      stamp: event.modified,
      lastModified: event.modified,
    });
  }
  // Every content line ends with CRLF (RFC 5545 3.1), the last one too: ical-generator ends its
  // text at END:VCALENDAR.
  return `${document.toString()}\r\n`;
}

/** A validator of the document (weak: compression may re-encode the bytes it names). */
export function feedEtag(ics: string): string {
  return `W/"${createHash("sha256").update(ics).digest("base64url").slice(0, 32)}"`;
}
