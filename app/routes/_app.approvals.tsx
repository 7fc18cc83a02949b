import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, LinksFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { VacationTable, toVacationTableRow } from "~/components/vacation-table";
import { ActionNotice } from "~/components/action-notice";
import { Pager, readPaging } from "~/components/pager";
import { todayIn } from "~/lib/dates";
import { pageTitle } from "~/lib/meta";
import { runRowAction } from "~/models/vacation-form-actions.server";
import { pagePendingApprovals } from "~/models/approval.server";
import { ruleWarningsOf } from "~/models/vacation.server";
import { liveCoverOf } from "~/models/cover.server";
import { describeVacations, listCategories } from "~/models/calendar.server";
import { requireAdminUser } from "~/utils/auth.server";
import { readFormData } from "~/utils/http.server";
import { withActionErrors, withPageErrors } from "~/utils/form-errors.server";
import approvalsStyles from "~/styles/approvals.css";
import { ChangeComparisonTable } from "~/components/change-comparison";
import { listPendingChanges } from "~/models/vacation-change.server";
import { isChangeIntent, readChangeOutcome, runChangeAction } from "~/models/vacation-change-form.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: approvalsStyles }];

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "nav.approvals");

// A busy company's admin can have hundreds of requests waiting; they decide them a page at a time.
const DEFAULT_APPROVALS_PAGE_SIZE = 50;

export function loader({ request, context }: LoaderFunctionArgs) {
  return withPageErrors(async () => {
    const viewer = await requireAdminUser({ request, context });
    const paging = readPaging(new URL(request.url).searchParams, "page", "size", DEFAULT_APPROVALS_PAGE_SIZE);
    try {
      const [{ items, total }, categories, changes] = await Promise.all([pagePendingApprovals(viewer, paging), listCategories(viewer, { activeOnly: false }), listPendingChanges(viewer)]);
      // The stored warnings (what the request met when made) and the cover rules' answer now (decision 0091).
      const warnings = ruleWarningsOf(items);
      const { names, requesters, workingDays, hours, chargeChanges } = await describeVacations(viewer, items, categories);
      // The requesters' teams as describeVacations read them: not read again.
      const coverNow = await liveCoverOf(viewer, items, requesters);
      return {
        loadFailed: false,
        total,
        ...paging,
        categories: categories.map(({ id, name, unit }) => ({ id, name, unit })),
        // Changes of approved absences (issue 41): both versions with the balance effect.
        changes: changes.map(({ change, vacation, ownerName, comparison }) => ({
          id: change.id,
          vacationId: vacation.id,
          ownerName,
          before: { startDate: vacation.startDate, endDate: vacation.endDate, halfDayStart: vacation.halfDayStart, halfDayEnd: vacation.halfDayEnd, categoryId: vacation.categoryId },
          after: { startDate: change.startDate, endDate: change.endDate, halfDayStart: change.halfDayStart, halfDayEnd: change.halfDayEnd, categoryId: change.categoryId },
          comparison,
        })),
        outcome: readChangeOutcome(new URL(request.url).searchParams),
        rows: items.map((v) =>
          toVacationTableRow(v, {
            userName: names[v.userId],
            workingDays: workingDays[v.id] ?? null,
            hours: v.id in hours ? hours[v.id] : undefined,
            chargeChange: chargeChanges[v.id],
            ruleWarnings: warnings[v.id],
            coverNow: coverNow[v.id],
            // pagePendingApprovals returns only requests this viewer may decide.
            canApprove: true,
          }),
        ),
      };
    } catch (error) {
      // Spec §8: 'Failed to load pending approvals' inside the page, not an error screen.
      console.error(error);
      return { loadFailed: true, total: 0, ...paging, categories: [], rows: [], changes: [], outcome: null };
    }
  });
}

export function action({ request }: ActionFunctionArgs) {
  return withActionErrors(async () => {
    const viewer = await requireAdminUser(request);
    const formData = await readFormData(request);
    if (isChangeIntent(formData.get("intent"))) return runChangeAction(formData, viewer, (outcome) => `/approvals?changed=${outcome}`);
    return runRowAction(formData, viewer, { today: todayIn(viewer.timeZone), intents: ["approve", "reject"] });
  });
}

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
