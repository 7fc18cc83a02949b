// Bodies of the /api/teams calls. Classic at the API boundary (parseBody takes classic schemas);
// the rules are the form's own (./teams.ts).
import { z } from "zod";
import { createTeamSchema } from "./teams";

export const apiTeamNameSchema = z.unknown().pipe(createTeamSchema);

const personId = (description: string) => z.union([z.string().max(64), z.number().int()]).optional().describe(description);

/**
 * The person a members/admins call is about, as spec section 7's clients send it: `userId`, else
 * `user_id`, in the body, else the same names in the query string (a DELETE often has no body).
 * readUserIdParam (app/utils/api-params.server.ts) reads these names in this order.
 */
export const apiTeamPersonSchema = z.object({
  userId: personId("The person's id"),
  user_id: personId("Read when userId is missing"),
});
