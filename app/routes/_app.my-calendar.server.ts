// My Calendar, its server half (decision 0108): the loader and the action.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { isIsoDate, todayIn } from "~/lib/dates";
import { leaveYear, leaveYearLabel, leaveYearOf } from "~/lib/leave-year";
import { currentLeaveYear } from "~/models/balance.server";
import { readYear } from "~/lib/year-param";
import { createVacationFromForm, readCreatedFlag } from "~/models/vacation-form-actions.server";
import { getPersonalYear } from "~/models/calendar.server";
import { lockedRanges } from "~/models/blackout.server";
import { getSetupChecklist } from "~/models/setup.server";
import { myScheduleSummary } from "~/models/work-schedule.server";
import { requireUser } from "~/utils/auth.server";
import { getLanguage } from "~/utils/i18n.server";
import { readFormData } from "~/utils/http.server";
import { withActionErrors, withPageErrors } from "~/utils/form-errors.server";
import { ownRuleWarnings } from "~/models/vacation.server";

const dateParam = (value: string | null) => (isIsoDate(value) ? value : "");

export function loader({ request, context }: LoaderFunctionArgs) {
  return withPageErrors(async () => {
    const viewer = await requireUser({ request, context });
    const params = new URL(request.url).searchParams;
    const today = todayIn(viewer.timeZone);
    // The leave year holding today (decision 0080); `year` is the calendar year it starts in.
    const currentYear = currentLeaveYear(viewer);
    const year = readYear(params.get("year"), currentYear);
    const language = await getLanguage(request);
    const shown = leaveYear(year, viewer.companyLeaveYearStartMonth ?? 1);
    const [personal, setup, { offDays, ...schedule }, locked] = await Promise.all([
      getPersonalYear(viewer, year, today, language),
      getSetupChecklist(viewer, today),
      myScheduleSummary(viewer, today, { from: shown.firstDay, to: shown.lastDay }, language),
      // The locks that apply to this person in the year shown (decision 0091): one query.
      lockedRanges(viewer, shown.firstDay, shown.lastDay, { forPerson: true }),
    ]);
    const { holidayContext } = personal;
    const start = dateParam(params.get("start"));
    const end = dateParam(params.get("end")) || start;
    return {
      year,
      startMonth: personal.startMonth,
      yearLabel: leaveYearLabel(year, personal.startMonth),
      today,
      currentYear,
      created: readCreatedFlag(params),
      ruleWarnings: await ownRuleWarnings(viewer, params),
      openNew: params.get("new") === "1",
      prefill: start && end && start > end ? { startDate: end, endDate: start } : { startDate: start, endDate: end },
      categories: personal.categories.map(({ id, name, balance, active, unit, reported, documentRequired }) => ({ id, name, balance, active, unit, reported, documentRequired })),
      balances: personal.balances,
      hasAllowance: personal.hasAllowance,
      upcoming: personal.upcoming.map(({ id, startDate, endDate, status, description, categoryId, workingDays, hours, startTime, endTime }) => ({
        id,
        startDate,
        endDate,
        status,
        description,
        categoryId,
        workingDays,
        ...(hours !== undefined ? { hours, startTime, endTime } : {}),
      })),
      vacations: personal.vacations.map(({ id, startDate, endDate, status }) => ({ id, startDate, endDate, status })),
      holidays: personal.holidays,
      holidayContext,
      setup,
      schedule,
      offDays,
      locked,
    };
  });
}

export function action({ request }: ActionFunctionArgs) {
  return withActionErrors(async () => {
    const viewer = await requireUser(request);
    return createVacationFromForm(await readFormData(request), viewer, (startDate, created) => `/my-calendar?year=${leaveYearOf(startDate, viewer.companyLeaveYearStartMonth ?? 1).year}&created=${created}`);
  });
}
