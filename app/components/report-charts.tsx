// The reports' two pictures, drawn as SVG by the same React render as the page: they need no
// JavaScript and no chart library in the browser. Each is an image with a title and a description
// for screen readers, a legend in HTML, and the table of its numbers behind it (docs/decisions/
// 0024-reports-and-csv.md). Labels that depend on the runtime's Intl data (month names) come from
// the loader, so the server's and the browser's render are the same.
// The drawings have no viewBox: their lengths across are percentages of the width the page gives
// them and their type keeps its size, so a phone shows all twelve months and every bar's value
// (a scaled drawing was unreadable there, and scrolled instead). The labels left of the plot sit
// in the margin the stylesheet leaves beside it (reports.css, .chart__svg).
import { useTranslation } from "react-i18next";
import type { BalanceKind } from "~/lib/balance-kinds";
import { formatDays } from "~/lib/format";
import { axisTicks, type DaysLeft, type MonthlyDaysOff } from "~/lib/report-charts";
import { ScrollBox } from "./scroll-box";

// Okabe–Ito: told apart by people with the common colour vision deficiencies, and on white.
export const SERIES_COLOURS = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#7a7a7a"];
const KIND_COLOURS: Record<BalanceKind, string> = { yearly: "#0072B2", residual: "#E69F00", special: "#009E73" };
const KINDS: BalanceKind[] = ["yearly", "residual", "special"];

export interface NamedSeries {
  key: string;
  label: string;
  months: number[];
  total: number;
}

function Legend({ items }: { items: { label: string; colour: string }[] }) {
  return (
    <ul className="chart-legend">
      {items.map((item) => (
        <li key={item.label}>
          <span className="chart-legend__swatch" style={{ background: item.colour }} aria-hidden="true" />
          {item.label}
        </li>
      ))}
    </ul>
  );
}

const pct = (value: number) => `${value}%`;

