import { useTranslation } from "react-i18next";
import { formatDate, formatDateRange } from "~/lib/format";

export interface OverdueCertificateItem {
  vacationId: string;
  person: string;
  startDate: string;
  endDate: string;
  dueDate: string;
}

/** Company admins: the sicknesses whose certificate is overdue (decision 0092); nothing when none. */
export function OverdueCertificates({ items }: { items: readonly OverdueCertificateItem[] }) {
  const { t, i18n } = useTranslation();
  if (items.length === 0) return null;
  return (
    <section className="card notice--warning" aria-labelledby="overdue-certificates-heading" data-testid="overdue-certificates">
      <h2 id="overdue-certificates-heading" className="card__title">
        {t("sickness.overdue.title")} ({items.length})
      </h2>
      <ul>
        {items.map((item) => (
          <li key={item.vacationId}>
            <a href={`/vacations/${item.vacationId}/certificate`}>
              {item.person}, {formatDateRange(item.startDate, item.endDate, i18n.language)}
            </a>{" "}
            <span className="muted">({t("sickness.overdue.due", { date: formatDate(item.dueDate, i18n.language) })})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
