// The company calendar's grid: a table with one row per person and one column per day, vacations as
// cells spanning their days (colSpan), so it reads as a table to screen readers and needs no
// JavaScript. Weekends and today are shaded per column (<col>), holidays per person (each row
// follows its person's work country and region), and so are the weekdays a person's work schedule
// has them not working (decision 0078).
import { Link } from "@remix-run/react";
import type { TFunction } from "i18next";
import { memo, useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useRangeSelection, type SelectedRange } from "~/hooks/use-range-selection";
import { dayNumber, isWeekend, maxDate, minDate, type IsoDate } from "~/lib/dates";
import { formatDateRange, formatIsoDate } from "~/lib/format";
import type { IsoMonth } from "~/lib/month-param";
import { lockReasonOn, type LockedSpan } from "~/lib/locked-days";
import { categoryName } from "./absence-category-name";
import { ScrollBox } from "./scroll-box";
import { withParams } from "./pager";

export interface MonthBar {
  id: string;
  startDate: IsoDate;
  endDate: IsoDate;
  status: string;
  halfDayStart: boolean;
  halfDayEnd: boolean;
  details: { description: string; categoryId: string; categoryName: string } | null;
  canCancel: boolean;
  canNotify: boolean;
}

export interface MonthPerson {
  id: string;
  name: string;
  isViewer: boolean;
  holidays: Record<IsoDate, string>;
  bars: MonthBar[];
  /** Weekdays this person does not work (their schedule); absent when none. */
  offDays?: IsoDate[];
}

/**
 * A month's vacation as the page sends it to the browser: a tuple, not an object. The page hydrates
 * from its loader's data, and a 200-person month's ~220 vacations as objects were ~4,000 keys for
 * turbo-stream to encode: as tuples the data is 40 % smaller and its encoding ~35 % cheaper
 * (bench/README.md, session 19). `flags` holds the four yes/no fields.
 */
export type PackedBar = [id: string, startDate: IsoDate, endDate: IsoDate, status: string, flags: number, details: [description: string, categoryId: string, categoryName: string] | null];
export type PackedPerson = Omit<MonthPerson, "bars"> & { bars: PackedBar[] };

const FLAGS = { halfDayStart: 1, halfDayEnd: 2, canCancel: 4, canNotify: 8 } as const;

/** The people of a month as the loader sends them (their bars as tuples). */
export function packPeople(people: readonly MonthPerson[]): PackedPerson[] {
  return people.map(({ id, name, isViewer, holidays, bars, offDays }) => ({
    id,
    name,
    isViewer,
    holidays,
    ...(offDays ? { offDays } : {}),
    bars: bars.map((bar): PackedBar => [
      bar.id,
      bar.startDate,
      bar.endDate,
      bar.status,
      (bar.halfDayStart ? FLAGS.halfDayStart : 0) | (bar.halfDayEnd ? FLAGS.halfDayEnd : 0) | (bar.canCancel ? FLAGS.canCancel : 0) | (bar.canNotify ? FLAGS.canNotify : 0),
      bar.details ? [bar.details.description, bar.details.categoryId, bar.details.categoryName] : null,
    ]),
  }));
}

/** The people of a month as the page works with them, from what the loader sent. */
export function unpackPeople(people: readonly PackedPerson[]): MonthPerson[] {
  // Each field named rather than the rest copied: a rest pattern copies through a slow path.
  return people.map(({ id, name, isViewer, holidays, bars, offDays }) => ({
    id,
    name,
    isViewer,
    holidays,
    ...(offDays ? { offDays } : {}),
    bars: bars.map(([id, startDate, endDate, status, flags, details]) => ({
      id,
      startDate,
      endDate,
      status,
      halfDayStart: (flags & FLAGS.halfDayStart) !== 0,
      halfDayEnd: (flags & FLAGS.halfDayEnd) !== 0,
      details: details && { description: details[0], categoryId: details[1], categoryName: details[2] },
      canCancel: (flags & FLAGS.canCancel) !== 0,
      canNotify: (flags & FLAGS.canNotify) !== 0,
    })),
  }));
}

