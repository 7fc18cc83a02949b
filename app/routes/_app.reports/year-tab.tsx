// The year tab: the year and team (a GET form: the address is the state), both pictures, and the
// table of everyone's allowances, used and remaining, sorted by any column (header links).
import { Form, Link, useLocation, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FieldError } from "~/components/field-error";
import { Pager } from "~/components/pager";
import { DaysLeftChart, DaysOffChart } from "~/components/report-charts";
import { ScrollBox } from "~/components/scroll-box";
import type { BalanceFigures } from "~/lib/balance-kinds";
import { formatDate, formatDays, formatHours, formatLeaveAmount } from "~/lib/format";
import { defaultDirection, FIRST_REPORT_YEAR, NO_TEAM_FILTER, REPORT_PAGE_SIZES, type ReportSortKey } from "~/lib/report-params";
import type { YearTabData } from "./year.server";

const KINDS = ["yearly", "residual", "special"] as const;
const FIGURES = [
  ["Total", "total"],
  ["Used", "used"],
  ["Remaining", "remaining"],
] as const;

/** A joiner's or leaver's row: the employed part of the year, and days taken beyond the prorated allowance. */
function ProrationFlag({ employed, overdraft, inHours }: { employed: { from: string | null; to: string | null }; overdraft: number; inHours: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <span className="report-table__email" data-testid="report-proration">
      {employed.from && employed.to ? t("leaveYear.report.employed", { from: formatDate(employed.from, language), to: formatDate(employed.to, language) }) : t("leaveYear.report.notEmployed")}
      {overdraft > 0 ? (
        <>
          {" · "}
          <strong className="report-table__overdraft">
            {inHours
              ? t("hours.report.overdraftFlag", { hours: formatLeaveAmount(overdraft, "hour", language) })
              : t("leaveYear.report.overdraftFlag", { count: overdraft, days: formatDays(overdraft, language) })}
          </strong>
        </>
      ) : null}
    </span>
  );
}

/** An accruing yearly allowance's row (decision 0082): what is earned so far of the year's total. */
function EarnedFlag({ figures }: { figures: BalanceFigures }) {
  const { t, i18n } = useTranslation();
  const unit = figures.unit ?? "day";
  return (
    <span className="report-table__email" data-testid="report-earned">
      {t("accrual.card.earned", {
        earned: unit === "hour" ? formatHours(figures.earned, i18n.language) : formatDays(figures.earned, i18n.language),
        total: formatLeaveAmount(figures.total, unit, i18n.language),
      })}
    </span>
  );
}

