// The Users tab's data and form actions (intents "users.*"): the list (search, team, year, pages),
// one person's edit view (?edit=<id>), invitations, removal, allowances one by one and in bulk.
import { data } from "@remix-run/node";
import { readPaging } from "~/components/pager";
import { todayIn } from "~/lib/dates";
import { leaveYear, leaveYearLabel } from "~/lib/leave-year";
import { parseWithZod } from "@conform-to/zod/v4";
import { displayName } from "~/lib/people";
import { inviteSchema } from "~/lib/schemas/identity";
import { allowanceSchemaFor, bulkAllowanceSchemaFor, NO_TEAM, personSchema } from "~/lib/schemas/people";
import { employmentSchema, personScheduleSchema, removeScheduleSchema, scheduleOfEditor } from "~/lib/schemas/work-schedules";
import { scheduleTimeline } from "~/lib/work-schedule";
import { allowanceUnits, setYearAllowances, upsertAllowance } from "~/models/allowance.server";
import { currentLeaveYear } from "~/models/balance.server";
import { listWorkSchedules, replaceWorkSchedules, scheduleFields, scheduleListsOf, withSchedule } from "~/models/work-schedule.server";
import { cancelInvitation, inviteUser, listPendingInvitations } from "~/models/invitation.server";
import { getPerson, listPeople, updatePerson } from "~/models/people.server";
import { listTeams } from "~/models/team.server";
import { deactivateUser } from "~/models/user.server";
import type { SignedInViewer } from "~/utils/auth.server";
import { confirmationStep, needsConfirmation } from "~/utils/confirmation.server";
import { AppError } from "~/utils/errors.server";
import { noticeOf, replyWithAppError, type ActionReply } from "~/utils/form-errors.server";
import { getLanguage } from "~/utils/i18n.server";
import { canManagePerson, type Role } from "~/utils/permissions.server";
import { storedPhoto } from "~/utils/photo.server";
import * as z from "zod/mini";

const deleteUserSchema = z.object({ userId: z.string() });
const cancelInvitationSchema = z.object({ invitationId: z.string() });

/** Companies have hundreds of people: a page holds 50 unless the page-size selector says otherwise. */
const DEFAULT_USERS_PAGE_SIZE = 50;
const MAX_SEARCH_LENGTH = 100;

function readYear(value: string | null, fallback: number): number {
  const year = /^\d{4}$/.test(value ?? "") ? Number(value) : Number.NaN;
  return year >= 2000 && year <= 2100 ? year : fallback;
}

