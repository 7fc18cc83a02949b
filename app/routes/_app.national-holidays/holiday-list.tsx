// The filters (a GET form: the URL is the list's state) and the list of holidays, with delete for
// company admins (asked first, with and without JavaScript).
import { Form, Link, useActionData, useLoaderData, useLocation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActionNotice, type Notice } from "~/components/action-notice";
import { ConfirmationStep, ConfirmSubmitButton, type Confirmation } from "~/components/confirm";
import { DateText } from "~/components/date-text";
import { FieldError } from "~/components/field-error";
import { ScrollBox } from "~/components/scroll-box";
import { Pager } from "~/components/pager";
import { useRowActionBusy } from "~/components/vacation-table";
import { useHydrated } from "~/hooks/use-hydrated";
import { formatDate, formatIsoDate } from "~/lib/format";
import { twoDigits } from "~/lib/holiday-filters";
import type { HolidaysReply } from "./holidays.server";
import type { loader } from "./route";

const MONTHS = Array.from({ length: 12 }, (_, i) => twoDigits(i + 1));

/** With JavaScript the fields keep to what they accept as people type (spec section 5). */
function keepOnly(pattern: RegExp, length: number, upper = false) {
  return (event: React.FormEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const value = input.value.replace(pattern, "").slice(0, length);
    const next = upper ? value.toUpperCase() : value;
    if (next !== input.value) input.value = next;
  };
}

export function HolidayFilters() {
  const { t, i18n } = useTranslation();
  const { filters, filterErrors } = useLoaderData<typeof loader>();
  const location = useLocation();
  const hydrated = useHydrated();
  const error = (name: string) => (filterErrors[name] ? [filterErrors[name]] : undefined);
  const invalid = (name: string) => (filterErrors[name] ? true : undefined);
  return (
    <section className="card" aria-labelledby="holiday-filters-heading">
      <h2 id="holiday-filters-heading" className="card__title">
        {t("holidays.filters.title")}
      </h2>
      <Form method="get" className="filters holidays-filters" key={location.search}>
        <label className="field">
          <span>{t("holidays.filters.country")}</span>
          <input
            type="text"
            name="country"
            defaultValue={filters.country}
            maxLength={2}
            autoCapitalize="characters"
            autoComplete="off"
            placeholder="PT"
            aria-invalid={invalid("country")}
            aria-describedby="holiday-filter-country-hint holiday-filter-country-error"
            onInput={hydrated ? keepOnly(/[^a-z]/gi, 2, true) : undefined}
          />
          <small className="field__hint" id="holiday-filter-country-hint">
            {t("holidays.filters.countryHint")}
          </small>
          <FieldError errors={error("country")} id="holiday-filter-country-error" />
        </label>
        <label className="field">
          <span>{t("holidays.filters.year")}</span>
          <input
            type="text"
            name="year"
            inputMode="numeric"
            defaultValue={filters.year}
            maxLength={4}
            autoComplete="off"
            aria-invalid={invalid("year")}
            aria-describedby="holiday-filter-year-hint holiday-filter-year-error"
            onInput={hydrated ? keepOnly(/\D/g, 4) : undefined}
          />
          <small className="field__hint" id="holiday-filter-year-hint">
            {t("holidays.filters.yearHint")}
          </small>
          <FieldError errors={error("year")} id="holiday-filter-year-error" />
        </label>
        <label className="field">
          <span>{t("holidays.filters.month")}</span>
          <select name="month" defaultValue={filters.month} aria-invalid={invalid("month")} aria-describedby="holiday-filter-month-error">
            <option value="">{t("holidays.filters.allMonths")}</option>
            {MONTHS.map((month) => (
              <option key={month} value={month}>
                {month} · {formatIsoDate(`2000-${month}-01`, i18n.language, { month: "long" })}
              </option>
            ))}
          </select>
          <FieldError errors={error("month")} id="holiday-filter-month-error" />
        </label>
        <label className="field">
          <span>{t("holidays.filters.search")}</span>
          <input type="search" name="q" defaultValue={filters.q} maxLength={100} autoComplete="off" aria-invalid={invalid("q")} aria-describedby="holiday-filter-q-error" />
          <FieldError errors={error("q")} id="holiday-filter-q-error" />
        </label>
        <div className="filters__actions">
          <button type="submit" className="button button--primary">
            {t("holidays.filters.apply")}
          </button>
          <Link to="/national-holidays" className="button">
            {t("holidays.filters.clear")}
          </Link>
        </div>
      </Form>
    </section>
  );
}

