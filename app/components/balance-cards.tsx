import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BALANCE_KINDS, type BalanceFigures, type BalanceKind, type Balances } from "~/lib/balance-kinds";
import { formatDays, formatHours, formatLeaveAmount } from "~/lib/format";

const FIGURES = ["total", "used", "pending", "remaining"] as const;

/**
 * The three allowances of a year. Without an allowance row every figure is a dash (spec: 'a dash
 * when unknown'): zeros would claim the person has no days at all.
 */
export function BalanceCards({ balances, hasAllowance, year, label = String(year) }: { balances: Balances; hasAllowance: boolean; year: number; /** "2026/27" for a leave year not starting in January. */ label?: string }) {
  const { t } = useTranslation();
  return (
    <section className="balance-cards" aria-labelledby="balance-cards-heading">
      <h2 id="balance-cards-heading" className="visually-hidden">
        {t("absences.balances.title", { year: label })}
      </h2>
      {BALANCE_KINDS.map((kind) => (
        <BalanceCard key={kind} kind={kind} figures={hasAllowance ? balances[kind] : null} year={label} />
      ))}
      {/* A plain link to a server-rendered page: the explanation adds no JavaScript to this page. */}
      <p className="balance-cards__explain">
        <Link to={`/balances/me?year=${year}`} data-testid="balance-explain">
          {t("balances.card.explain")}
        </Link>
      </p>
    </section>
  );
}

function BalanceCard({ kind, figures, year }: { kind: BalanceKind; figures: BalanceFigures | null; year: string }) {
  const { t, i18n } = useTranslation();
  const headingId = `balance-${kind}`;
  // A balance in hours shows "156 h" in every figure and says "hours" beside the big one (decision 0081).
  const hours = figures?.unit === "hour";
  const show = (value: number | undefined) => (hours && value !== undefined ? `${formatHours(value, i18n.language)}\u00a0h` : formatDays(value, i18n.language));
  return (
    <article className={`balance-card balance-card--${kind}`} aria-labelledby={headingId} data-testid={`balance-${kind}`}>
      <header className="balance-card__header">
        <h3 id={headingId} className="balance-card__title">
          {t(`absences.balances.${kind}.title`)}
        </h3>
        <p className="balance-card__hint">{t(hours && kind !== "residual" ? `hours.balances.hint.${kind}` : `absences.balances.${kind}.hint`)}</p>
      </header>
      <p className="balance-card__remaining">
        <span className="balance-card__big">{hours ? formatHours(figures.remaining, i18n.language) : formatDays(figures?.remaining, i18n.language)}</span>
        <span className="balance-card__unit">
          {/* The unit agrees with the figure ("1 dia", "2 dias"); an unknown one (NaN) reads as plural. */}
          {t(hours ? "hours.balances.remainingOf" : "absences.balances.remainingOf", { year, count: figures?.remaining ?? Number.NaN })}</span>
      </p>
      <dl className="balance-card__figures">
        {FIGURES.map((figure) => (
          <div key={figure} className="balance-card__figure">
            <dt>{t(`absences.balances.${figure}`)}</dt>
            <dd data-figure={figure}>{show(figures?.[figure])}</dd>
          </div>
        ))}
      </dl>
      {figures?.earned !== undefined ? <AccrualLine figures={figures} /> : null}
      {figures?.expired ? (
        <p className="balance-card__expired" data-figure="expired">
          {t("balances.card.expired")}: {show(figures.expired)}
        </p>
      ) : null}
      {figures ? null : <p className="balance-card__none">{t("absences.balances.noAllowance", { year })}</p>}
    </article>
  );
}

/**
 * An accruing yearly allowance (decision 0082): what is earned so far of the year's total and,
 * when the company does not let people book ahead, what that leaves to book now.
 */
function AccrualLine({ figures }: { figures: BalanceFigures }) {
  const { t, i18n } = useTranslation();
  const unit = figures.unit ?? "day";
  const amount = (value: number | undefined) => formatLeaveAmount(value, unit, i18n.language);
  const limited = figures.available !== undefined && figures.available < figures.remaining;
  return (
    <>
      <p className="balance-card__expired" data-figure="earned">
        {t("accrual.card.earned", { earned: unit === "hour" ? formatHours(figures.earned, i18n.language) : formatDays(figures.earned, i18n.language), total: amount(figures.total) })}
      </p>
      {limited ? (
        <p className="balance-card__expired" data-figure="available">
          {t("accrual.card.available", { amount: amount(Math.max(0, figures.available ?? 0)) })}
        </p>
      ) : null}
    </>
  );
}