export function YearTab({ data }: { data: YearTabData }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  return (
    <>
      <section className="card" aria-labelledby="report-year-heading">
        <h2 id="report-year-heading" className="card__title">
          {t("reports.year.formTitle")}
        </h2>
        <Form method="get" className="filters report-filters" key={location.search}>
          <input type="hidden" name="sort" value={data.sort} />
          <input type="hidden" name="dir" value={data.direction} />
          <div className="field">
            <label htmlFor="report-year">{t("reports.year.label")}</label>
            {/* Text with a numeric keypad: the browser's own check would hide the screen's message without JavaScript. */}
            <input
              id="report-year"
              name="year"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              maxLength={4}
              defaultValue={data.yearInput}
              aria-invalid={data.yearError ? true : undefined}
              aria-describedby={data.yearError ? "report-year-hint report-year-error" : "report-year-hint"}
            />
            <span className="field__hint" id="report-year-hint">
              {t("reports.year.hint", { min: FIRST_REPORT_YEAR, max: data.maxYear })}
              {data.leaveYear.startMonth === 1 ? null : (
                <>
                  {" "}
                  {t("leaveYear.report.yearHint", { year: data.year, label: data.leaveYear.label, from: formatDate(data.leaveYear.firstDay, i18n.language), to: formatDate(data.leaveYear.lastDay, i18n.language) })}
                </>
              )}
            </span>
            {data.yearError ? (
              <span className="field__error" id="report-year-error" role="alert">
                {t(data.yearError, { min: FIRST_REPORT_YEAR, max: data.maxYear })}
              </span>
            ) : null}
          </div>
          <div className="field">
            <label htmlFor="report-team">{t("reports.columns.team")}</label>
            <select id="report-team" name="team" defaultValue={data.team} aria-invalid={data.teamError ? true : undefined} aria-describedby={data.teamError ? "report-team-error" : undefined}>
              <option value="">{t("reports.allTeams")}</option>
              {data.teams.map((team) => (
                <option key={team.id} value={team.id}>
                  {team.name}
                </option>
              ))}
              <option value={NO_TEAM_FILTER}>{t("reports.noTeam")}</option>
            </select>
            <FieldError id="report-team-error" errors={data.teamError ? [data.teamError] : undefined} />
          </div>
          <div className="filters__actions">
            <button type="submit" className="button button--primary">
              {t("reports.show")}
            </button>
            <Link to={`/reports${location.search}`} className="button">
              {t("reports.reload")}
            </Link>
            {/* A resource route: a document request, not a client-side navigation. */}
            <a className="button" href={`/reports/allowances.csv?${data.exportQuery}`}>
              {t("reports.exportCsv")}
            </a>
          </div>
        </Form>
      </section>

      {data.charts ? <Charts data={data} charts={data.charts} /> : null}

      {data.yearError ? null : (
        <section className="card" aria-labelledby="report-table-heading">
          <div className="card__header">
            <h2 id="report-table-heading" className="card__title">
              {t("reports.year.tableTitle", { year: data.leaveYear.label })}
            </h2>
            <p className="card__meta">{t("reports.people", { count: data.count })}</p>
          </div>
          {data.count ? (
            <>
              <YearTable data={data} />
              <Pager
                label={t("reports.paging")}
                total={data.count}
                offset={data.offset}
                limit={data.limit}
                count={data.rows.length}
                pageKey="page"
                sizeKey="size"
                params={new URLSearchParams(location.search)}
                sizes={REPORT_PAGE_SIZES}
              />
              <p className="field__hint">{t("reports.year.remainingNote")}</p>
            </>
          ) : (
            <div className="empty-state">
              <p>{t("reports.year.empty")}</p>
              <p>
                <Link to="/company-settings/users">{t("reports.year.emptyAction")}</Link>
              </p>
            </div>
          )}
        </section>
      )}
    </>
  );
}

function Charts({ data, charts }: { data: YearTabData; charts: NonNullable<YearTabData["charts"]> }) {
  const { t } = useTranslation();
  const teamName = (teamId: string | null) => (teamId && charts.teamNames[teamId]) || t("reports.noTeam");
  return (
    <div className="report-charts">
      <section className="card" aria-labelledby="chart-days-off-heading">
        <h2 id="chart-days-off-heading" className="card__title">
          {t("reports.charts.daysOff.heading")}
        </h2>
        <p className="field__hint">{t("reports.charts.daysOff.hint")}</p>
        {charts.daysOff.total > 0 ? (
          <DaysOffChart data={charts.daysOff} series={charts.series} monthLabels={charts.monthLabels} monthYears={charts.monthYears} monthNames={charts.monthNames} />
        ) : (
          <p className="empty-state">{t("reports.charts.daysOff.empty", { year: charts.daysOff.label })}</p>
        )}
      </section>
      <section className="card" aria-labelledby="chart-days-left-heading">
        <h2 id="chart-days-left-heading" className="card__title">
          {t("reports.charts.daysLeft.heading")}
        </h2>
        <p className="field__hint">{t("reports.charts.daysLeft.hint")}</p>
        {charts.daysLeft.length ? (
          <DaysLeftChart people={charts.daysLeft} year={data.year} teamName={teamName} />
        ) : (
          <p className="empty-state">{t("reports.charts.daysLeft.empty", { year: data.year })}</p>
        )}
      </section>
    </div>
  );
}

