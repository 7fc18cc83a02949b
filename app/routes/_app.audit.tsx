// The audit: every change made through the app, newest first, 20 to a page (spec sections 2 and 9).
// The filters are a GET form, so the address is the state and it works without JavaScript; the
// CSV link carries the same filters. Who reads whose entries: docs/decisions/0025-audit.md.
import type { LoaderFunctionArgs, MetaFunction, LinksFunction } from "@remix-run/node";
import { Form, Link, useFetcher, useLoaderData, useLocation, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AuditDetails } from "~/components/audit-details";
import { FieldError } from "~/components/field-error";
import { Pager } from "~/components/pager";
import { ScreenErrorBoundary } from "~/components/screen-error";
import { ScrollBox } from "~/components/scroll-box";
import { AUDIT_ACTION_GROUPS, auditActionKey } from "~/lib/audit-actions";
import { ALL_COMPANIES, auditFilterQuery, readAuditFilters, SYSTEM_ACTOR } from "~/lib/audit-filters";
import { formatDateRange, formatDays } from "~/lib/format";
import { FIRST_DATE, LAST_DATE } from "~/lib/input-limits";
import { pageTitle } from "~/lib/meta";
import { formatMoment } from "~/lib/zoned-time";
import { categoryName } from "~/components/absence-category-name";
import type { IsoDate } from "~/lib/dates";
import { AUDIT_PAGE_SIZE, auditCompanies, auditPeople, MAX_AUDIT_EXPORT_ROWS, nameAuditEntries, searchAudit, type AuditNamed } from "~/models/audit.server";
import { requireUser } from "~/utils/auth.server";
import { withPageErrors } from "~/utils/form-errors.server";
import { getLanguage, getT } from "~/utils/i18n.server";
import { assertAllowed, canReadAudit } from "~/utils/permissions.server";
import auditStyles from "~/styles/audit.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: auditStyles },
];

export function ErrorBoundary() {
  return <ScreenErrorBoundary failedKey={() => "audit.loadFailed"} />;
}

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "nav.audit");

/** ?page=N of 20 entries; anything odd is the first page. */
function readPage(params: URLSearchParams): number {
  return Math.min(Math.max(Math.trunc(Number(params.get("page"))) || 1, 1), 100_000);
}

export function loader({ request, context }: LoaderFunctionArgs) {
  return withPageErrors(async () => {
    const viewer = await requireUser({ request, context });
    assertAllowed(canReadAudit(viewer));
    const params = new URL(request.url).searchParams;
    const { filters, invalid } = readAuditFilters(params);
    const companies = await auditCompanies(viewer);
    // A company or person the lists do not hold (a stale link) is left out and said so by its field.
    if (filters.companyId && filters.companyId !== ALL_COMPANIES && !companies.some((c) => c.id === filters.companyId)) {
      invalid.company = "audit.filters.companyNotFound";
      delete filters.companyId;
    }
    if (filters.companyId === ALL_COMPANIES && !viewer.isMaster) delete filters.companyId;
    const company = filters.companyId === ALL_COMPANIES ? null : (filters.companyId ?? (viewer.isMaster ? null : viewer.companyId));
    const people = company ? await auditPeople(viewer, company) : [];
    if (filters.userId && filters.userId !== SYSTEM_ACTOR && !people.some((p) => p.id === filters.userId)) {
      if (company) invalid.user = "query.userInvalid";
      delete filters.userId;
    }
    const page = readPage(params);
    const result = await searchAudit(viewer, filters, { offset: (page - 1) * AUDIT_PAGE_SIZE, limit: AUDIT_PAGE_SIZE });
    const language = await getLanguage(request);
    const names = await nameAuditEntries(result.items);
    const t = getT(language);
    // Names are put in words here, in the reader's language: the page sends text, not ids.
    const say = (named: AuditNamed): string => {
      switch (named.kind) {
        case "category":
          return categoryName(t, named);
        case "absence": {
          const range = formatDateRange(named.start as IsoDate, named.end as IsoDate, language);
          return named.person ? t("audit.absenceOf", { name: named.person, range }) : range;
        }
        case "gone":
          return t(`audit.gone.${named.entity}`, { defaultValue: t("audit.gone.other") });
        default:
          return named.name;
      }
    };
    return {
      isMaster: viewer.isMaster,
      timeZone: viewer.timeZone,
      filters: {
        company: filters.companyId ?? (viewer.isMaster ? ALL_COMPANIES : viewer.companyId),
        action: filters.action ?? "",
        user: filters.userId ?? "",
        from: filters.dateFrom ?? "",
        to: filters.dateTo ?? "",
      },
      invalid,
      filtered: Boolean(filters.action || filters.userId || filters.dateFrom || filters.dateTo || (filters.companyId && filters.companyId !== ALL_COMPANIES && viewer.isMaster)),
      exportQuery: auditFilterQuery(filters).toString(),
      companies,
      people,
      showCompany: result.companyId === null,
      entries: result.items.map((item, i) => ({
        id: item.id,
        at: item.createdAt.toISOString(),
        when: formatMoment(item.createdAt, language, viewer.timeZone),
        company: item.companyName,
        actor: item.actor,
        // An actor the database no longer has (their company's people were erased) is not the system.
        actorGone: item.actorId !== null && item.actor === null,
        apiToken: item.apiToken?.name ?? null,
        action: item.action,
        entity: item.entity,
        about: names[i].about ? say(names[i].about) : null,
        details: item.details,
        detailNames: Object.fromEntries(Object.entries(names[i].ids).map(([id, named]) => [id, say(named)])),
      })),
      total: result.total,
      offset: result.offset,
      limit: result.limit,
      exportCapped: result.total > MAX_AUDIT_EXPORT_ROWS,
    };
  });
}

