// Bodies of the /api/teams calls. Classic at the API boundary (parseBody takes classic schemas);
// the rules are the form's own (./teams.ts).
import { z } from "zod";
import { createTeamSchema } from "./teams";

export const apiTeamNameSchema = z.unknown().pipe(createTeamSchema);