/** A column header that sorts the table by itself: a link, so it works without JavaScript. */
function SortHeader({ column, current, direction, children, colSpan, group }: { column: ReportSortKey; current: ReportSortKey; direction: "asc" | "desc"; children: ReactNode; colSpan?: number; group?: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const active = column === current;
  const next = new URLSearchParams(params);
  next.set("sort", column);
  next.set("dir", active ? (direction === "asc" ? "desc" : "asc") : defaultDirection(column));
  next.delete("page");
  return (
    <th scope="col" colSpan={colSpan} aria-sort={active ? (direction === "asc" ? "ascending" : "descending") : undefined} className={column === "name" || column === "team" ? undefined : "number"}>
      {/* The balance's name shows before the figure's where the headers are a row of links above the cards (reports.css). */}
      <Link to={`?${next}`} preventScrollReset className="sort-link" title={t("reports.sortBy")} data-group={group}>
        {children}
        <span className="sort-link__arrow" aria-hidden="true">
          {active ? (direction === "asc" ? "▲" : "▼") : "↕"}
        </span>
      </Link>
    </th>
  );
}

/**
 * One of a row's nine numbers. In a card (a phone, a tablet) it carries its column's name, and the
 * first of each balance the balance's name (data-figure and data-group: reports.css).
 */
function Figure({ value, kind, figure, first }: { value: number; kind: (typeof KINDS)[number]; figure: (typeof FIGURES)[number][1]; first: boolean }) {
  const { t, i18n } = useTranslation();
  const className = `number card-table__figure report-table__figure${value < 0 ? " report-table__negative" : ""}`;
  return (
    <td className={className} data-figure={t(`reports.columns.${figure}`)} data-group={first ? t(`reports.columns.${kind}`) : undefined}>
      {formatDays(value, i18n.language)}
    </td>
  );
}

function YearTable({ data }: { data: YearTabData }) {
  const { t } = useTranslation();
  const header = (column: ReportSortKey, label: string, group?: string) => (
    <SortHeader key={column} column={column} current={data.sort} direction={data.direction} group={group}>
      {label}
    </SortHeader>
  );
  return (
    <ScrollBox labelledBy="report-table-caption">
      <table className="table report-table card-table" data-testid="report-table">
        <caption id="report-table-caption" className="visually-hidden">{t("reports.year.tableTitle", { year: data.year })}</caption>
        <thead>
          <tr>
            <td colSpan={2} />
            {KINDS.map((kind) => (
              <th key={kind} scope="colgroup" colSpan={3} className="report-table__group">
                {t(`reports.columns.${kind}`)}
                {data.units[kind] === "hour" ? " (h)" : null}
              </th>
            ))}
          </tr>
          <tr>
            {header("name", t("reports.columns.person"))}
            {header("team", t("reports.columns.team"))}
            {KINDS.flatMap((kind) => FIGURES.map(([suffix, figure]) => header(`${kind}${suffix}` as ReportSortKey, t(`reports.columns.${figure}`), t(`reports.columns.${kind}`))))}
          </tr>
        </thead>
        <tbody>
          {data.rows.map((row) => (
            <tr key={row.id} data-testid="report-row">
              <th scope="row" className="card-table__title card-table__wide">
                <span className="report-table__name">{row.name}</span>
                <span className="report-table__email">{row.email}</span>
                {row.employed ? <ProrationFlag employed={row.employed} overdraft={row.overdraft} inHours={(row.yearly as BalanceFigures).unit === "hour"} /> : null}
                {row.yearly.earned !== undefined ? <EarnedFlag figures={row.yearly} /> : null}
              </th>
              <td className="report-table__team card-table__wide" data-label={t("reports.columns.team")}>{row.team ?? <span className="muted">{t("reports.noTeam")}</span>}</td>
              {KINDS.flatMap((kind) => FIGURES.map(([, figure], index) => <Figure key={`${kind}-${figure}`} kind={kind} figure={figure} first={index === 0} value={(row[kind] as BalanceFigures)[figure]} />))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2} className="card-table__title card-table__wide">
              {t("reports.totalOf", { count: data.count })}
            </th>
            {KINDS.flatMap((kind) => FIGURES.map(([, figure], index) => <Figure key={`${kind}-${figure}`} kind={kind} figure={figure} first={index === 0} value={data.totals[kind][figure]} />))}
          </tr>
        </tfoot>
      </table>
    </ScrollBox>
  );
}
