// The company calendar, its server half (decision 0108): the loader and the action.
import { MAX_PEOPLE_SEARCH } from "~/lib/input-limits";
import { data as reply, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { packPeople, withQuery } from "~/components/company-month";
import { isIsoDate, todayIn, yearOf } from "~/lib/dates";
import { firstDayOfMonth, lastDayOfMonth, monthOf, readMonth } from "~/lib/month-param";
import { createVacationFromForm, readCreatedFlag, runRowAction } from "~/models/vacation-form-actions.server";
import { getPersonalYear } from "~/models/calendar.server";
import { lockedRanges } from "~/models/blackout.server";
import { CALENDAR_PAGE_SIZE, getCompanyMonth } from "~/models/company-calendar.server";
import { notifyCancellation, remindReviewers } from "~/models/vacation-notify.server";
import { requireUser } from "~/utils/auth.server";
import { getLanguage } from "~/utils/i18n.server";
import { AppError } from "~/utils/errors.server";
import { canSubscribeTo, isAdmin } from "~/utils/permissions.server";
import { noticeOf, withActionErrors, withPageErrors, type ActionReply } from "~/utils/form-errors.server";
import { readFormData } from "~/utils/http.server";
import { ownRuleWarnings } from "~/models/vacation.server";


export function loader({ request, context }: LoaderFunctionArgs) {
  return withPageErrors(async () => {
    const viewer = await requireUser({ request, context });
    const params = new URL(request.url).searchParams;
    const today = todayIn(viewer.timeZone);
    const month = readMonth(params.get("month"), monthOf(today));
    const page = Math.min(Math.max(Math.trunc(Number(params.get("page"))) || 1, 1), 10_000);
    const [calendar, locked] = await Promise.all([
      getCompanyMonth(viewer, {
        month,
        teamId: params.get("team") || null,
        search: (params.get("q") ?? "").slice(0, MAX_PEOPLE_SEARCH),
        offset: (page - 1) * CALENDAR_PAGE_SIZE,
        today,
        language: await getLanguage(request),
      }),
      // Lock dates of the month (decision 0091), one query: an admin sees every lock of the company;
      // anyone else those that apply to them (a lock naming other people or teams is theirs to know).
      lockedRanges(viewer, firstDayOfMonth(month), lastDayOfMonth(month), { forPerson: !isAdmin(viewer) }),
    ]);
    const openNew = params.get("new") === "1";
    const start = isIsoDate(params.get("start")) ? (params.get("start") as string) : "";
    const end = isIsoDate(params.get("end")) ? (params.get("end") as string) : start;
    const prefill = start && end ? (start > end ? { startDate: end, endDate: start } : { startDate: start, endDate: end }) : null;
    // The request drawer needs the viewer's own year (absence categories, balances, holidays) only when open.
    const personal = openNew ? await getPersonalYear(viewer, yearOf(prefill?.startDate ?? firstDayOfMonth(month)), today, await getLanguage(request)) : null;
    return {
      ...calendar,
      locked,
      people: packPeople(calendar.people),
      today,
      currentMonth: monthOf(today),
      page,
      created: readCreatedFlag(params),
      ruleWarnings: await ownRuleWarnings(viewer, params),
      openBar: params.get("bar"),
      teamFeedId: calendar.teamId && canSubscribeTo(viewer, { scope: "team", teamId: calendar.teamId }) ? calendar.teamId : null,
      openNew,
      prefill,
      form: personal && {
        year: personal.year,
        categories: personal.categories.filter((c) => c.active).map(({ id, name, balance, active, unit, reported, documentRequired }) => ({ id, name, balance, active, unit, reported, documentRequired })),
        balances: personal.balances,
        hasAllowance: personal.hasAllowance,
        holidayContext: personal.holidayContext,
      },
    };
  });
}

export function action({ request }: ActionFunctionArgs) {
  return withActionErrors(async () => {
    const viewer = await requireUser(request);
    const formData = await readFormData(request);
    const intent = formData.get("intent");
    const today = todayIn(viewer.timeZone);
    if (intent === "cancel") return runRowAction(formData, viewer, { today, intents: ["cancel"], askToNotifyAfterCancel: true });
    if (intent === "notify" || intent === "notify-cancelled") {
      const id = formData.get("id");
      if (typeof id !== "string" || !id || id.length > 64) return reply<ActionReply>({ notice: { tone: "error", key: "absences.notices.invalidAction" } }, { status: 400 });
      try {
        if (intent === "notify") await remindReviewers(viewer, id);
        else await notifyCancellation(viewer, id);
      } catch (error) {
        // Spec §8 swallows these failures; saying so is kinder than silence.
        if (error instanceof AppError) return reply<ActionReply>({ notice: noticeOf(error, "companyCalendar.notices.notifyFailed") }, { status: error.status });
        throw error;
      }
      return reply<ActionReply>({ notice: { tone: "success", key: "companyCalendar.notices.notified" } });
    }
    // The request drawer's form (intent=create).
    const query = new URL(request.url).searchParams;
    return createVacationFromForm(formData, viewer, (startDate, created) => `/company-calendar?${withQuery(query.toString(), { month: monthOf(startDate), created })}`);
  });
}
