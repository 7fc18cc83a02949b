// Who a person is and what they have left: the company calendar's side panel and /people/:userId.
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Balances } from "~/lib/balance-kinds";
import { formatDays } from "~/lib/format";
import { Avatar } from "./avatar";

export interface PersonOverviewData {
  year: number;
  person: { id: string; name: string; email: string; photo: string | null; teamName: string | null };
  detailed: boolean;
  canExplainBalances: boolean;
  balances: Balances | null;
  hasAllowance: boolean;
}

export function PersonIdentity({ data, headingId }: { data: PersonOverviewData; headingId: string }) {
  const { t } = useTranslation();
  const { person } = data;
  return (
    <div className="person-identity">
      <Avatar name={person.name} photo={person.photo} size="large" />
      <div>
        <h2 id={headingId} className="person-identity__name">
          {person.name}
        </h2>
        <p className="person-identity__email">
          <a href={`mailto:${person.email}`}>{person.email}</a>
        </p>
        <p className="person-identity__team">{person.teamName ?? t("companyCalendar.person.noTeam")}</p>
      </div>
    </div>
  );
}

// Written out rather than imported from balance-kinds/balance-cards: those belong to My Calendar's
// first load, and sharing them would split them into chunks every page pays for.
const KINDS = ["yearly", "residual", "special"] as const;
const FIGURES = ["total", "used", "remaining"] as const;

/** The three allowances as small cards (used, remaining, total), or why they are not shown. */
export function PersonBalances({ data }: { data: PersonOverviewData }) {
  const { t, i18n } = useTranslation();
  const { balances } = data;
  if (!balances) return <p className="person-overview__private">{t("companyCalendar.person.balancesPrivate")}</p>;
  return (
    <section className="person-balances" aria-label={t("absences.balances.title", { year: data.year })} data-testid="person-balances">
      {KINDS.map((kind) => (
        <article key={kind} className={`person-balances__card balance-card--${kind}`} data-testid={`balance-${kind}`}>
          <h3>{t(`absences.balances.${kind}.title`)}</h3>
          <dl>
            {FIGURES.map((figure) => (
              <div key={figure}>
                <dt>{t(`absences.balances.${figure}`)}</dt>
                <dd data-figure={figure}>{formatDays(data.hasAllowance ? balances[kind][figure] : null, i18n.language)}</dd>
              </div>
            ))}
          </dl>
        </article>
      ))}
      {data.hasAllowance ? null : <p className="person-overview__private">{t("absences.balances.noAllowance", { year: data.year })}</p>}
      {data.canExplainBalances ? (
        <p>
          <Link to={`/balances/${data.person.id}?year=${data.year}`}>{t("balances.card.explain")}</Link>
        </p>
      ) : null}
    </section>
  );
}