export function HolidayList({ notice }: { notice: Notice | null | undefined }) {
  const { t, i18n } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<HolidaysReply>();
  const location = useLocation();
  const [params] = useSearchParams();
  const busy = useRowActionBusy();
  const { list, canManage } = data;
  const confirmStep = actionData && "confirm" in actionData ? actionData.confirm : null;
  const here = `/national-holidays${location.search}`;
  const confirmation = (name: string, date: string): Confirmation => ({
    title: t("holidays.confirm.title"),
    question: t("holidays.confirm.question", { name, date: formatDate(date, i18n.language) }),
    confirm: t("holidays.confirm.yes"),
    cancel: t("holidays.confirm.no"),
  });
  return (
    <section className="card" aria-labelledby="holiday-list-heading" data-testid="holiday-list">
      <h2 id="holiday-list-heading" className="card__title">
        {t("holidays.table.caption")}
      </h2>
      <ActionNotice notice={notice} />
      {confirmStep ? <ConfirmationStep fields={confirmStep.fields} confirmation={confirmation(confirmStep.fields.name ?? "", confirmStep.fields.date ?? "")} /> : null}
      {list === null ? (
        <div className="notice notice--error" role="alert">
          <p className="notice__line">{t("holidays.loadFailed")}</p>
        </div>
      ) : list.total === 0 ? (
        <div className="empty-state" data-testid="holidays-empty">
          <p>{data.hasAny ? t("holidays.empty.filtered") : canManage ? t("holidays.empty.admin") : t("holidays.empty.user")}</p>
        </div>
      ) : (
        <>
          <ScrollBox labelledBy="holiday-list-heading">
            <table className="table holidays-table card-table">
              <thead>
                <tr>
                  <th scope="col">{t("holidays.table.date")}</th>
                  <th scope="col">{t("holidays.table.name")}</th>
                  <th scope="col">{t("holidays.table.country")}</th>
                  <th scope="col">{t("holidays.table.region")}</th>
                  <th scope="col">{t("holidays.table.recurring")}</th>
                  {canManage ? (
                    <th scope="col">
                      <span className="visually-hidden">{t("holidays.table.actions")}</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {list.rows.map((holiday) => (
                  <tr key={holiday.id} data-testid="holiday-row">
                    <td data-label={t("holidays.table.date")}>
                      <DateText date={holiday.date} />
                    </td>
                    <th scope="row" className="card-table__title card-table__wide card-table__lead">{holiday.name}</th>
                    <td data-label={t("holidays.table.country")}>
                      <abbr title={holiday.countryName}>{holiday.countryCode}</abbr>
                    </td>
                    <td data-label={t("holidays.table.region")}>
                      {holiday.region ? (
                        <>
                          {holiday.region}
                          {holiday.regionName ? <span className="holidays-table__region-name">{holiday.regionName}</span> : null}
                        </>
                      ) : (
                        <span className="muted">{t("holidays.table.wholeCountry")}</span>
                      )}
                    </td>
                    <td data-label={t("holidays.table.recurring")}>{holiday.isRecurring ? t("holidays.table.yes") : t("holidays.table.no")}</td>
                    {canManage ? (
                      <td className="card-table__actions">
                        <Form method="post" action={here} preventScrollReset>
                          <input type="hidden" name="id" value={holiday.id} />
                          {/* For the question only (JavaScript off); the server reads the holiday by its id. */}
                          <input type="hidden" name="name" value={holiday.name} />
                          <input type="hidden" name="date" value={holiday.date} />
                          <ConfirmSubmitButton
                            confirmation={confirmation(holiday.name, holiday.date)}
                            name="intent"
                            value="delete"
                            className="button button--small button--delete"
                            disabled={busy}
                            aria-label={t("holidays.table.deleteNamed", { name: holiday.name, date: formatDate(holiday.date, i18n.language) })}
                          >
                            {t("holidays.table.delete")}
                          </ConfirmSubmitButton>
                        </Form>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
          <Pager label={t("holidays.table.paging")} total={list.total} offset={list.offset} limit={list.limit} count={list.rows.length} pageKey="page" params={params} />
        </>
      )}
    </section>
  );
}
