// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// The parts of calendar feeds that need no database: addresses, the window, each vacation as an
// all-day event (exclusive end, "Absent", pending, half days), the rule for who may have which
// feed, and the iCalendar document as ical.js reads it.
import { describe, expect, it } from "vitest";
import {
  dateAndTimeIn,
  exclusiveEnd,
  feedEvent,
  feedLabel,
  feedWindow,
  subscribeAddresses,
  tokenOfFeedFile,
  type FeedVacation,
  type FeedEventContext,
} from "~/lib/calendar-feeds";
import { feedEtag, renderIcs } from "~/models/calendar-feed-ics.server";
import { getT } from "~/utils/i18n.server";
import { canSubscribeTo, type Viewer } from "~/utils/permissions.server";
import { generateToken } from "~/utils/tokens.server";
import { parseFeed } from "../support/ical";

const en = getT("en");

const vacation = (fields: Partial<FeedVacation> = {}): FeedVacation => ({
  id: "v1",
  userId: "ana",
  categoryId: "yearly_allowance",
  startDate: "2026-12-28",
  endDate: "2027-01-02",
  halfDayStart: false,
  halfDayEnd: false,
  status: "approved",
  description: "Skiing",
  createdAt: new Date("2026-11-01T10:00:00Z"),
  updatedAt: new Date("2026-11-02T10:00:00Z"),
  ...fields,
});

const context = (fields: Partial<FeedEventContext> = {}): FeedEventContext => ({
  scope: "company",
  host: "folga.example",
  t: en,
  categoryNameOf: () => "Vacation",
  person: (userId) => ({ name: userId === "ana" ? "Ana Silva" : "Bruno", detailed: userId === "ana" }),
  ...fields,
});

describe("feed addresses", () => {
  it("takes only a token of the generated shape, with the .ics name calendar apps expect", () => {
    const token = generateToken();
    expect(tokenOfFeedFile(`${token}.ics`)).toBe(token);
    expect(tokenOfFeedFile(token)).toBeNull();
    expect(tokenOfFeedFile(`${token}.ics.ics`)).toBeNull();
    expect(tokenOfFeedFile(`${token.slice(1)}.ics`)).toBeNull();
    expect(tokenOfFeedFile("../../etc/passwd.ics")).toBeNull();
    expect(tokenOfFeedFile(".ics")).toBeNull();
  });

  it("gives the web address and its webcal twin under APP_URL", () => {
    expect(subscribeAddresses("https://folga.example", "abc")).toEqual({ url: "https://folga.example/feeds/abc.ics", webcal: "webcal://folga.example/feeds/abc.ics" });
    expect(subscribeAddresses("http://localhost:3000", "abc")).toEqual({ url: "http://localhost:3000/feeds/abc.ics", webcal: "webcal://localhost:3000/feeds/abc.ics" });
  });
});

describe("dates of a feed", () => {
  it("ends an all-day event on the day after its last day, across months, years and 29 February", () => {
    expect(exclusiveEnd("2026-01-31")).toBe("2026-02-01");
    expect(exclusiveEnd("2026-12-31")).toBe("2027-01-01");
    expect(exclusiveEnd("2028-02-28")).toBe("2028-02-29");
    expect(exclusiveEnd("2028-02-29")).toBe("2028-03-01");
    expect(exclusiveEnd("2027-02-28")).toBe("2027-03-01");
  });

  it("covers one year back and two ahead of today", () => {
    expect(feedWindow("2026-11-22")).toEqual({ from: "2025-11-22", to: "2028-11-22" });
    expect(feedWindow("2028-02-29")).toEqual({ from: "2027-03-01", to: "2030-03-01" });
  });

  it("tells the date and time of an instant in the company's zone", () => {
    expect(dateAndTimeIn(new Date("2026-12-31T23:30:00Z"), "Europe/Lisbon")).toEqual({ date: "2026-12-31", time: "23:30" });
    expect(dateAndTimeIn(new Date("2026-12-31T23:30:00Z"), "Europe/Madrid")).toEqual({ date: "2027-01-01", time: "00:30" });
    expect(dateAndTimeIn(new Date("2026-07-01T00:05:00Z"), "America/Sao_Paulo")).toEqual({ date: "2026-06-30", time: "21:05" });
  });
});