/** Spec: at least 15 rows, padded with blank ones, so a small team's month does not look broken. */
export const MIN_ROWS = 15;

const WEEKDAY_NARROW: Intl.DateTimeFormatOptions = { weekday: "narrow" };
const DATE_FULL: Intl.DateTimeFormatOptions = { dateStyle: "full" };

/** "Férias de verão", or the absence category's name, or 'Absent' when the viewer may not see why. */
export function barTitle(t: TFunction, bar: Pick<MonthBar, "details">): string {
  if (!bar.details) return t("companyCalendar.absent");
  return bar.details.description.trim() || categoryName(t, { id: bar.details.categoryId, name: bar.details.categoryName });
}

/** A one-day bar's mark: the first letter of its title ("Consulta" → "C"), whatever script it is in. */
export function shortMark(title: string, language: string): string {
  const first = title.trim().match(/\p{L}|\p{N}/u)?.[0] ?? "•";
  return first.toLocaleUpperCase(language);
}

/** The bar's label: its title, plus the status in brackets when it is not approved. */
export function barLabel(t: TFunction, bar: Pick<MonthBar, "details" | "status">): string {
  const title = barTitle(t, bar);
  return bar.status === "approved" ? title : `${title} (${t(`absences.status.${bar.status === "pending" ? "pending" : "other"}`, { status: bar.status })})`;
}

interface MonthTableProps {
  month: IsoMonth;
  days: IsoDate[];
  today: IsoDate;
  companyHolidays: Record<IsoDate, string>;
  /** Lock dates of the month (decision 0091): each locked day's column heading is marked and names the reason. */
  locked?: readonly LockedSpan[];
  people: MonthPerson[];
  /** The query string the table's links keep (filters), without a leading '?'. */
  query: string;
  interactive: boolean;
  /** The viewer's draft on their own row: kept shown after the drag ends, until confirmed or dropped. */
  draft: SelectedRange | null;
  onDraft: (range: SelectedRange) => void;
  onOpenBar: (barId: string, trigger: HTMLElement) => void;
  onOpenPerson: (personId: string, trigger: HTMLElement) => void;
  /**
   * A picture of the calendar from sample data (the public landing page): names and bars are text,
   * not links to pages a visitor cannot open, no blank rows, and this caption.
   */
  preview?: { caption: string };
}

