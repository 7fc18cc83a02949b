// Reads a calendar feed the way calendar apps do, with ical.js (Mozilla's parser behind Thunderbird
// and many web calendars), into plain values tests can compare.
import ICAL from "ical.js";

export interface ParsedEvent {
  uid: string;
  summary: string;
  description: string | null;
  status: string | null;
  transparency: string | null;
  /** YYYY-MM-DD when the value is a DATE (an all-day event); the full value otherwise. */
  start: string;
  end: string;
  /** The iCalendar value type of DTSTART and DTEND: "date" for all-day events. */
  startType: string;
  endType: string;
  categories: string[];
}

export interface ParsedCalendar {
  name: string | null;
  /** NAME alone (name is X-WR-CALNAME, or NAME without it). */
  nameProperty: string | null;
  description: string | null;
  events: ParsedEvent[];
}

const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
/**
 * A calendar's NAME (RFC 7986), X-WR-CALNAME and X-WR-CALDESC are TEXT, which calendar apps
 * unescape; ical.js does not know them and hands their raw value over.
 */
const calendarText = (calendar: ICAL.Component, name: string) => {
  const value = calendar.getFirstPropertyValue(name);
  return value === null || value === undefined ? null : (ICAL.design.icalendar.value.text.fromICAL(String(value)) as string);
};

export function parseFeed(ics: string): ParsedCalendar {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const events = calendar.getAllSubcomponents("vevent").map((component): ParsedEvent => {
    const event = new ICAL.Event(component);
    const start = component.getFirstProperty("dtstart");
    const end = component.getFirstProperty("dtend");
    return {
      uid: event.uid,
      summary: event.summary,
      description: text(component.getFirstPropertyValue("description")),
      status: text(component.getFirstPropertyValue("status")),
      transparency: text(component.getFirstPropertyValue("transp")),
      start: event.startDate.toString(),
      end: event.endDate.toString(),
      startType: start?.type ?? "",
      endType: end?.type ?? "",
      categories: component.getAllProperties("categories").flatMap((property) => property.getValues().map(String)),
    };
  });
  return {
    name: calendarText(calendar, "x-wr-calname") ?? calendarText(calendar, "name"),
    nameProperty: calendarText(calendar, "name"),
    description: calendarText(calendar, "x-wr-caldesc"),
    events,
  };
}