describe("a vacation as an event", () => {
  it("is an all-day event with a stable uid, the category and the description when the owner may see them", () => {
    expect(feedEvent(vacation(), context())).toEqual({
      uid: "v1@folga.example",
      start: "2026-12-28",
      end: "2027-01-03",
      summary: "Ana Silva — Vacation",
      description: "Skiing",
      tentative: false,
      created: new Date("2026-11-01T10:00:00Z"),
      modified: new Date("2026-11-02T10:00:00Z"),
    });
  });

  it("is only 'Absent', with no category or description, when the owner may not see why", () => {
    const event = feedEvent(vacation({ userId: "bruno" }), context());
    expect(event?.summary).toBe("Bruno — Absent");
    expect(event?.description).toBeNull();
    expect(feedEvent(vacation({ userId: "bruno" }), context({ t: getT("pt") }))?.summary).toBe("Bruno — Ausente");
    expect(feedEvent(vacation({ userId: "bruno" }), context({ t: getT("es") }))?.summary).toBe("Bruno — Ausente");
  });

  it("marks a pending request tentative and says so; never shows rejected or cancelled ones", () => {
    const pending = feedEvent(vacation({ status: "pending" }), context());
    expect(pending).toMatchObject({ tentative: true, summary: "Ana Silva — Vacation (pending)" });
    expect(feedEvent(vacation({ status: "pending" }), context({ t: getT("pt") }))?.summary).toBe("Ana Silva — Vacation (pendente)");
    expect(feedEvent(vacation({ status: "rejected" }), context())).toBeNull();
    expect(feedEvent(vacation({ status: "cancelled" }), context())).toBeNull();
  });

  it("keeps half days all-day and names the half in the title", () => {
    const day = { startDate: "2026-12-01", endDate: "2026-12-01" };
    expect(feedEvent(vacation({ ...day, halfDayStart: true }), context())?.summary).toBe("Ana Silva — Vacation (afternoon)");
    expect(feedEvent(vacation({ ...day, halfDayEnd: true }), context())?.summary).toBe("Ana Silva — Vacation (morning)");
    expect(feedEvent(vacation({ halfDayStart: true, halfDayEnd: true, status: "pending" }), context())?.summary).toBe(
      "Ana Silva — Vacation (first day from midday, last day until midday, pending)",
    );
    expect(feedEvent(vacation({ ...day, halfDayStart: true }), context())).toMatchObject({ start: "2026-12-01", end: "2026-12-02" });
  });

  it("titles the owner's own feed with the category alone", () => {
    expect(feedEvent(vacation(), context({ scope: "person" }))?.summary).toBe("Vacation");
  });

  it("skips a stored row whose dates are no dates instead of breaking the feed", () => {
    expect(feedEvent(vacation({ startDate: "2026-13-01" }), context())).toBeNull();
    expect(feedEvent(vacation({ startDate: "2027-01-05", endDate: "2027-01-02" }), context())).toBeNull();
  });

  it("labels feeds by what they show", () => {
    const names = { person: "Ana Silva", company: "Demo Company", team: "Engineering" };
    expect(feedLabel(en, "person", names)).toBe("My absences");
    expect(feedLabel(en, "team", names)).toBe("Team Engineering");
    expect(feedLabel(en, "company", names)).toBe("Whole company (Demo Company)");
  });
});

describe("who may have which feed", () => {
  const viewer = (role: Viewer["role"], teamId: string | null, adminOfTeamIds: string[] = []): Viewer => ({
    userId: "u",
    companyId: "c",
    role,
    isMaster: false,
    teamId,
    adminOfTeamIds,
    timeZone: "Europe/Lisbon",
  });
  const team = (teamId: string | null) => ({ scope: "team" as const, teamId });

  it("gives everyone their own and the company's", () => {
    expect(canSubscribeTo(viewer("user", null), { scope: "person", teamId: null })).toBe(true);
    expect(canSubscribeTo(viewer("user", null), { scope: "company", teamId: null })).toBe(true);
  });

  it("gives a team's to its members and admins, any team's to company admins, and no other", () => {
    expect(canSubscribeTo(viewer("user", "red"), team("red"))).toBe(true);
    expect(canSubscribeTo(viewer("user", "red"), team("blue"))).toBe(false);
    expect(canSubscribeTo(viewer("user", null, ["blue"]), team("blue"))).toBe(true);
    expect(canSubscribeTo(viewer("admin", "red"), team("blue"))).toBe(true);
    expect(canSubscribeTo(viewer("owner", null), team("blue"))).toBe(true);
    expect(canSubscribeTo(viewer("owner", null), team(null))).toBe(false);
  });
});

