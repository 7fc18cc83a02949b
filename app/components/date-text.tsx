import { useTranslation } from "react-i18next";
import { toUtcDate, type IsoDate } from "~/lib/dates";

const DATE_MEDIUM: Intl.DateTimeFormatOptions = { dateStyle: "medium" };

const LOCALE_TAGS: Record<string, string> = { pt: "pt-PT", en: "en-GB", es: "es-ES" };

/** The BCP 47 tag for Intl formatting of an interface language (pt → pt-PT). */
export function localeTag(language: string): string {
  return LOCALE_TAGS[language] ?? LOCALE_TAGS.pt;
}

interface DateFormatter {
  format: Intl.DateTimeFormat;
  /** Formatted dates: pages show the same few hundred dates over and over. */
  done: Map<IsoDate, string>;
}

const formatters = new Map<string, DateFormatter>();
// Calendars format hundreds of dates per render: the key of an options object is worked out once.
const optionKeys = new WeakMap<Intl.DateTimeFormatOptions, string>();

function optionsKey(options: Intl.DateTimeFormatOptions): string {
  let key = optionKeys.get(options);
  if (key === undefined) {
    key = JSON.stringify(options);
    optionKeys.set(options, key);
  }
  return key;
}
const MAX_REMEMBERED_DATES = 4000;

/**
 * Formats a calendar date. The date is read as UTC midnight and formatted in UTC, so no browser
 * or server time zone can move it to the previous or next day.
 */
export function formatIsoDate(iso: IsoDate, language: string, options: Intl.DateTimeFormatOptions = DATE_MEDIUM): string {
  const key = `${language}|${optionsKey(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = { format: new Intl.DateTimeFormat(localeTag(language), { ...options, timeZone: "UTC" }), done: new Map() };
    formatters.set(key, formatter);
  }
  let text = formatter.done.get(iso);
  if (text === undefined) {
    text = formatter.format.format(toUtcDate(iso));
    if (formatter.done.size >= MAX_REMEMBERED_DATES) formatter.done.clear();
    formatter.done.set(iso, text);
  }
  return text;
}

export function DateText({ date }: { date: IsoDate }) {
  const { i18n } = useTranslation();
  return <time dateTime={date}>{formatIsoDate(date, i18n.language)}</time>;
}

export function DateRangeText({ start, end }: { start: IsoDate; end: IsoDate }) {
  if (start === end) return <DateText date={start} />;
  return (
    <>
      <DateText date={start} /> – <DateText date={end} />
    </>
  );
}
