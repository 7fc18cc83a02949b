// The teams tab's data and form actions (intents "teams.*"). `?team=<id>` selects the team whose
// members, admins and substitute are edited (a dialog with JavaScript, a page section without).
import { data } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { displayName } from "~/lib/people";
import { createTeamSchema, renameTeamSchema, teamAdminsSchema, teamIdSchema, teamMemberSchema, teamSubstituteSchema } from "~/lib/schemas/teams";
import {
  addMember,
  createTeam,
  deleteTeam,
  getTeam,
  listTeamCandidates,
  listTeamsWithPeople,
  removeMember,
  renameTeam,
  setSubstituteApprover,
  setTeamAdmins,
  type TeamWithPeople,
} from "~/models/team.server";
import type { SignedInViewer } from "~/utils/auth.server";
import { coverInputSchema, setTeamCover, teamCoverSettings } from "~/models/cover.server";
import { confirmationStep, needsConfirmation } from "~/utils/confirmation.server";
import { AppError } from "~/utils/errors.server";
import { noticeOf, type ActionReply } from "~/utils/form-errors.server";

function firstName(person: { fullName: string | null; name: string | null; email: string }) {
  return displayName(person).split(/\s+/)[0];
}

function teamRow(team: TeamWithPeople) {
  const adminIds = new Set(team.admins.map((a) => a.userId));
  const admins = team.members.filter((m) => adminIds.has(m.id));
  return {
    id: team.id,
    name: team.name,
    // Spec: up to two first names, then "+N".
    adminNames: admins.slice(0, 2).map(firstName),
    moreAdmins: Math.max(0, admins.length - 2),
    memberCount: team.members.length,
  };
}

export async function loadTeamsTab(viewer: SignedInViewer, url: URL) {
  const selectedId = url.searchParams.get("team");
  const [teams, people, selected, covers] = await Promise.all([
    listTeamsWithPeople(viewer),
    listTeamCandidates(viewer),
    selectedId ? getTeam(viewer, selectedId) : Promise.resolve(null),
    teamCoverSettings(viewer),
  ]);
  const teamNames = new Map(teams.map((t) => [t.id, t.name]));
  const coverOf = (teamId: string) => {
    const cover = covers.get(teamId);
    return cover ? { maxAbsent: cover.maxAbsent, minPresent: cover.minPresent, mode: cover.mode, keyMemberIds: cover.keyMemberIds } : null;
  };
  return {
    teams: teams.map((team) => ({ ...teamRow(team), cover: coverOf(team.id) })),
    people: people.map((p) => ({ id: p.id, name: displayName(p), teamId: p.teamId, teamName: p.teamId ? (teamNames.get(p.teamId) ?? null) : null })),
    selected: selected && {
      id: selected.id,
      name: selected.name,
      substituteApproverId: selected.substituteApproverId,
      members: selected.members.map((m) => ({ id: m.id, name: displayName(m), email: m.email, isAdmin: selected.admins.some((a) => a.userId === m.id) })),
      cover: coverOf(selected.id),
    },
  };
}

/** A form the schema refused: its own message when it has one (a name), else a bad request. */
function invalid(submission: { error?: Record<string, string[] | null> | null }) {
  const key = Object.values(submission.error ?? {}).flatMap((messages) => messages ?? [])[0];
  return key?.startsWith("teams.") ? new AppError(400, "validation_failed", key) : new AppError(400, "invalid_body", "errors.invalidBody");
}

/** A refusal as the screen shows it: the spec's failure line, then the model's reason. */
function refused(error: unknown, key: string) {
  if (!(error instanceof AppError)) throw error;
  return data<ActionReply>({ notice: noticeOf(error, key) }, { status: error.status });
}

const success = (key: string, values: Record<string, string>) => data<ActionReply>({ notice: { tone: "success", key, values } });

function nameIn(team: TeamWithPeople, userId: string) {
  const member = team.members.find((m) => m.id === userId);
  return member ? displayName(member) : "";
}

