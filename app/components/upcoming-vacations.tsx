import { useTranslation } from "react-i18next";
import { formatDays, formatLeaveAmount } from "~/lib/format";
import { categoryName } from "./absence-category-name";
import { DateRangeText } from "./date-text";
import { StatusBadge } from "./status-badge";

export interface UpcomingVacation {
  id: string;
  startDate: string;
  endDate: string;
  status: string;
  description: string;
  categoryId: string;
  workingDays: number;
  /** Set for a request of a category counting hours (decision 0081). */
  hours?: number | null;
  startTime?: string | null;
  endTime?: string | null;
}

export function UpcomingVacations({ items, categories }: { items: readonly UpcomingVacation[]; categories: readonly { id: string; name: string }[] }) {
  const { t, i18n } = useTranslation();
  if (items.length === 0) {
    return <p className="upcoming__empty">{t("absences.myCalendar.upcomingEmpty")}</p>;
  }
  return (
    <ul className="upcoming" data-testid="upcoming-vacations">
      {items.map((item) => (
        <li key={item.id} className="upcoming__item" data-status={item.status}>
          <StatusBadge status={item.status} />
          <span className="upcoming__range">
            <DateRangeText start={item.startDate} end={item.endDate} />
          </span>
          <span className="upcoming__days">
            {item.hours !== undefined
              ? `${formatLeaveAmount(item.hours, "hour", i18n.language)}${item.startTime && item.endTime ? ` (${item.startTime}–${item.endTime})` : ""}`
              : t("absences.myCalendar.workingDays", { count: item.workingDays, days: formatDays(item.workingDays, i18n.language) })}
          </span>
          <span className="upcoming__category">{categoryName(t, categories.find((c) => c.id === item.categoryId), item.categoryId)}</span>
          {item.description ? <span className="upcoming__description">{item.description}</span> : null}
        </li>
      ))}
    </ul>
  );
}
