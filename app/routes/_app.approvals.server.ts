// Approvals, its server half (decision 0108): the loader and the action.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { readPaging } from "~/components/pager";
import { toVacationTableRow } from "~/components/vacation-table";
import { todayIn } from "~/lib/dates";
import { pagePendingApprovals } from "~/models/approval.server";
import { describeVacations, listCategories } from "~/models/calendar.server";
import { liveCoverOf } from "~/models/cover.server";
import { listPendingChanges } from "~/models/vacation-change.server";
import { isChangeIntent, readChangeOutcome, runChangeAction } from "~/models/vacation-change-form.server";
import { runRowAction } from "~/models/vacation-form-actions.server";
import { ruleWarningsOf } from "~/models/vacation.server";
import { requireAdminUser } from "~/utils/auth.server";
import { withActionErrors, withPageErrors } from "~/utils/form-errors.server";
import { readFormData } from "~/utils/http.server";

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
