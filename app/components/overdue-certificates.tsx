import { useTranslation } from "react-i18next";
import { formatDate, formatDateRange } from "~/lib/format";

export interface OverdueCertificateItem {
  vacationId: string;
  person: string;
  startDate: string;
  endDate: string;
  dueDate: string;
}

/** How many overdue certificates the Absences card lists before "and N more". */
export const OVERDUE_SHOWN = 5;

/** The address of the card with every overdue certificate (a plain link: no script needed). */
export const ALL_OVERDUE_HREF = "/vacations?certificates=overdue#overdue-certificates-heading";

/**
 * Company admins: the sicknesses whose certificate is overdue (decision 0092); nothing when none.
 * The first few, then a link to them all (`total` counts them all).
 */
export function OverdueCertificates({ items, total }: { items: readonly OverdueCertificateItem[]; total: number }) {
  const { t, i18n } = useTranslation();
  if (items.length === 0) return null;
  const more = total - items.length;
  return (
    <section className="card notice--warning" aria-labelledby="overdue-certificates-heading" data-testid="overdue-certificates">
      <h2 id="overdue-certificates-heading" className="card__title">
        {t("sickness.overdue.title")} ({total})
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
      {more > 0 ? (
        <p>
          <a href={ALL_OVERDUE_HREF} data-testid="overdue-certificates-more">
            {t("sickness.overdue.more", { count: more })}
          </a>
        </p>
      ) : total > OVERDUE_SHOWN ? (
        <p>
          <a href="/vacations">{t("sickness.overdue.fewer")}</a>
        </p>
      ) : null}
    </section>
  );
}
