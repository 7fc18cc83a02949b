import { useTranslation } from "react-i18next";
import type { IsoDate } from "~/lib/dates";
import { formatDate, formatDateRange } from "~/lib/format";

/** A calendar date as people read it; the `date` class keeps it on one line. */
export function DateText({ date }: { date: IsoDate }) {
  const { i18n } = useTranslation();
  return (
    <time className="date" dateTime={date}>
      {formatDate(date, i18n.language)}
    </time>
  );
}

/** "3 – 7 Aug 2026": one piece of text, on one line; the ends stay readable by machines in data-*. */
export function DateRangeText({ start, end }: { start: IsoDate; end: IsoDate }) {
  const { i18n } = useTranslation();
  if (start === end) return <DateText date={start} />;
  return (
    <span className="date" data-start={start} data-end={end}>
      {formatDateRange(start, end, i18n.language)}
    </span>
  );
}