export async function loadUsersTab(viewer: SignedInViewer, url: URL) {
  const params = url.searchParams;
  // Allowances are per leave year (decision 0080): `year` stays the calendar year it starts in, the
  // screen says "2026/27", and the default is the leave year holding today.
  const currentYear = currentLeaveYear(viewer);
  const year = readYear(params.get("year"), currentYear);
  const shown = leaveYear(year, viewer.companyLeaveYearStartMonth ?? 1);
  const leaveYearFacts = { startMonth: shown.startMonth, label: shown.label, firstDay: shown.firstDay, lastDay: shown.lastDay };
  // The unit of each balance (decision 0081): the allowance fields name it when one counts hours.
  const [teams, units] = await Promise.all([listTeams(viewer), allowanceUnits(viewer.companyId)]);
  const editId = params.get("edit");
  if (editId) {
    const person = await getPerson(viewer, editId);
    const today = todayIn(viewer.timeZone);
    const schedules = await scheduleListsOf(viewer, person.id);
    return {
      view: "edit" as const,
      year,
      units,
      currentYear,
      leaveYear: leaveYearFacts,
      today,
      teams,
      schedules,
      // What a new row starts from: the person's schedule in force today (their own, else the default's).
      scheduleInForce: scheduleTimeline(schedules.own, schedules.company).at(today),
      person: {
        ...person,
        displayName: displayName(person),
        // The same rules updateUser enforces decide which role choices the form offers.
        roles: canManagePerson(viewer, person) ? ((viewer.role === "owner" ? ["user", "admin", "owner"] : ["user", "admin"]) satisfies Role[]) : null,
        allowance: person.allowances.find((row) => row.year === year) ?? null,
      },
    };
  }
  const search = (params.get("q") ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  const teamParam = params.get("team") ?? "";
  // An unknown team is ignored like any odd filter (the URL is typed by people too).
  const teamId = teamParam === NO_TEAM ? null : teams.some((team) => team.id === teamParam) ? teamParam : undefined;
  const paging = readPaging(params, "page", "size");
  const limit = params.has("size") ? paging.limit : DEFAULT_USERS_PAGE_SIZE;
  const offset = (paging.offset / paging.limit) * limit;
  const [page, invitations] = await Promise.all([listPeople(viewer, { search, teamId, year, offset, limit }), listPendingInvitations(viewer)]);
  return {
    view: "list" as const,
    year,
    units,
    currentYear,
    leaveYear: leaveYearFacts,
    teams,
    filters: { q: search, team: teamId === undefined ? "" : (teamId ?? NO_TEAM), year: String(year) },
    filtered: Boolean(search) || teamId !== undefined,
    // The last valid day, on the company's calendar (a date, so server and browser render it alike).
    invitations: invitations.map(({ expiresAt, ...invitation }) => ({ ...invitation, expiresOn: todayIn(viewer.timeZone, expiresAt) })),
    list: {
      ...page,
      // The same rule deactivateUser enforces decides where the button is shown.
      items: page.items.map((user) => ({ ...user, displayName: displayName(user), canRemove: canManagePerson(viewer, user) })),
    },
  };
}

/** A refused change: the tab's failure line (the spec's text) with the model's reason under it, or next to its field. */
function failed(error: unknown, key: string, reply?: Parameters<typeof replyWithAppError>[1]) {
  if (!(error instanceof AppError)) throw error;
  if (reply && Object.keys(error.fields).length) {
    const fieldErrors = Object.fromEntries(Object.entries(error.fields).map(([field, message]) => [field, [message]]));
    return data<ActionReply>({ result: reply({ fieldErrors }), notice: { tone: "error", key } }, { status: error.status });
  }
  return data<ActionReply>({ notice: noticeOf(error, key) }, { status: error.status });
}

async function updateAction(viewer: SignedInViewer, formData: FormData) {
  const submission = parseWithZod(formData, { schema: personSchema });
  if (submission.status !== "success") return data<ActionReply>({ result: submission.reply({ hideFields: ["photo"] }) }, { status: 400 });
  const { userId, fullName, photo, removePhoto, role, teamId, countryCode, region } = submission.value;
  const reply = (options?: Parameters<typeof submission.reply>[0]) => submission.reply({ ...options, hideFields: ["photo"] });
  try {
    const profilePicture = removePhoto ? null : photo ? await storedPhoto(new Uint8Array(await photo.arrayBuffer())) : undefined;
    const saved = await updatePerson(viewer, userId, {
      fullName,
      profilePicture,
      role,
      // The form always sends these: empty means the company's country and no region.
      countryCode: countryCode ?? null,
      region: region ?? null,
      teamId: teamId === undefined ? undefined : teamId === NO_TEAM ? null : teamId,
    });
    return data<ActionReply>({ result: reply({ resetForm: true }), notice: { tone: "success", key: "people.update.saved", values: { name: displayName(saved) } } });
  } catch (error) {
    return failed(error, "people.update.failed", reply);
  }
}

async function allowancesAction(viewer: SignedInViewer, formData: FormData) {
  // Each figure in its balance's unit: half days, or quarter hours (decision 0081).
  const submission = parseWithZod(formData, { schema: allowanceSchemaFor(await allowanceUnits(viewer.companyId)) });
  if (submission.status !== "success") return data<ActionReply>({ result: submission.reply() }, { status: 400 });
  const { userId, year, yearly, residual, specialLeave } = submission.value;
  try {
    await upsertAllowance(viewer, { userId, year, yearly, residual, specialLeave });
  } catch (error) {
    return failed(error, "people.allowances.failed", submission.reply);
  }
  return data<ActionReply>({ result: submission.reply(), notice: { tone: "success", key: "people.allowances.saved", values: { year: leaveYearLabel(year, viewer.companyLeaveYearStartMonth ?? 1) } } });
}

async function bulkAllowancesAction(viewer: SignedInViewer, formData: FormData) {
  const submission = parseWithZod(formData, { schema: bulkAllowanceSchemaFor(await allowanceUnits(viewer.companyId)) });
  if (submission.status !== "success") return data<ActionReply>({ result: submission.reply() }, { status: 400 });
  const { scope, userIds, year, yearly, residual, specialLeave } = submission.value;
  try {
    const { changed, unchanged } = await setYearAllowances(viewer, { year, userIds: scope === "everyone" ? "everyone" : (userIds ?? []), yearly, residual, specialLeave });
    return data<ActionReply>({
      result: submission.reply({ resetForm: true }),
      notice: { tone: "success", key: "people.bulk.done", values: { count: String(changed), unchanged: String(unchanged), year: leaveYearLabel(year, viewer.companyLeaveYearStartMonth ?? 1) } },
    });
  } catch (error) {
    return failed(error, "people.allowances.failed");
  }
}

async function employmentAction(viewer: SignedInViewer, formData: FormData) {
  const submission = parseWithZod(formData, { schema: employmentSchema });
  if (submission.status !== "success") return data<ActionReply>({ result: submission.reply() }, { status: 400 });
  const { userId, firstDay, lastDay } = submission.value;
  try {
    const saved = await updatePerson(viewer, userId, { firstDay: firstDay || null, lastDay: lastDay || null });
    return data<ActionReply>({ result: submission.reply(), notice: { tone: "success", key: "workSchedules.employment.saved", values: { name: displayName(saved) } } });
  } catch (error) {
    // The model names its fields as the API does (first_day, last_day).
    return failed(withFields(error, (fields) => renameFields(fields, { first_day: "firstDay", last_day: "lastDay" })), "workSchedules.employment.failed", submission.reply);
  }
}

/** A model's refusal with its fields named as the form names them. */
const withFields = (error: unknown, rename: (fields: Record<string, string>) => Record<string, string>) =>
  error instanceof AppError ? new AppError(error.status, error.code, error.message, { params: error.params, fields: rename(error.fields) }) : error;

const renameFields = (fields: Record<string, string>, names: Record<string, string>) => Object.fromEntries(Object.entries(fields).map(([field, key]) => [names[field] ?? field, key]));

async function scheduleAction(viewer: SignedInViewer, formData: FormData) {
  const submission = parseWithZod(formData, { schema: personScheduleSchema });
  if (submission.status !== "success") return data<ActionReply>({ result: submission.reply() }, { status: 400 });
  const { userId } = submission.value;
  const schedule = scheduleOfEditor(submission.value);
  try {
    await replaceWorkSchedules(viewer, userId, withSchedule(await listWorkSchedules(viewer, userId), schedule));
  } catch (error) {
    return failed(withFields(error, scheduleFields), "workSchedules.failed", submission.reply);
  }
  return data<ActionReply>({ result: submission.reply({ resetForm: true }), notice: { tone: "success", key: "workSchedules.saved" } });
}

async function removeScheduleAction(viewer: SignedInViewer, formData: FormData) {
  // Removing a planned row asks first, like every removal; without JavaScript the first POST only answers the question.
  if (needsConfirmation(formData)) return confirmationStep(formData);
  const submission = parseWithZod(formData, { schema: removeScheduleSchema });
  if (submission.status !== "success" || !submission.value.userId) return data<ActionReply>({ notice: { tone: "error", key: "workSchedules.failed" } }, { status: 400 });
  const { userId, validFrom } = submission.value;
  try {
    const list = await listWorkSchedules(viewer, userId);
    await replaceWorkSchedules(
      viewer,
      userId,
      list.filter((row) => row.validFrom !== validFrom),
    );
  } catch (error) {
    return failed(error, "workSchedules.failed");
  }
  return data<ActionReply>({ notice: { tone: "success", key: "workSchedules.removed" } });
}

export async function usersAction(viewer: SignedInViewer, request: Request, formData: FormData) {
  const intent = formData.get("intent");
  if (intent === "users.employment") return employmentAction(viewer, formData);
  if (intent === "users.schedule") return scheduleAction(viewer, formData);
  if (intent === "users.schedule-remove") return removeScheduleAction(viewer, formData);
  if (intent === "users.update") return updateAction(viewer, formData);
  if (intent === "users.allowances") return allowancesAction(viewer, formData);
  if (intent === "users.bulk-allowances") return bulkAllowancesAction(viewer, formData);
  if (intent === "users.cancel-invitation") {
    // Withdrawing asks first, like removing a person.
    if (needsConfirmation(formData)) return confirmationStep(formData);
    const submission = parseWithZod(formData, { schema: cancelInvitationSchema });
    if (submission.status !== "success") return data<ActionReply>({ result: submission.reply() }, { status: 400 });
    await cancelInvitation(viewer, submission.value.invitationId);
    return data<ActionReply>({ notice: { tone: "success", key: "people.invitations.cancelled" } });
  }
  if (intent === "users.delete") {
    // Removing a person asks first; without JavaScript the first POST only answers the question.
    if (needsConfirmation(formData)) return confirmationStep(formData);
    const submission = parseWithZod(formData, { schema: deleteUserSchema });
    if (submission.status !== "success") return data<ActionReply>({ result: submission.reply() }, { status: 400 });
    try {
      await deactivateUser(viewer, submission.value.userId);
    } catch (error) {
      if (error instanceof AppError) return data<ActionReply>({ notice: noticeOf(error, "settings.users.deleteFailed") }, { status: error.status });
      throw error;
    }
    return data<ActionReply>({ notice: { tone: "success", key: "settings.users.deleted" } });
  }
  if (intent === "users.invite") {
    const submission = parseWithZod(formData, { schema: inviteSchema });
    if (submission.status !== "success") return data<ActionReply>({ result: submission.reply() }, { status: 400 });
    try {
      await inviteUser(viewer, submission.value, await getLanguage(request));
    } catch (error) {
      return replyWithAppError(error, submission.reply);
    }
    return data<ActionReply>({
      result: submission.reply({ resetForm: true }),
      notice: { tone: "success", key: "invite.sent", values: { email: submission.value.email } },
    });
  }
  throw new AppError(400, "unknown_intent", "errors.invalidBody");
}
