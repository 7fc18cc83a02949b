import { useTranslation } from "react-i18next";
import { toUtcDate, type IsoDate } from "~/lib/dates";

const LOCALE_TAGS: Record<string, string> = { pt: "pt-PT", en: "en-GB", es: "es-ES" };

/** The BCP 47 tag for Intl formatting of an interface language (pt → pt-PT). */
export function localeTag(language: string): string {
  return LOCALE_TAGS[language] ?? LOCALE_TAGS.pt;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Formats a calendar date. The date is read as UTC midnight and formatted in UTC, so no browser
 * or server time zone can move it to the previous or next day.
 */
export function formatIsoDate(iso: IsoDate, language: string, options: Intl.DateTimeFormatOptions = { dateStyle: "medium" }): string {
  const key = `${language}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(localeTag(language), { ...options, timeZone: "UTC" });
    formatters.set(key, formatter);
  }
  return formatter.format(toUtcDate(iso));
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
