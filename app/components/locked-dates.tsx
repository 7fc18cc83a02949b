// The lock dates of the range a calendar shows (decision 0091), listed under it with their reasons:
// the day cells carry only a mark and a name, so this is where a phone (no tooltips) reads why.
import { useTranslation } from "react-i18next";
import { formatDateRange } from "~/lib/format";
import type { LockedSpan } from "~/lib/locked-days";

export function LockedDatesList({ locks }: { locks: readonly LockedSpan[] }) {
  const { t, i18n } = useTranslation();
  if (locks.length === 0) return null;
  return (
    <section className="locked-dates" aria-labelledby="locked-dates-title" data-testid="locked-dates">
      <h3 id="locked-dates-title" className="locked-dates__title">
        <span className="calendar-legend__swatch calendar-legend__swatch--locked" aria-hidden="true" /> {t("cover.calendar.listTitle")}
      </h3>
      <ul className="locked-dates__list">
        {locks.map((lock) => (
          <li key={`${lock.startDate}/${lock.endDate}/${lock.reason}`}>{t("cover.calendar.item", { range: formatDateRange(lock.startDate, lock.endDate, i18n.language), reason: lock.reason })}</li>
        ))}
      </ul>
    </section>
  );
}
