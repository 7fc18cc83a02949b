// Who a person is and what they have left: the company calendar's side panel and /people/:userId.
import { useTranslation } from "react-i18next";
import type { Balances } from "~/lib/balance-kinds";
import { Avatar } from "./avatar";
import { BalanceCards } from "./balance-cards";

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

/** The three allowance cards, or why they are not shown. */
export function PersonBalances({ data }: { data: PersonOverviewData }) {
  const { t } = useTranslation();
  if (!data.balances) return <p className="person-overview__private">{t("companyCalendar.person.balancesPrivate")}</p>;
  const explainHref = data.canExplainBalances ? `/balances/${data.person.id}?year=${data.year}` : null;
  return <BalanceCards balances={data.balances} hasAllowance={data.hasAllowance} year={data.year} explainHref={explainHref} />;
}
