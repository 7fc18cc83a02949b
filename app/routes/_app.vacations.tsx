import type { MetaFunction, LinksFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useSearchParams } from "@remix-run/react";
import { useEffect, useMemo, type ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { DeferredPlainVacationForm, preloadPlainVacationForm } from "~/components/deferred-vacation-form";
import { VacationTable, cancelConfirmation, type VacationTableRow } from "~/components/vacation-table";
import { categoryName } from "~/components/absence-category-name";
import { ActionNotice } from "~/components/action-notice";
import { ConfirmationStep } from "~/components/confirm";
import { Pager, withParams } from "~/components/pager";
import { FIRST_DATE, LAST_DATE } from "~/lib/input-limits";
import { pageTitle } from "~/lib/meta";
import { VACATION_STATUSES } from "~/lib/statuses";
import vacationsStyles from "~/styles/vacations.css";
import { RuleWarningsNotice } from "~/components/rule-warnings";
import { OverdueCertificates } from "~/components/overdue-certificates";
import { loader, action } from "./_app.vacations.server";

export { loader, action };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: vacationsStyles }];

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "nav.absences");

export default function Vacations() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const [params] = useSearchParams();
  const createResult = actionData && "result" in actionData ? actionData : null;
  const notice = actionData && "notice" in actionData ? actionData.notice : null;
  const confirmStep = actionData && "confirm" in actionData ? actionData.confirm : null;
  const exportQuery = new URLSearchParams(data.exportQuery);
  const filtered = data.filtered;
  const formOpen = data.openNew || Boolean(createResult);
  // The form's code is loaded apart (decision 0103): at once when the section opens with the page,
  // else when the person goes for it or React comes to hydrate it. Its props keep their identity
  // until it arrives.
  useEffect(() => {
    if (formOpen) preloadPlainVacationForm();
  }, [formOpen]);
  const activeCategories = useMemo(() => data.categories.filter((c) => c.active), [data.categories]);
  const keep = (keys: string[]) => keys.flatMap((key) => (params.get(key) ? [[key, params.get(key)!] as const] : []));

  return (
    <div className="vacations">
      <header className="page-header">
        <h1 className="page__title">{t("nav.absences")}</h1>
      </header>

      {data.created && !actionData ? (
        <p className="notice notice--success" role="status">
          {data.created === "recorded" ? t("absenceTypes.recorded") : data.created === "approved" ? t("teams.approvedAsOnlyAdmin") : t("absences.vacations.created")}
        </p>
      ) : null}
      {!actionData ? <RuleWarningsNotice warnings={data.ruleWarnings} /> : null}
      <ActionNotice notice={notice} />
      <OverdueCertificates items={data.overdueCertificates.items} total={data.overdueCertificates.total} />
      {confirmStep ? <CancelConfirmationStep fields={confirmStep.fields} mine={data.mine.rows} company={data.company?.rows ?? []} /> : null}

      <details className="card collapsible" open={formOpen || undefined}>
        <summary className="collapsible__summary" onPointerEnter={preloadPlainVacationForm} onPointerDown={preloadPlainVacationForm} onFocus={preloadPlainVacationForm}>
          <span aria-hidden="true">+</span> {t("absences.vacations.newAbsence")}
        </summary>
        <div className="collapsible__body">
          <DeferredPlainVacationForm
            key={location.key}
            action={`/vacations${withParams(params, {})}`}
            categories={activeCategories}
            lastResult={createResult?.result}
            errorValues={createResult?.values}
            balances={data.balances}
            hasAllowance={data.hasAllowance}
            balanceYear={data.year}
            holidays={data.holidayContext}
          />
        </div>
      </details>

      <section className="card" aria-labelledby="filters-heading">
        <h2 id="filters-heading" className="card__title">
          {t("absences.vacations.filtersTitle")}
        </h2>
        <Form method="get" className="filters" key={location.search}>
          {keep(["size", "csize"]).map(([key, value]) => (
            <input key={key} type="hidden" name={key} value={value} />
          ))}
          <label className="field">
            <span>{t("absences.vacations.type")}</span>
            <select name="type" defaultValue={data.filters.type}>
              <option value="">{t("absences.vacations.allTypes")}</option>
              {data.categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {categoryName(t, category)}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{t("absences.vacations.from")}</span>
            <input type="date" name="from" min={FIRST_DATE} max={LAST_DATE} defaultValue={data.filters.from} />
          </label>
          <label className="field">
            <span>{t("absences.vacations.to")}</span>
            <input type="date" name="to" min={FIRST_DATE} max={LAST_DATE} defaultValue={data.filters.to} />
          </label>
          <label className="field">
            <span>{t("absences.vacations.status")}</span>
            <select name="status" defaultValue={data.filters.status}>
              <option value="">{t("absences.vacations.allStatuses")}</option>
              {VACATION_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`absences.status.${status}`)}
                </option>
              ))}
            </select>
          </label>
          <div className="filters__actions">
            <button type="submit" className="button button--primary">
              {t("absences.vacations.apply")}
            </button>
            <Link to="/vacations" className="button">
              {t("absences.vacations.clear")}
            </Link>
            <Link to={`/vacations${location.search}`} className="button">
              {t("absences.vacations.refresh")}
            </Link>
          </div>
        </Form>
      </section>

      <VacationsSection
        id="mine"
        title={t("absences.vacations.mineTitle")}
        pagingLabel={t("absences.vacations.minePaging")}
        exportHref={`/vacations/export.csv?${exportQuery}`}
        table={data.mine}
        categories={data.categories}
        actions={["cancel"]}
        filtered={filtered}
        testId="my-vacations"
        pageKey="page"
        sizeKey="size"
        params={params}
      />
      {data.company ? (
        <VacationsSection
          id="company"
          title={t("absences.vacations.companyTitle")}
          pagingLabel={t("absences.vacations.companyPaging")}
          exportHref={`/vacations/export.csv?${new URLSearchParams([["scope", "company"], ...exportQuery])}`}
          table={data.company}
          categories={data.categories}
          showUser
          actions={["approve", "reject", "cancel"]}
          filtered={filtered}
          testId="company-vacations"
          pageKey="cpage"
          sizeKey="csize"
          params={params}
        />
      ) : null}
    </div>
  );
}

