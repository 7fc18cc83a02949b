// Client-safe schemas of the teams tab's forms (zod/mini, like every schema the browser runs).
// Messages are locale keys (public/locales/*/teams.json).
import * as z from "zod/mini";
import { singleLine } from "~/lib/text-input";

export const MAX_TEAM_NAME_LENGTH = 100;

/** Spec section 5: a team name is non-empty after trim. */
export const teamNameField = z
  .string({ error: "teams.validation.nameRequired" })
  .check(z.trim(), z.minLength(1, "teams.validation.nameRequired"), z.maxLength(MAX_TEAM_NAME_LENGTH, "teams.validation.nameTooLong"), ...singleLine());

const id = z.string().check(z.trim(), z.minLength(1), z.maxLength(64));

export const createTeamSchema = z.object({ name: teamNameField });
export const renameTeamSchema = z.object({ teamId: id, name: teamNameField });
export const teamIdSchema = z.object({ teamId: id });
export const teamMemberSchema = z.object({ teamId: id, userId: id });
/** The dialog posts the ticked members: none is an empty list, one a single value. */
export const teamAdminsSchema = z.object({
  teamId: id,
  adminIds: z._default(
    z.pipe(
      z.union([z.array(id), id]),
      z.transform((value: string | string[]) => (Array.isArray(value) ? value : [value])),
    ),
    [],
  ),
});
/** An empty choice clears the substitute. */
export const teamSubstituteSchema = z.object({ teamId: id, substituteId: z.optional(id) });
