import type { MetaFunction, LinksFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { VacationTable } from "~/components/vacation-table";
import { ActionNotice } from "~/components/action-notice";
import { Pager } from "~/components/pager";
import { pageTitle } from "~/lib/meta";
import approvalsStyles from "~/styles/approvals.css";
import { ChangeComparisonTable } from "~/components/change-comparison";
import { action, loader } from "./_app.approvals.server";

export { action, loader };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: approvalsStyles }];

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "nav.approvals");

export default function Approvals() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  return (
    <div className="approvals">
      <header className="page-header">
        <h1 className="page__title">{t("nav.approvals")}</h1>
      </header>
      <ActionNotice notice={actionData && "notice" in actionData ? actionData.notice : data.outcome ? { tone: "success", key: `leaveChange.notices.${data.outcome}` } : null} />
      {data.loadFailed ? (
        <p className="notice notice--error" role="alert">
          {t("absences.approvals.loadFailed")}
        </p>
      ) : null}
      <section className="card" aria-labelledby="approvals-heading">
        <h2 id="approvals-heading" className="card__title">
          {t("absences.approvals.title")}
        </h2>
        <VacationTable
          caption={t("absences.approvals.title")}
          rows={data.rows}
          categories={data.categories}
          showUser
          userHeading={t("absences.table.requestedBy")}
          actions={["approve", "reject"]}
          showStatus={false}
          empty={t("absences.approvals.empty")}
          testId="pending-approvals"
        />
        {data.total > data.rows.length || data.offset > 0 ? (
          <Pager label={t("absences.approvals.paging")} total={data.total} offset={data.offset} limit={data.limit} count={data.rows.length} pageKey="page" sizeKey="size" params={params} />
        ) : null}
        <p className="approvals__footer muted">{t("absences.approvals.footer")}</p>
      </section>
      {data.changes.length ? (
        <section className="card" aria-labelledby="approvals-changes" data-testid="pending-changes">
          <h2 id="approvals-changes" className="card__title">
            {t("leaveChange.approvals.title")}
          </h2>
          {data.changes.map((change) => (
            <article key={change.id} className="change-row" data-change-id={change.id} data-vacation-id={change.vacationId}>
              <h3 className="vacation-change__subtitle">{change.ownerName}</h3>
              <ChangeComparisonTable before={change.before} after={change.after} comparison={change.comparison} categories={data.categories} />
              <Form method="post" className="change-row__actions">
                <input type="hidden" name="vacationId" value={change.vacationId} />
                <input type="hidden" name="changeId" value={change.id} />
                <button type="submit" name="intent" value="change-approve" className="button button--small button--approve">
                  {t("leaveChange.approve")}
                </button>
                <button type="submit" name="intent" value="change-reject" className="button button--small button--reject">
                  {t("leaveChange.reject")}
                </button>
                <Link to={`/vacations/${encodeURIComponent(change.vacationId)}/change`} className="button button--small button--secondary">
                  {t("leaveChange.approvals.open")}
                </Link>
              </Form>
            </article>
          ))}
        </section>
      ) : null}
    </div>
  );
}