type AuditData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function Audit() {
  const { t, i18n } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const location = useLocation();
  return (
    <div className="audit">
      <header className="page-header">
        <h1 className="page__title">{t("nav.audit")}</h1>
      </header>
      <p className="muted audit__intro">{t(data.isMaster ? "audit.introMaster" : "audit.introOwner")}</p>
      <AuditFilterForm key={location.search} data={data} />
      <section className="card" aria-labelledby="audit-entries-heading">
        <div className="card__header">
          <h2 id="audit-entries-heading" className="card__title">
            {t("audit.entries", { count: data.total })}
          </h2>
          {/* A resource route: a document request, not a client-side navigation. */}
          <a className="button button--small" href={`/audit/export.csv${data.exportQuery ? `?${data.exportQuery}` : ""}`} aria-describedby="audit-entries-heading">
            {t("audit.exportCsv")}
          </a>
        </div>
        {data.exportCapped ? <p className="field__hint">{t("audit.exportCapped", { max: formatDays(MAX_AUDIT_EXPORT_ROWS, i18n.language) })}</p> : null}
        {data.entries.length ? (
          <AuditTable data={data} />
        ) : (
          <div className="empty-state" data-testid="audit-empty">
            {data.filtered ? (
              <>
                <p>{t("audit.emptyFiltered")}</p>
                <p>
                  <Link to="/audit">{t("audit.clear")}</Link>
                </p>
              </>
            ) : (
              <p>{t("audit.empty")}</p>
            )}
          </div>
        )}
        {data.total > 0 ? (
          <Pager
            label={t("audit.paging")}
            total={data.total}
            offset={data.offset}
            limit={data.limit}
            count={data.entries.length}
            pageKey="page"
            sizeKey="size"
            params={params}
            sizes={[AUDIT_PAGE_SIZE]}
          />
        ) : null}
      </section>
    </div>
  );
}

