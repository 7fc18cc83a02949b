// The absences tab: every vacation in a date range by absence category, status and team (a GET form), a page
// at a time, and all of them as CSV.
import { Form, Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DateRangeText } from "~/components/date-text";
import { FieldError } from "~/components/field-error";
import { Pager } from "~/components/pager";
import { StatusBadge } from "~/components/status-badge";
import { ScrollBox } from "~/components/scroll-box";
import { formatDays, formatLeaveAmount, UNKNOWN_FIGURE } from "~/lib/format";
import { FIRST_DATE, LAST_DATE } from "~/lib/input-limits";
import { NO_TEAM_FILTER, REPORT_PAGE_SIZES } from "~/lib/report-params";
import { VACATION_STATUSES } from "~/lib/statuses";
import type { VacationsTabData } from "./vacations.server";

/** The query names a filter may come under (the screen's first, then the API's). */
const NAMES: Record<string, string[]> = { from: ["from", "date_from"], to: ["to", "date_to"], type: ["type", "absence_category_id", "category"], status: ["status"], team: ["team", "team_id"] };

export function VacationsTab({ data }: { data: VacationsTabData }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const errorOf = (name: string) => NAMES[name].map((n) => data.invalid[n]).find(Boolean);
  const field = (name: string) => {
    const error = errorOf(name);
    return { id: `absences-${name}`, name, "aria-invalid": error ? true : undefined, "aria-describedby": error ? `absences-${name}-error` : undefined };
  };
  const errors = (name: string) => {
    const error = errorOf(name);
    return error ? [error] : undefined;
  };
  return (
    <>
      <section className="card" aria-labelledby="absence-report-filters">
        <h2 id="absence-report-filters" className="card__title">
          {t("reports.absences.formTitle")}
        </h2>
        <Form method="get" className="filters report-filters report-filters--absences" key={location.search}>
          <input type="hidden" name="tab" value="absences" />
          <div className="field">
            <label htmlFor="absences-from">{t("absences.vacations.from")}</label>
            <input type="date" min={FIRST_DATE} max={LAST_DATE} defaultValue={data.filters.from} {...field("from")} />
            <FieldError id="absences-from-error" errors={errors("from")} />
          </div>
          <div className="field">
            <label htmlFor="absences-to">{t("absences.vacations.to")}</label>
            <input type="date" min={FIRST_DATE} max={LAST_DATE} defaultValue={data.filters.to} {...field("to")} />
            <FieldError id="absences-to-error" errors={errors("to")} />
          </div>
          <div className="field">
            <label htmlFor="absences-type">{t("absences.vacations.type")}</label>
            <select defaultValue={data.filters.type} {...field("type")}>
              <option value="">{t("absences.vacations.allTypes")}</option>
              {data.categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </select>
            <FieldError id="absences-type-error" errors={errors("type")} />
          </div>
          <div className="field">
            <label htmlFor="absences-status">{t("absences.vacations.status")}</label>
            <select defaultValue={data.filters.status} {...field("status")}>
              <option value="">{t("absences.vacations.allStatuses")}</option>
              {VACATION_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`absences.status.${status}`)}
                </option>
              ))}
            </select>
            <FieldError id="absences-status-error" errors={errors("status")} />
          </div>
          <div className="field">
            <label htmlFor="absences-team">{t("reports.columns.team")}</label>
            <select defaultValue={data.filters.team} {...field("team")}>
              <option value="">{t("reports.allTeams")}</option>
              {data.teams.map((team) => (
                <option key={team.id} value={team.id}>
                  {team.name}
                </option>
              ))}
              <option value={NO_TEAM_FILTER}>{t("reports.noTeam")}</option>
            </select>
            <FieldError id="absences-team-error" errors={errors("team")} />
          </div>
          <div className="filters__actions">
            <button type="submit" className="button button--primary">
              {t("absences.vacations.apply")}
            </button>
            <Link to="/reports?tab=absences" className="button">
              {t("absences.vacations.clear")}
            </Link>
            <a className="button" href={`/reports/absences.csv?${data.exportQuery}`}>
              {t("reports.exportCsv")}
            </a>
          </div>
        </Form>
      </section>

      <section className="card" aria-labelledby="absence-report-heading">
        <div className="card__header">
          <h2 id="absence-report-heading" className="card__title">
            {t("reports.absences.tableTitle")}
          </h2>
          <p className="card__meta">{t("reports.absences.count", { count: data.total })}</p>
        </div>
        {data.rows.length ? (
          <ScrollBox labelledBy="absence-report-heading">
            <table className="table report-table card-table" data-testid="absence-report-table">
              <caption className="visually-hidden">{t("reports.absences.tableTitle")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("reports.columns.person")}</th>
                  <th scope="col">{t("reports.columns.team")}</th>
                  <th scope="col">{t("export.type")}</th>
                  <th scope="col">{t("export.status")}</th>
                  <th scope="col">{t("reports.absences.dates")}</th>
                  <th scope="col" className="number">
                    {t("export.workingDays")}
                  </th>
                  <th scope="col">{t("export.description")}</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => (
                  <tr key={row.id} data-testid="absence-report-row">
                    <th scope="row" className="card-table__title card-table__wide">
                      <span className="report-table__name">{row.person.name}</span>
                      <span className="report-table__email">{row.person.email}</span>
                    </th>
                    <td className="report-table__team" data-label={t("reports.columns.team")}>{row.team ?? <span className="muted">{t("reports.noTeam")}</span>}</td>
                    <td data-label={t("export.type")}>{row.category}</td>
                    <td data-label={t("export.status")}>
                      <StatusBadge status={row.status} />
                    </td>
                    <td className="card-table__wide" data-label={t("reports.absences.dates")}>
                      <DateRangeText start={row.startDate} end={row.endDate} />
                    </td>
                    <td className="number" data-label={t("export.workingDays")}>{row.hours !== undefined ? formatLeaveAmount(row.hours, "hour", i18n.language) : row.workingDays === null ? UNKNOWN_FIGURE : formatDays(row.workingDays, i18n.language)}</td>
                    <td className="report-table__description card-table__wide" data-label={t("export.description")}>{row.description}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        ) : (
          <div className="empty-state">
            <p>{t("reports.absences.empty")}</p>
            <p>
              <Link to="/reports?tab=absences">{t("absences.vacations.emptyClear")}</Link>
            </p>
          </div>
        )}
        {data.total > 0 ? (
          <Pager
            label={t("reports.paging")}
            total={data.total}
            offset={data.offset}
            limit={data.limit}
            count={data.rows.length}
            pageKey="page"
            sizeKey="size"
            params={new URLSearchParams(location.search)}
            sizes={REPORT_PAGE_SIZES}
          />
        ) : null}
      </section>
    </>
  );
}