describe("the iCalendar document", () => {
  const events = [
    feedEvent(vacation(), context()),
    feedEvent(vacation({ id: "v2", userId: "bruno", status: "pending", startDate: "2027-01-31", endDate: "2027-01-31", description: "Private; reason, with\nnew line" }), context()),
  ].filter((event) => event !== null);
  const ics = renderIcs({ name: "Folga — Demo Company", description: "Absences at Demo Company", events, busy: false });

  it("is read by ical.js as all-day events with DATE values and exclusive ends", () => {
    const parsed = parseFeed(ics);
    expect(parsed.name).toBe("Folga — Demo Company");
    expect(parsed.events).toEqual([
      expect.objectContaining({ uid: "v1@folga.example", summary: "Ana Silva — Vacation", description: "Skiing", status: "CONFIRMED", start: "2026-12-28", end: "2027-01-03", startType: "date", endType: "date", transparency: "TRANSPARENT" }),
      expect.objectContaining({ uid: "v2@folga.example", summary: "Bruno — Absent (pending)", description: null, status: "TENTATIVE", start: "2027-01-31", end: "2027-02-01", startType: "date", endType: "date" }),
    ]);
    expect(ics).toContain("DTSTART;VALUE=DATE:20261228");
    expect(ics).toContain("DTEND;VALUE=DATE:20270103");
    expect(ics).not.toContain("Private");
  });

  it("escapes the calendar's names as TEXT, like SUMMARY, ends every line with CRLF and folds at 75 octets", () => {
    const name = "Silva, Irmãos; Filhos \\ Lda\nPorto";
    const description = `Ausências; da equipa, de ${"Ação ".repeat(30)}`;
    const document = renderIcs({ name, description, events: [{ ...events[0], summary: name }], busy: false });
    const escaped = "Silva\\, Irmãos\\; Filhos \\\\ Lda\\nPorto";
    const unfolded = document.replace(/\r\n /g, "");
    for (const property of ["NAME", "X-WR-CALNAME", "SUMMARY"]) expect(unfolded).toContain(`\r\n${property}:${escaped}\r\n`);
    expect(unfolded).toContain(`\r\nX-WR-CALDESC:Ausências\\; da equipa\\, de ${"Ação ".repeat(30)}\r\n`);
    expect(document.endsWith("END:VCALENDAR\r\n")).toBe(true);
    const lines = document.slice(0, -2).split("\r\n");
    expect(lines.every((line) => Buffer.byteLength(line) <= 75 && !/[\r\n]/.test(line))).toBe(true);
    expect(lines.filter((line) => line.startsWith(" ")).length).toBeGreaterThan(0);
    const parsed = parseFeed(document);
    expect(parsed).toMatchObject({ name, nameProperty: name, description, events: [expect.objectContaining({ summary: name })] });
  });

  it("marks the owner's own vacations busy", () => {
    expect(parseFeed(renderIcs({ name: "x", description: "y", events, busy: true })).events[0].transparency).toBe("OPAQUE");
  });

  it("is the same text for the same data, so its ETag holds until something changes", () => {
    const again = renderIcs({ name: "Folga — Demo Company", description: "Absences at Demo Company", events, busy: false });
    expect(again).toBe(ics);
    expect(feedEtag(again)).toBe(feedEtag(ics));
    expect(feedEtag(renderIcs({ name: "Folga — Demo Company", description: "Absences at Demo Company", events: events.slice(1), busy: false }))).not.toBe(feedEtag(ics));
  });
});
