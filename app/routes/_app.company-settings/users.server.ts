// The Users tab's data and form actions (intents "users.*").
import { data } from "@remix-run/node";
import { parseWithZod } from "~/lib/form-parse";
import { displayName } from "~/lib/people";
import { inviteSchema } from "~/lib/schemas/identity";
import { inviteUser } from "~/models/invitation.server";
import { listTeams } from "~/models/team.server";
import { deactivateUser, listUsers } from "~/models/user.server";
import type { SignedInViewer } from "~/utils/auth.server";
import { confirmationStep, needsConfirmation } from "~/utils/confirmation.server";
import { AppError } from "~/utils/errors.server";
import { noticeOf, replyWithAppError, type ActionReply } from "~/utils/form-errors.server";
import { getLanguage } from "~/utils/i18n.server";
import { canManagePerson } from "~/utils/permissions.server";
import * as z from "zod/mini";
import type { TabActionArgs, TabActionResult } from "./tab-action";

const deleteUserSchema = z.object({ userId: z.string() });

export async function loadUsersTab(viewer: SignedInViewer, _url: URL) {
  const [users, teams] = await Promise.all([listUsers(viewer), listTeams(viewer)]);
  return {
    // The same rule deactivateUser enforces decides where the button is shown.
    users: users.map((user) => ({ ...user, displayName: displayName(user), canRemove: canManagePerson(viewer, user) })),
    teams: Object.fromEntries(teams.map((t) => [t.id, t.name])),
  };
}

export async function usersAction({ viewer, request, formData, intent }: TabActionArgs): Promise<TabActionResult> {
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
  return null;
}