/** Stacked columns: working days off in each month, one colour per team. */
export function DaysOffChart({
  data,
  series,
  monthLabels,
  monthYears,
  monthNames,
}: {
  data: MonthlyDaysOff;
  series: NamedSeries[];
  monthLabels: string[];
  /** The year under a month where the leave year starts and where it crosses into the next; null elsewhere. */
  monthYears?: (string | null)[];
  monthNames: string[];
}) {
  const { t, i18n } = useTranslation();
  const days = (value: number) => formatDays(value, i18n.language);
  // A second row of labels (the years) needs room under the months.
  const withYears = monthYears?.some(Boolean) ?? false;
  const H = withYears ? 274 : 260;
  const top = 12;
  const bottom = withYears ? 42 : 28;
  const plotHeight = H - top - bottom;
  const ticks = axisTicks(Math.max(...data.monthTotals, 0));
  const max = ticks[ticks.length - 1];
  const y = (value: number) => top + plotHeight - (value / max) * plotHeight;
  const band = 100 / 12;
  const barWidth = band * 0.64;
  const peak = data.monthTotals.indexOf(Math.max(...data.monthTotals));
  const description = t("reports.charts.daysOff.description", { total: days(data.total), month: monthNames[peak], peak: days(data.monthTotals[peak]), year: data.label });
  return (
    <figure className="chart" data-testid="chart-days-off">
      <div className="chart__canvas">
        <svg height={H} role="img" aria-labelledby="days-off-title days-off-desc" className="chart__svg chart__svg--columns">
          <title id="days-off-title">{t("reports.charts.daysOff.title", { year: data.label })}</title>
          <desc id="days-off-desc">{description}</desc>
          {ticks.map((tick) => (
            <g key={tick} className="chart__grid">
              <line x1="0" x2="100%" y1={y(tick)} y2={y(tick)} />
              <text x={-6} y={y(tick)} dy="0.32em" textAnchor="end">
                {days(tick)}
              </text>
            </g>
          ))}
          {data.monthTotals.map((_, month) => {
            let base = 0;
            const x = pct(band * month + (band - barWidth) / 2);
            return (
              <g key={month}>
                {series.map((s, index) => {
                  const value = s.months[month];
                  if (!value) return null;
                  const y0 = y(base);
                  base += value;
                  return (
                    <rect key={s.key} x={x} y={y(base)} width={pct(barWidth)} height={Math.max(0, y0 - y(base))} fill={SERIES_COLOURS[index % SERIES_COLOURS.length]}>
                      <title>{`${s.label}, ${monthNames[month]}: ${t("reports.charts.days", { count: value, days: days(value) })}`}</title>
                    </rect>
                  );
                })}
                <text x={pct(band * month + band / 2)} y={H - bottom + 18} textAnchor="middle" className="chart__label">
                  {monthLabels[month]}
                </text>
                {monthYears?.[month] ? (
                  <text x={pct(band * month + band / 2)} y={H - bottom + 34} textAnchor="middle" className="chart__year">
                    {monthYears[month]}
                  </text>
                ) : null}
              </g>
            );
          })}
          <line className="chart__axis" x1="0" x2="100%" y1={y(0)} y2={y(0)} />
        </svg>
      </div>
      <figcaption>
        <Legend items={series.map((s, index) => ({ label: s.label, colour: SERIES_COLOURS[index % SERIES_COLOURS.length] }))} />
        <details className="chart__data">
          <summary>{t("reports.charts.showTable")}</summary>
          <ScrollBox labelledBy="days-off-table-caption">
            <table className="table table--compact card-table" data-testid="chart-days-off-table">
              <caption id="days-off-table-caption" className="visually-hidden">{t("reports.charts.daysOff.title", { year: data.label })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("reports.charts.month")}</th>
                  {series.map((s) => (
                    <th key={s.key} scope="col" className="number">
                      {s.label}
                    </th>
                  ))}
                  <th scope="col" className="number">
                    {t("reports.charts.total")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {monthNames.map((name, month) => (
                  <tr key={name}>
                    <th scope="row" className="card-table__title card-table__wide">{name}</th>
                    {series.map((s) => (
                      <td key={s.key} className="number" data-label={s.label}>
                        {days(s.months[month])}
                      </td>
                    ))}
                    <td className="number" data-label={t("reports.charts.total")}>{days(data.monthTotals[month])}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" className="card-table__title card-table__wide">{t("reports.charts.total")}</th>
                  {series.map((s) => (
                    <td key={s.key} className="number" data-label={s.label}>
                      {days(s.total)}
                    </td>
                  ))}
                  <td className="number" data-label={t("reports.charts.total")}>{days(data.total)}</td>
                </tr>
              </tfoot>
            </table>
          </ScrollBox>
        </details>
      </figcaption>
    </figure>
  );
}

const MAX_NAME = 24;
const shortName = (name: string) => (name.length > MAX_NAME ? `${name.slice(0, MAX_NAME - 1)}…` : name);

/** Horizontal bars: the people with the most days still to take, split by balance. */
export function DaysLeftChart({ people, year, teamName }: { people: DaysLeft[]; year: number; teamName: (teamId: string | null) => string }) {
  const { t, i18n } = useTranslation();
  const days = (value: number) => formatDays(value, i18n.language);
  const row = 28;
  const top = 6;
  const bottom = 24;
  const H = top + people.length * row + bottom;
  const ticks = axisTicks(Math.max(...people.map((p) => p.total), 0));
  const max = ticks[ticks.length - 1];
  const x = (value: number) => (value / max) * 100;
  const kindLabel = (kind: BalanceKind) => t(`reports.columns.${kind}`);
  const [first] = people;
  const description = t("reports.charts.daysLeft.description", { count: people.length, name: first.name, days: days(first.total), year });
  return (
    <figure className="chart" data-testid="chart-days-left">
      <div className="chart__canvas">
        <svg height={H} role="img" aria-labelledby="days-left-title days-left-desc" className="chart__svg chart__svg--bars">
          <title id="days-left-title">{t("reports.charts.daysLeft.title", { year })}</title>
          <desc id="days-left-desc">{description}</desc>
          {ticks.map((tick) => (
            <g key={tick} className="chart__grid">
              <line x1={pct(x(tick))} x2={pct(x(tick))} y1={top} y2={H - bottom} />
              <text x={pct(x(tick))} y={H - bottom + 16} textAnchor="middle">
                {days(tick)}
              </text>
            </g>
          ))}
          {people.map((person, index) => {
            const rowTop = top + index * row;
            let base = 0;
            return (
              <g key={person.id}>
                <text x={-8} y={rowTop + row / 2} dy="0.32em" textAnchor="end" className="chart__label">
                  {shortName(person.name)}
                </text>
                {KINDS.map((kind) => {
                  const value = person.left[kind];
                  if (!value) return null;
                  const from = x(base);
                  base += value;
                  return (
                    <rect key={kind} x={pct(from)} y={rowTop + 5} width={pct(Math.max(0, x(base) - from))} height={row - 10} fill={KIND_COLOURS[kind]}>
                      <title>{`${person.name}, ${kindLabel(kind)}: ${t("reports.charts.days", { count: value, days: days(value) })}`}</title>
                    </rect>
                  );
                })}
                <text x={pct(x(base))} dx={6} y={rowTop + row / 2} dy="0.32em" className="chart__value">
                  {days(person.total)}
                </text>
              </g>
            );
          })}
          <line className="chart__axis" x1="0" x2="0" y1={top} y2={H - bottom} />
        </svg>
      </div>
      <figcaption>
        <Legend items={KINDS.map((kind) => ({ label: kindLabel(kind), colour: KIND_COLOURS[kind] }))} />
        <details className="chart__data">
          <summary>{t("reports.charts.showTable")}</summary>
          <ScrollBox labelledBy="days-left-table-caption">
            <table className="table table--compact card-table" data-testid="chart-days-left-table">
              <caption id="days-left-table-caption" className="visually-hidden">{t("reports.charts.daysLeft.title", { year })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("reports.columns.person")}</th>
                  <th scope="col">{t("reports.columns.team")}</th>
                  {KINDS.map((kind) => (
                    <th key={kind} scope="col" className="number">
                      {kindLabel(kind)}
                    </th>
                  ))}
                  <th scope="col" className="number">
                    {t("reports.charts.total")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {people.map((person) => (
                  <tr key={person.id}>
                    <th scope="row" className="card-table__title card-table__wide">{person.name}</th>
                    <td className="card-table__wide" data-label={t("reports.columns.team")}>{teamName(person.teamId)}</td>
                    {KINDS.map((kind) => (
                      <td key={kind} className="number card-table__figure" data-label={kindLabel(kind)}>
                        {days(person.left[kind])}
                      </td>
                    ))}
                    <td className="number card-table__figure" data-label={t("reports.charts.total")}>{days(person.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        </details>
      </figcaption>
    </figure>
  );
}