export async function teamsAction(viewer: SignedInViewer, formData: FormData) {
  const intent = String(formData.get("intent") ?? "");
  switch (intent) {
    case "teams.create": {
      const submission = parseWithZod(formData, { schema: createTeamSchema });
      if (submission.status !== "success") return data<ActionReply>({ result: submission.reply() }, { status: 400 });
      try {
        const team = await createTeam(viewer, submission.value.name);
        return data<ActionReply>({ result: submission.reply({ resetForm: true }), notice: { tone: "success", key: "teams.notices.created", values: { name: team.name } } });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const fieldErrors = Object.fromEntries(Object.entries(error.fields).map(([field, key]) => [field, [key]]));
        // The field says why; the notice carries the spec's line (and the reason when no field does).
        const notice = Object.keys(fieldErrors).length ? { tone: "error" as const, key: "teams.createFailed", values: error.params } : noticeOf(error, "teams.createFailed");
        return data<ActionReply>({ result: submission.reply({ fieldErrors }), values: error.params, notice }, { status: error.status });
      }
    }
    case "teams.rename": {
      const submission = parseWithZod(formData, { schema: renameTeamSchema });
      try {
        if (submission.status !== "success") throw invalid(submission);
        const team = await renameTeam(viewer, submission.value.teamId, submission.value.name);
        return success("teams.notices.renamed", { name: team.name });
      } catch (error) {
        return refused(error, "teams.updateFailed");
      }
    }
    case "teams.delete": {
      const submission = parseWithZod(formData, { schema: teamIdSchema });
      try {
        if (submission.status !== "success") throw invalid(submission);
        const { name, members } = await getTeam(viewer, submission.value.teamId);
        // Deleting an empty team asks first (without JavaScript the first POST only answers the
        // question); one with members is refused at once by deleteTeam, rather than after a "yes".
        if (members.length === 0 && needsConfirmation(formData)) return confirmationStep(formData);
        await deleteTeam(viewer, submission.value.teamId);
        return success("teams.notices.deleted", { name });
      } catch (error) {
        return refused(error, "teams.deleteFailed");
      }
    }
    case "teams.addMember":
    case "teams.removeMember": {
      const submission = parseWithZod(formData, { schema: teamMemberSchema });
      try {
        if (submission.status !== "success") throw invalid(submission);
        const { teamId, userId } = submission.value;
        if (intent === "teams.addMember") {
          const team = await addMember(viewer, teamId, userId);
          return success("teams.notices.memberAdded", { name: nameIn(team, userId), team: team.name });
        }
        const before = await getTeam(viewer, teamId);
        const team = await removeMember(viewer, teamId, userId);
        return success("teams.notices.memberRemoved", { name: nameIn(before, userId), team: team.name });
      } catch (error) {
        return refused(error, "teams.updateFailed");
      }
    }
    case "teams.setAdmins": {
      const submission = parseWithZod(formData, { schema: teamAdminsSchema });
      try {
        if (submission.status !== "success") throw invalid(submission);
        const team = await setTeamAdmins(viewer, submission.value.teamId, submission.value.adminIds);
        return success("teams.notices.adminsSaved", { team: team.name });
      } catch (error) {
        return refused(error, "teams.updateFailed");
      }
    }
    case "teams.setSubstitute": {
      const submission = parseWithZod(formData, { schema: teamSubstituteSchema });
      try {
        if (submission.status !== "success") throw invalid(submission);
        const team = await setSubstituteApprover(viewer, submission.value.teamId, submission.value.substituteId ?? null);
        return success("teams.notices.substituteSaved", { team: team.name });
      } catch (error) {
        return refused(error, "teams.updateFailed");
      }
    }
    case "teams.setCover":
      return setCoverFromForm(viewer, formData);
    default:
      throw new AppError(400, "unknown_intent", "errors.invalidBody");
  }
}

/** The cover form as posted, to show again beside its errors (text as typed, the ticked key members). */
export interface CoverFormValues {
  maxAbsent: string;
  minPresent: string;
  mode: string;
  keyMemberIds: string[];
}

export interface CoverReply extends ActionReply {
  cover?: { values: CoverFormValues; fieldErrors: Record<string, string> };
}

/** The minimum cover of one team (decision 0091): every field's own message, the rest as a notice. */
async function setCoverFromForm(viewer: SignedInViewer, formData: FormData) {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : "";
  };
  const teamId = text("teamId").trim();
  const values: CoverFormValues = {
    maxAbsent: text("maxAbsent"),
    minPresent: text("minPresent"),
    mode: text("mode"),
    keyMemberIds: formData.getAll("keyMemberIds").filter((value): value is string => typeof value === "string"),
  };
  try {
    if (!teamId || teamId.length > 64) throw new AppError(404, "not_found", "errors.teamNotFound");
    const parsed = coverInputSchema.safeParse(values);
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? "mode")] ??= issue.message.startsWith("cover.") ? issue.message : "errors.invalidBody";
      // The notice says why as well: in the dialog it is what the eyes are on, the fields further down.
      return data<CoverReply>({ cover: { values, fieldErrors }, notice: { tone: "error", key: "teams.updateFailed", detail: Object.values(fieldErrors)[0] } }, { status: 400 });
    }
    await setTeamCover(viewer, teamId, parsed.data);
    const team = await getTeam(viewer, teamId);
    return data<CoverReply>({ notice: { tone: "success", key: "cover.team.saved", values: { team: team.name } } });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (Object.keys(error.fields).length === 0) return refused(error, "teams.updateFailed");
    return data<CoverReply>({ cover: { values, fieldErrors: error.fields }, values: error.params, notice: { tone: "error", key: "teams.updateFailed", detail: error.message, values: error.params } }, { status: error.status });
  }
}