/** The filters, remade from the address on each navigation (keyed by it). */
function AuditFilterForm({ data }: { data: AuditData }) {
  const { t } = useTranslation();
  // With JavaScript, choosing a company reads its people at once (this route's own loader), so
  // the person can be chosen before applying; without it, applying the company fills the list.
  const [company, setCompany] = useState(data.filters.company);
  const people = useFetcher<typeof loader>();
  const peopleOfCompany = company === data.filters.company ? data.people : people.data?.filters.company === company ? people.data.people : [];
  const error = (name: string) => data.invalid[name] ?? data.invalid[{ company: "company_id", user: "user_id", from: "date_from", to: "date_to" }[name] ?? name];
  const errorsOf = (name: string) => (error(name) ? [error(name)!] : undefined);
  const field = (name: string) => ({ id: `audit-${name}`, "aria-invalid": error(name) ? true : undefined, "aria-describedby": error(name) ? `audit-${name}-error` : undefined });
  return (
    <section className="card" aria-labelledby="audit-filters-heading">
      <h2 id="audit-filters-heading" className="card__title">
        {t("audit.filtersTitle")}
      </h2>
      <Form method="get" className="filters audit-filters">
        <div className="field">
          <label htmlFor="audit-company">{t("audit.filters.company")}</label>
          {data.isMaster ? (
            <select
              name="company"
              defaultValue={data.filters.company}
              {...field("company")}
              onChange={(event) => {
                const chosen = event.currentTarget.value;
                setCompany(chosen);
                if (chosen !== ALL_COMPANIES && chosen !== data.filters.company) people.load(`/audit?${new URLSearchParams({ company: chosen })}`);
              }}
            >
              <option value={ALL_COMPANIES}>{t("audit.filters.allCompanies")}</option>
              {data.companies.map((company) => (
                <option key={company.id} value={company.id}>
                  {company.name}
                </option>
              ))}
            </select>
          ) : (
            // An owner reads their own company's entries: the field says which, and cannot change.
            <select defaultValue={data.filters.company} disabled {...field("company")}>
              {data.companies.map((company) => (
                <option key={company.id} value={company.id}>
                  {company.name}
                </option>
              ))}
            </select>
          )}
          <FieldError id="audit-company-error" errors={errorsOf("company")} />
        </div>
        <div className="field">
          <label htmlFor="audit-action">{t("audit.filters.action")}</label>
          <select name="action" defaultValue={data.filters.action} {...field("action")}>
            <option value="">{t("audit.filters.allActions")}</option>
            {Object.entries(AUDIT_ACTION_GROUPS).map(([group, actions]) => (
              <optgroup key={group} label={t(`audit.groups.${group}`)}>
                <option value={`${group}.*`}>{t("audit.filters.wholeGroup", { group: t(`audit.groups.${group}`) })}</option>
                {actions.map((action) => (
                  <option key={action} value={action}>
                    {t(auditActionKey(action), { defaultValue: action })}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          <FieldError id="audit-action-error" errors={errorsOf("action")} />
        </div>
        <div className="field">
          <label htmlFor="audit-user">{t("audit.filters.user")}</label>
          {/* Keyed by the company: another company's list starts at "anyone". */}
          <select key={company} name="user" defaultValue={company === data.filters.company ? data.filters.user : ""} {...field("user")}>
            <option value="">{t("audit.filters.everyone")}</option>
            <option value={SYSTEM_ACTOR}>{t("audit.filters.system")}</option>
            {peopleOfCompany.map((person) => (
              <option key={person.id} value={person.id}>
                {person.active ? person.name : t("audit.filters.deactivatedPerson", { name: person.name })}
              </option>
            ))}
          </select>
          {peopleOfCompany.length === 0 && data.isMaster ? <span className="field__hint">{t("audit.filters.userNeedsCompany")}</span> : null}
          <FieldError id="audit-user-error" errors={errorsOf("user")} />
        </div>
        <div className="field">
          <label htmlFor="audit-from">{t("audit.filters.from")}</label>
          <input type="date" name="from" min={FIRST_DATE} max={LAST_DATE} defaultValue={data.filters.from} {...field("from")} />
          <FieldError id="audit-from-error" errors={errorsOf("from")} />
        </div>
        <div className="field">
          <label htmlFor="audit-to">{t("audit.filters.to")}</label>
          <input type="date" name="to" min={FIRST_DATE} max={LAST_DATE} defaultValue={data.filters.to} {...field("to")} />
          <FieldError id="audit-to-error" errors={errorsOf("to")} />
        </div>
        <div className="filters__actions">
          <button type="submit" className="button button--primary">
            {t("audit.apply")}
          </button>
          <Link to="/audit" className="button">
            {t("audit.clear")}
          </Link>
        </div>
      </Form>
    </section>
  );
}

function AuditTable({ data }: { data: AuditData }) {
  const { t } = useTranslation();
  // Each cell also carries its column's name (data-label): on a phone a row is drawn as a card
  // whose values are named (app/styles/audit.css), as the absence tables do.
  const heading = {
    when: t("audit.columns.when"),
    company: t("audit.columns.company"),
    actor: t("audit.columns.actor"),
    action: t("audit.columns.action"),
    about: t("audit.columns.about"),
    details: t("audit.columns.details"),
  };
  return (
    <ScrollBox labelledBy="audit-table-caption">
      {/* role="table": a table drawn as blocks on a phone keeps its roles for screen readers. */}
      <table className="table audit-table card-table" data-testid="audit-table" role="table">
        <caption id="audit-table-caption" className="visually-hidden">{t("audit.tableCaption", { zone: data.timeZone })}</caption>
        <thead>
          <tr role="row">
            <th scope="col" role="columnheader">{heading.when}</th>
            {data.showCompany ? <th scope="col" role="columnheader">{heading.company}</th> : null}
            <th scope="col" role="columnheader">{heading.actor}</th>
            <th scope="col" role="columnheader">{heading.action}</th>
            <th scope="col" role="columnheader">{heading.about}</th>
            <th scope="col" role="columnheader">{heading.details}</th>
          </tr>
        </thead>
        <tbody>
          {data.entries.map((entry) => (
            <tr key={entry.id} data-testid="audit-row" role="row">
              <td role="cell" className="audit-table__when" data-label={heading.when}>
                <time dateTime={entry.at}>{entry.when}</time>
              </td>
              {data.showCompany ? <td role="cell" className="audit-table__company" data-label={heading.company}>{entry.company}</td> : null}
              <td role="cell" className="audit-table__actor" data-label={heading.actor}>
                {entry.actor ? (
                  <>
                    <span className="audit-table__name">{entry.actor.name}</span>
                    <span className="audit-table__email">{entry.actor.email}</span>
                  </>
                ) : (
                  <span className="audit-table__system">{t(entry.actorGone ? "audit.gone.user" : "audit.system")}</span>
                )}
                {entry.apiToken ? (
                  <span className="audit-table__token" data-testid="audit-api-token">
                    {t("audit.viaApiToken", { name: entry.apiToken })}
                  </span>
                ) : null}
              </td>
              <td role="cell" className="audit-table__action" data-label={heading.action}>
                {t(auditActionKey(entry.action), { defaultValue: entry.action })}
              </td>
              <td role="cell" className="audit-table__about" data-label={heading.about}>
                <span className="audit-table__entity">{t(`audit.entities.${entry.entity}`, { defaultValue: entry.entity })}</span>
                {entry.about ? <span className="audit-table__name">{entry.about}</span> : null}
              </td>
              <td role="cell" className="audit-table__details card-table__wide" data-label={heading.details}>
                <AuditDetails details={entry.details} names={entry.detailNames} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