interface VacationsSectionProps {
  id: string;
  title: string;
  pagingLabel: string;
  exportHref: string;
  table: { rows: VacationTableRow[]; total: number; offset: number; limit: number };
  categories: ComponentProps<typeof VacationTable>["categories"];
  showUser?: boolean;
  actions: ComponentProps<typeof VacationTable>["actions"];
  /** Whether the filters hide vacations: an empty table then says none match. */
  filtered: boolean;
  testId: string;
  pageKey: string;
  sizeKey: string;
  params: URLSearchParams;
}

/** One paged table of the page ("my vacations", or the company's for admins) with its CSV link. */
function VacationsSection({ id, title, pagingLabel, exportHref, table, categories, showUser, actions, filtered, testId, pageKey, sizeKey, params }: VacationsSectionProps) {
  const { t } = useTranslation();
  // Empty with filters: none match, and the way out; empty without: nothing yet, and what to do.
  const empty = filtered ? (
    <>
      <p>{t("absences.vacations.empty")}</p>
      <p>
        <Link to="/vacations">{t("absences.vacations.emptyClear")}</Link>
      </p>
    </>
  ) : id === "mine" ? (
    <>
      <p>{t("absences.vacations.emptyMine")}</p>
      <p>
        <Link className="button button--primary" to="/vacations?new=1">
          <span aria-hidden="true">+</span> {t("absences.vacations.newAbsence")}
        </Link>
      </p>
    </>
  ) : (
    t("absences.vacations.emptyCompany")
  );
  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <div className="card__header">
        <h2 id={`${id}-heading`} className="card__title">
          {title}
        </h2>
        {/* A resource route: a document request, not a client-side navigation. */}
        <a className="button button--small" href={exportHref} aria-describedby={`${id}-heading`}>
          {t("absences.vacations.exportCsv")}
        </a>
      </div>
      <VacationTable
        caption={title}
        rows={table.rows}
        categories={categories}
        showUser={showUser}
        actions={actions}
        empty={empty}
        testId={testId}
      />
      {table.total > 0 ? (
        <Pager
          label={pagingLabel}
          total={table.total}
          offset={table.offset}
          limit={table.limit}
          count={table.rows.length}
          pageKey={pageKey}
          sizeKey={sizeKey}
          params={params}
        />
      ) : null}
    </section>
  );
}

/** Without JavaScript, a cancel first comes back here as a question about that row. */
function CancelConfirmationStep({ fields, mine, company }: { fields: Record<string, string>; mine: VacationTableRow[]; company: VacationTableRow[] }) {
  const { t, i18n } = useTranslation();
  const own = mine.find((row) => row.id === fields.id);
  const row = own ?? company.find((row) => row.id === fields.id);
  if (!row) return null;
  return <ConfirmationStep fields={fields} confirmation={cancelConfirmation(t, row, i18n.language, !own)} />;
}
