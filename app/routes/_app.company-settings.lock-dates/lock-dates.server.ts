// The Lock dates tab's data and form actions (intents "blackouts.*"): the company's locks, a new
// lock from the form, removing one (asked first, with and without JavaScript). Rules:
// app/models/blackout.server.ts (decision 0091).
import { data } from "@remix-run/node";
import { readCategoryListing } from "~/models/absence-category.server";
import { blackoutInputSchema, createBlackout, deleteBlackout, listBlackouts, parseTypeModes } from "~/models/blackout.server";
import { listTeamCandidates, listTeams } from "~/models/team.server";
import type { SignedInViewer } from "~/utils/auth.server";
import { confirmationStep, needsConfirmation } from "~/utils/confirmation.server";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { noticeOf, type ActionReply } from "~/utils/form-errors.server";

export async function loadLockDatesTab(viewer: SignedInViewer) {
  const [blackouts, categories, teams, people] = await Promise.all([
    listBlackouts(viewer),
    readCategoryListing(getDb(), viewer.companyId, { activeOnly: true }),
    listTeams(viewer),
    listTeamCandidates(viewer),
  ]);
  return {
    blackouts: blackouts.map((row) => ({
      id: row.id,
      startDate: row.startDate,
      endDate: row.endDate,
      reason: row.reason,
      scope: row.scope,
      defaultMode: row.defaultMode,
      typeModes: parseTypeModes(row.typeModes),
      names: row.scope === "teams" ? row.teams.map((link) => link.team.name) : row.people.map((link) => link.user.fullName || link.user.email),
    })),
    categories: categories.map((category) => ({ id: category.id, name: category.name })),
    teams,
    people: people.map((person) => ({ id: person.id, name: person.fullName || person.email })),
  };
}

export type LockFormValues = Record<string, string | string[] | undefined>;

export interface LockDatesReply extends ActionReply {
  form?: LockFormValues;
  fieldErrors?: Record<string, string>;
}

const TYPE_PREFIX = "mode.";

export async function lockDatesAction(viewer: SignedInViewer, formData: FormData) {
  const intent = formData.get("intent");
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : "";
  };
  switch (intent) {
    case "blackouts.create": {
      const list = (name: string) => formData.getAll(name).filter((value): value is string => typeof value === "string");
      const typeModes: Record<string, string> = {};
      for (const [name, value] of formData) if (name.startsWith(TYPE_PREFIX) && typeof value === "string" && value !== "") typeModes[name.slice(TYPE_PREFIX.length)] = value;
      const form: LockFormValues = { startDate: text("startDate"), endDate: text("endDate"), reason: text("reason"), scope: text("scope"), defaultMode: text("defaultMode"), teamIds: list("teamIds"), userIds: list("userIds"), ...Object.fromEntries(Object.entries(typeModes).map(([id, mode]) => [TYPE_PREFIX + id, mode])) };
      const parsed = blackoutInputSchema.safeParse({ ...form, teamIds: list("teamIds"), userIds: list("userIds"), typeModes });
      if (!parsed.success) {
        const fieldErrors: Record<string, string> = {};
        for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? "reason")] ??= issue.message;
        return data<LockDatesReply>({ form, fieldErrors }, { status: 400 });
      }
      try {
        await createBlackout(viewer, parsed.data);
        return data<LockDatesReply>({ notice: { tone: "success", key: "cover.blackouts.created" } });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return data<LockDatesReply>({ form, fieldErrors: error.fields, notice: Object.keys(error.fields).length ? null : noticeOf(error, "errors.invalidBody") }, { status: error.status });
      }
    }
    case "blackouts.delete": {
      try {
        const id = text("blackoutId");
        if (!id || id.length > 64) throw new AppError(404, "not_found", "cover.errors.blackoutNotFound");
        // Another company's lock is refused before any question is asked.
        const found = await getDb().blackout.findFirst({ where: { id, companyId: viewer.companyId }, select: { id: true } });
        if (!found) throw new AppError(404, "not_found", "cover.errors.blackoutNotFound");
        if (needsConfirmation(formData)) return confirmationStep(formData);
        await deleteBlackout(viewer, id);
        return data<LockDatesReply>({ notice: { tone: "success", key: "cover.blackouts.deleted" } });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return data<LockDatesReply>({ notice: noticeOf(error, "cover.errors.blackoutNotFound") }, { status: error.status });
      }
    }
    default:
      throw new AppError(400, "unknown_intent", "errors.invalidBody");
  }
}
