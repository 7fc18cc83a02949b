import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AbsenceTable, toAbsenceRow } from "~/components/absence-table";
import { ActionNotice } from "~/components/action-notice";
import { todayIn } from "~/lib/dates";
import { pageTitle } from "~/lib/meta";
import { displayName } from "~/lib/people";
import { runRowAction } from "~/models/absence-actions.server";
import { listPendingApprovals } from "~/models/approval.server";
import { describeVacations, listCategories } from "~/models/calendar.server";
import { requireAdminUser } from "~/utils/auth.server";
import { readFormData } from "~/utils/http.server";
import { withActionErrors, withPageErrors } from "~/utils/form-errors.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "nav.approvals");

export function loader({ request }: LoaderFunctionArgs) {
  return withPageErrors(async () => {
    const viewer = await requireAdminUser(request);
    try {
      const [items, categories] = await Promise.all([listPendingApprovals(viewer), listCategories(viewer, { activeOnly: false })]);
      const { names, workingDays } = await describeVacations(viewer, items);
      return {
        loadFailed: false,
        categories: categories.map(({ id, name }) => ({ id, name })),
        rows: items.map((v) =>
          toAbsenceRow(v, {
            userName: names[v.userId] ?? displayName(v.user),
            workingDays: workingDays[v.id] ?? null,
            // listPendingApprovals returns only requests this viewer may decide.
            canApprove: true,
          }),
        ),
      };
    } catch (error) {
      // Spec §8: 'Failed to load pending approvals' inside the page, not an error screen.
      console.error(error);
      return { loadFailed: true, categories: [], rows: [] };
    }
  });
}

export function action({ request }: ActionFunctionArgs) {
  return withActionErrors(async () => {
    const viewer = await requireAdminUser(request);
    return runRowAction(await readFormData(request), viewer, { today: todayIn(viewer.timeZone), intents: ["approve", "reject"] });
  });
}

export default function Approvals() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="approvals">
      <header className="page-header">
        <h1 className="page__title">{t("nav.approvals")}</h1>
      </header>
      <ActionNotice notice={actionData && "notice" in actionData ? actionData.notice : null} />
      {data.loadFailed ? (
        <p className="notice notice--error" role="alert">
          {t("absences.approvals.loadFailed")}
        </p>
      ) : null}
      <section className="card" aria-labelledby="approvals-heading">
        <h2 id="approvals-heading" className="card__title">
          {t("absences.approvals.title")}
        </h2>
        <AbsenceTable
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
        <p className="approvals__footer muted">{t("absences.approvals.footer")}</p>
      </section>
    </div>
  );
}