export function MonthTable({ month, days, today, companyHolidays, locked, people, query, interactive, draft, onDraft, onOpenBar, onOpenPerson, preview }: MonthTableProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const header = useMemo(
    () =>
      days.map((date) => ({
        date,
        weekday: formatIsoDate(date, language, WEEKDAY_NARROW),
        full: formatIsoDate(date, language, DATE_FULL),
      })),
    [days, language],
  );
  const blankRows = preview ? 0 : Math.max(0, MIN_ROWS - people.length);
  const year = Number(month.slice(0, 4));
  return (
    <ScrollBox className="table-wrap company-month__wrap" labelledBy="company-month-caption">
      <table
        className={`company-month${interactive ? " company-month--interactive" : ""}`}
        style={{ "--days": days.length } as React.CSSProperties}
        data-testid="company-month"
      >
        <caption id="company-month-caption" className="visually-hidden">
          {preview?.caption ?? t("companyCalendar.caption", { month: formatIsoDate(`${month}-01`, language, { month: "long", year: "numeric" }) })}
        </caption>
        <colgroup>
          <col className="company-month__label-col" />
          {columnKindsOf(days, today).map((kind, index) => (
            <col key={days[index]} className={kind === "day" ? undefined : `company-month__col--${kind}`} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <th scope="col" className="company-month__corner">
              {t("companyCalendar.person.column")}
            </th>
            {header.map(({ date, weekday, full }) => {
              const holiday = companyHolidays[date];
              const lock = lockReasonOn(locked, date);
              const name = [full, holiday, lock && t("cover.calendar.locked", { reason: lock })].filter(Boolean).join(" · ");
              return (
                <th
                  key={date}
                  scope="col"
                  className={`company-month__day${holiday ? " company-month__day--holiday" : ""}${date === today ? " company-month__day--today" : ""}${lock ? " company-month__day--locked" : ""}`}
                  title={name}
                  aria-current={date === today ? "date" : undefined}
                >
                  <span aria-hidden="true" className="company-month__weekday">
                    {weekday}
                  </span>
                  <span aria-hidden="true">{Number(date.slice(8, 10))}</span>
                  <span className="visually-hidden">{name}</span>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {people.map((person) =>
            person.isViewer ? (
              <OwnRow
                key={person.id}
                person={person}
                month={month}
                year={year}
                days={days}
                today={today}
                query={query}
                interactive={interactive}
                linked
                draft={draft}
                onDraft={onDraft}
                onOpenBar={onOpenBar}
                onOpenPerson={onOpenPerson}
              />
            ) : (
              <PersonRow
                key={person.id}
                person={person}
                month={month}
                year={year}
                days={days}
                today={today}
                query={query}
                interactive={interactive}
                linked={!preview}
                onOpenBar={onOpenBar}
                onOpenPerson={onOpenPerson}
              />
            ),
          )}
          {Array.from({ length: blankRows }, (_, index) => (
            <tr key={`blank-${index}`} className="company-month__blank" aria-hidden="true">
              <th scope="row" />
              <td colSpan={days.length} />
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

interface RowProps {
  person: MonthPerson;
  month: IsoMonth;
  today: IsoDate;
  year: number;
  days: IsoDate[];
  query: string;
  interactive: boolean;
  /** Names and bars link to their pages (not in a preview). */
  linked: boolean;
  onOpenBar: MonthTableProps["onOpenBar"];
  onOpenPerson: MonthTableProps["onOpenPerson"];
}

const PersonRow = memo(function PersonRow(props: RowProps) {
  const { t, i18n } = useTranslation();
  return (
    <tr className="company-month__row" data-person={props.person.id}>
      <th scope="row" className="company-month__person">
        <PersonLink {...props} />
      </th>
      {rowCells(props, { draft: null, focusDate: null }, t, i18n.language)}
    </tr>
  );
});

/** The viewer's row: the only one where days can be dragged over to draft a request. */
const OwnRow = memo(function OwnRow(props: RowProps & { draft: SelectedRange | null; onDraft: (range: SelectedRange) => void }) {
  const { t, i18n } = useTranslation();
  const { month, today, days, draft, onDraft, interactive } = props;
  const initialFocus = today.startsWith(month) ? today : days[0];
  const { containerRef, focusDate, preview, handlers } = useRangeSelection<HTMLTableRowElement>({ year: props.year, initialFocus, onSelect: onDraft });
  return (
    <tr ref={containerRef} className="company-month__row company-month__row--own" data-person={props.person.id} {...(interactive ? handlers : {})}>
      <th scope="row" className="company-month__person">
        <PersonLink {...props} />
        <Link className="company-month__new" to={`/company-calendar?${withQuery(props.query, { month, new: "1" })}`} preventScrollReset>
          <span aria-hidden="true">+</span>
          <span className="visually-hidden">{t("absences.myCalendar.newAbsence")}</span>
        </Link>
      </th>
      {rowCells(props, { draft: preview ?? draft, focusDate: interactive ? focusDate : null }, t, i18n.language)}
    </tr>
  );
});

/** A link's props that, once the table is interactive, open `id`'s dialog instead of following it. */
function opensDialog(interactive: boolean, open: (id: string, trigger: HTMLElement) => void, id: string) {
  return {
    onClick: interactive
      ? (event: React.MouseEvent<HTMLAnchorElement>) => {
          event.preventDefault();
          open(id, event.currentTarget);
        }
      : undefined,
    "aria-haspopup": interactive ? ("dialog" as const) : undefined,
  };
}

/** The person's name, a link to their year (a dialog with JavaScript). */
function PersonLink({ person, year, interactive, linked, onOpenPerson }: RowProps) {
  if (!linked) return <span className="company-month__name">{person.name}</span>;
  return (
    <a href={`/people/${person.id}?year=${year}`} className="company-month__name" {...opensDialog(interactive, onOpenPerson, person.id)}>
      {person.name}
    </a>
  );
}

type ColumnKind = "today" | "weekend" | "day";
const columnKinds = new WeakMap<IsoDate[], { today: IsoDate; kinds: ColumnKind[] }>();

/** Each day's kind of column, worked out once per table rather than in each of its 200 rows. */
function columnKindsOf(days: IsoDate[], today: IsoDate): ColumnKind[] {
  let known = columnKinds.get(days);
  if (!known || known.today !== today) {
    known = { today, kinds: days.map((date) => (date === today ? "today" : isWeekend(date) ? "weekend" : "day")) };
    columnKinds.set(days, known);
  }
  return known.kinds;
}

/** A row's day cells: vacations as cells spanning their days, runs of empty days as one cell. */
function rowCells(
  { person, month, days, today, query, interactive, linked, onOpenBar }: RowProps,
  { draft, focusDate }: { draft: SelectedRange | null; focusDate: IsoDate | null },
  t: TFunction,
  language: string,
): ReactNode[] {
  const cells: ReactNode[] = [];
  const first = dayNumber(days[0]);
  const indexOf = (date: IsoDate) => dayNumber(date) - first;
  const kinds = columnKindsOf(days, today);
  const bars = person.bars;
  const offDays = person.offDays ? new Set(person.offDays) : null;
  const notWorking = offDays ? t("workCounts.notWorking") : "";
  // Each vacation's first and last day within the month, as indexes into days (bars come sorted).
  const spans = bars.map((bar) => ({ start: indexOf(maxDate(bar.startDate, days[0])), end: indexOf(minDate(bar.endDate, days[days.length - 1])) }));
  let barIndex = 0;
  let day = 0;
  const own = person.isViewer && interactive;
  /** Whether the next vacation not yet shown starts on this day of the month. */
  const startsBar = (index: number) => barIndex < spans.length && spans[barIndex].start <= index;
  while (day < days.length) {
    while (barIndex < bars.length && spans[barIndex].end < day) barIndex++;
    const bar = bars[barIndex];
    if (bar && spans[barIndex].start <= day) {
      const end = spans[barIndex].end;
      const label = barLabel(t, bar);
      const range = formatDateRange(bar.startDate, bar.endDate, language);
      // One day is one column, too narrow for any label ("A…" read as a glitch): it shows the
      // title's initial, and says the whole label to screen readers and in its tooltip.
      const short = end === day;
      const status = bar.status === "approved" ? "approved" : "pending";
      let classes = `company-month__bar company-month__bar--${status}`;
      if (bar.halfDayStart && bar.startDate === days[day]) classes += " company-month__bar--half-start";
      if (bar.halfDayEnd && bar.endDate === days[end]) classes += " company-month__bar--half-end";
      if (short) classes += " company-month__bar--short";
      const title = `${barTitle(t, bar)} · ${range} · ${t(`absences.status.${status}`)}`;
      const content = short ? (
        <>
          <span aria-hidden="true">{shortMark(barTitle(t, bar), language)}</span>
          <span className="visually-hidden">
            {label}, {range}
          </span>
        </>
      ) : (
        <>
          {label}
          <span className="visually-hidden">, {range}</span>
        </>
      );
      cells.push(
        <td key={days[day]} colSpan={end - day + 1} className="company-month__bar-cell">
          {linked ? (
            <a href={barHref(query, month, bar.id)} className={classes} title={title} data-bar={bar.id} data-status={bar.status} {...opensDialog(interactive, onOpenBar, bar.id)}>
              {content}
            </a>
          ) : (
            <span className={classes} title={title} data-bar={bar.id} data-status={bar.status}>
              {content}
            </span>
          )}
        </td>,
      );
      day = end + 1;
      barIndex++;
      continue;
    }
    const date = days[day];
    const holiday = person.holidays[date];
    const drafted = Boolean(draft && date >= draft.start && date <= draft.end);
    const off = offDays?.has(date) ?? false;
    if (!own && !holiday && !drafted && !off) {
      // Days with nothing on them are one cell per run, up to the next vacation or holiday and
      // within one kind of column (weekdays, weekend, today: a spanning cell takes the background of
      // the column it starts in): a month of 200 people was 6,000 empty cells to render and send.
      // The day lines are drawn by the cell's background, one per day it spans (--span).
      let next = day + 1;
      while (
        next < days.length &&
        kinds[next] === kinds[day] &&
        !person.holidays[days[next]] &&
        !offDays?.has(days[next]) &&
        !(draft && days[next] >= draft.start && days[next] <= draft.end) &&
        !startsBar(next)
      )
        next++;
      const span = next - day;
      cells.push(
        span > 1 ? <td key={date} colSpan={span} className="company-month__free" style={{ "--span": span } as React.CSSProperties} /> : <td key={date} />,
      );
      day = next;
      continue;
    }
    const classes = [holiday ? "company-month__holiday" : off ? "company-month__off" : "", drafted ? "company-month__draft" : ""].filter(Boolean).join(" ");
    // A holiday on a day off is told as the holiday (it costs nothing either way).
    const note = holiday || (off ? notWorking : "");
    cells.push(
      <td
        key={date}
        className={classes || undefined}
        title={note || undefined}
        data-date={own ? date : undefined}
        tabIndex={own ? (date === focusDate ? 0 : -1) : undefined}
        // A cell of a table (not a grid) cannot carry aria-selected: the draft is part of its name,
        // and the draft bar above the table announces the range.
        aria-label={own ? [formatIsoDate(date, language, DATE_FULL), holiday ? "" : note, drafted ? t("absences.calendar.day.selected") : ""].filter(Boolean).join(" · ") : undefined}
      >
        {note ? <span className="visually-hidden">{note}</span> : null}
      </td>,
    );
    day++;
  }
  return cells;
}

/**
 * A vacation's link (its panel): the table's query with the month and the vacation, the same for
 * every bar of a table but the id. Written once per table and query, the id put in its place as
 * URLSearchParams would write it, rather than the whole query parsed and written for each of a
 * month's ~220 vacations.
 */
export function barHref(query: string, month: IsoMonth, barId: string): string {
  if (!barLinks || barLinks.query !== query || barLinks.month !== month) {
    const written = withQuery(query, { month, bar: BAR_PLACEHOLDER });
    // The one "bar" key: a query's other keys and values cannot hold "&" or "=" as they are.
    const marker = `bar=${BAR_PLACEHOLDER}`;
    const at = written.startsWith(marker) ? 0 : written.indexOf(`&${marker}`) + 1;
    barLinks = { query, month, before: `/company-calendar?${written.slice(0, at + "bar=".length)}`, after: written.slice(at + marker.length) };
  }
  // Ids are letters and digits, which a query string writes as they are.
  const id = FORM_SAFE.test(barId) ? barId : new URLSearchParams({ id: barId }).toString().slice("id=".length);
  return barLinks.before + id + barLinks.after;
}

let barLinks: { query: string; month: IsoMonth; before: string; after: string } | null = null;
const BAR_PLACEHOLDER = "BARPLACEHOLDER";
const FORM_SAFE = /^[A-Za-z0-9*._-]*$/;

/**
 * The table's query (filters) with some keys set ("" removes one), without a leading "?": the
 * pager's withParams, also dropping the panel and draft keys of the last action.
 */
export function withQuery(query: string, changes: Record<string, string>): string {
  return withParams(new URLSearchParams(query), { bar: null, start: null, end: null, ...changes }).slice(1);
}
