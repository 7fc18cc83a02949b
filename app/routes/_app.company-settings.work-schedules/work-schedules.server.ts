// The Work schedules tab's data and form actions (intents "schedules.*"): the company default's
// rows (a new one from a date, a planned one removed) and one schedule from a date for several
// people at once (ticked, or a whole team). Decision 0079.
import { data } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { readPaging } from "~/components/pager";
import { todayIn } from "~/lib/dates";
import { NO_TEAM } from "~/lib/schemas/people";
import { bulkScheduleSchema, companyScheduleSchema, removeScheduleSchema, scheduleOfEditor } from "~/lib/schemas/work-schedules";
import { scheduleTimeline } from "~/lib/work-schedule";
import { listTeams } from "~/models/team.server";
import { applyWorkScheduleToPeople, listCompanyWorkSchedules, replaceCompanyWorkSchedules, scheduleFields, scheduleOverview, withSchedule } from "~/models/work-schedule.server";
import type { SignedInViewer } from "~/utils/auth.server";
import { confirmationStep, needsConfirmation } from "~/utils/confirmation.server";
import { AppError } from "~/utils/errors.server";
import { noticeOf, type ActionReply } from "~/utils/form-errors.server";

/** A page of the people list; the bulk form's ticks are for the people on it. */
export const SCHEDULE_PAGE_SIZE = 50;

export async function loadWorkSchedulesTab(viewer: SignedInViewer, url: URL) {
  const params = url.searchParams;
  const today = todayIn(viewer.timeZone);
  const search = (params.get("q") ?? "").trim().slice(0, 100);
  const teamParam = params.get("team") ?? "";
  // Read beside the teams, not after them: a team id not of this company simply matches nobody.
  const teamId = teamParam === NO_TEAM ? null : teamParam || undefined;
  const paging = readPaging(params, "page", "size", SCHEDULE_PAGE_SIZE);
  const [overview, teams] = await Promise.all([scheduleOverview(viewer, today, { search, teamId, ...paging }), listTeams(viewer)]);
  return {
    today,
    company: overview.company,
    companyInForce: scheduleTimeline([], overview.company).at(today),
    people: overview.people,
    total: overview.total,
    offset: paging.offset,
    limit: paging.limit,
    filters: { q: search, team: teamId === undefined ? "" : (teamId ?? NO_TEAM) },
    filtered: Boolean(search) || teamId !== undefined,
    teams: teams.map((team) => ({ id: team.id, name: team.name })),
  };
}

/** A refused change: the model's fields next to the editor's, the rest (history) as the tab's notice. */
function failed(error: unknown, key: string, reply?: (options: { fieldErrors: Record<string, string[]> }) => ActionReply["result"]) {
  if (!(error instanceof AppError)) throw error;
  const fields = scheduleFields(error.fields);
  if (reply && Object.keys(fields).length) {
    const fieldErrors = Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, [message]]));
    return data<ActionReply>({ result: reply({ fieldErrors }), notice: { tone: "error", key } }, { status: error.status });
  }
  return data<ActionReply>({ notice: noticeOf(error, key) }, { status: error.status });
}

async function defaultAction(viewer: SignedInViewer, formData: FormData) {
  const submission = parseWithZod(formData, { schema: companyScheduleSchema });
  if (submission.status !== "success") return data<ActionReply>({ result: submission.reply() }, { status: 400 });
  try {
    await replaceCompanyWorkSchedules(viewer, withSchedule(await listCompanyWorkSchedules(viewer), scheduleOfEditor(submission.value)));
  } catch (error) {
    return failed(error, "workSchedules.failed", submission.reply);
  }
  return data<ActionReply>({ result: submission.reply({ resetForm: true }), notice: { tone: "success", key: "workSchedules.company.saved" } });
}

async function removeDefaultAction(viewer: SignedInViewer, formData: FormData) {
  // Asks first, as removing a person's planned row does.
  if (needsConfirmation(formData)) return confirmationStep(formData);
  const submission = parseWithZod(formData, { schema: removeScheduleSchema });
  if (submission.status !== "success") return data<ActionReply>({ notice: { tone: "error", key: "workSchedules.failed" } }, { status: 400 });
  const { validFrom } = submission.value;
  try {
    await replaceCompanyWorkSchedules(
      viewer,
      (await listCompanyWorkSchedules(viewer)).filter((row) => row.validFrom !== validFrom),
    );
  } catch (error) {
    return failed(error, "workSchedules.failed");
  }
  return data<ActionReply>({ notice: { tone: "success", key: "workSchedules.removed" } });
}

async function bulkAction(viewer: SignedInViewer, formData: FormData) {
  const submission = parseWithZod(formData, { schema: bulkScheduleSchema });
  if (submission.status !== "success") return data<ActionReply>({ result: submission.reply() }, { status: 400 });
  const { userIds, teamId } = submission.value;
  try {
    const { changed, unchanged } = await applyWorkScheduleToPeople(viewer, { userIds, teamId: teamId || undefined }, scheduleOfEditor(submission.value));
    return data<ActionReply>({
      result: submission.reply({ resetForm: true }),
      notice: { tone: "success", key: "workSchedules.bulk.done", values: { count: String(changed), unchanged: String(unchanged) } },
    });
  } catch (error) {
    return failed(error, "workSchedules.bulk.failed", submission.reply);
  }
}

export function workSchedulesAction(viewer: SignedInViewer, formData: FormData) {
  switch (formData.get("intent")) {
    case "schedules.default":
      return defaultAction(viewer, formData);
    case "schedules.default-remove":
      return removeDefaultAction(viewer, formData);
    case "schedules.bulk":
      return bulkAction(viewer, formData);
    default:
      throw new AppError(400, "unknown_intent", "errors.invalidBody");
  }
}
