import { z } from "zod";
import { apiTeamNameSchema, apiTeamPersonSchema } from "~/lib/schemas/api-teams";
import { apiTeamAdminSchema, apiTeamMemberSchema, apiTeamSchema } from "~/lib/schemas/api-responses";
import { EXAMPLE_IDS, exampleTeam } from "../examples";
import type { ApiOperation } from "../operation";

const TAG = "Teams";
const ID_PARAM = { id: "The team's id" };
const TEAMS_ROW = "GET /api/teams, POST /api/teams, PUT /api/teams/{id} (name), DELETE /api/teams/{id}";

/** The members and admins calls: the person in the body (userId, else user_id) or the query. */
function personOperations(kind: "members" | "admins"): ApiOperation[] {
  const members = kind === "members";
  const specRow = members ? "GET/POST/DELETE /api/teams/{id}/members" : "GET/POST/DELETE /api/teams/{id}/admins";
  const path = `/api/teams/{id}/${kind}`;
  const person = { userId: EXAMPLE_IDS.user };
  return [
    {
      method: "get",
      path,
      tag: TAG,
      summary: members ? "A team's members" : "A team's admins",
      specRow,
      access: "signedIn",
      pathParams: ID_PARAM,
      responses: {
        200: members
          ? { description: "Its members", schema: z.array(apiTeamMemberSchema), example: exampleTeam.members }
          : { description: "Its admins", schema: z.array(apiTeamAdminSchema), example: exampleTeam.team_admins },
      },
    },
    {
      method: "post",
      path,
      tag: TAG,
      summary: members ? "Put a person in the team" : "Make a member an admin of the team",
      description: members
        ? "Moves them from their team, if any. The person: userId in the body, else user_id, else the same names in the query."
        : "They review the team's requests; a user becomes an admin. The person: userId in the body, else user_id, else the same names in the query.",
      specRow,
      access: "admin",
      pathParams: ID_PARAM,
      query: [apiTeamPersonSchema],
      body: { schema: apiTeamPersonSchema, example: person, required: false },
      responses: { 200: { description: "The team as it now is", schema: apiTeamSchema, example: exampleTeam } },
      errors: { 404: "No such team or person in the company", ...(members ? {} : { 409: "The person is not a member of the team" }) },
    },
    {
      method: "delete",
      path,
      tag: TAG,
      summary: members ? "Take a person out of the team" : "Stop a person being an admin of the team",
      description: members ? "The person: userId in the body, else user_id, else the same names in the query." : "They keep their role. The person: userId in the body, else user_id, else the same names in the query.",
      specRow,
      access: "admin",
      pathParams: ID_PARAM,
      query: [apiTeamPersonSchema],
      body: { schema: apiTeamPersonSchema, example: person, required: false },
      responses: { 204: { description: "Done" } },
      errors: { 404: "No such team or person in the company", 409: members ? "The person is not a member of the team" : "The person is not an admin of the team" },
    },
  ];
}

export const teamOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/teams",
    tag: TAG,
    summary: "The company's teams",
    description: "With their active members and admins.",
    specRow: TEAMS_ROW,
    access: "signedIn",
    responses: { 200: { description: "Teams", schema: z.array(apiTeamSchema), example: [exampleTeam] } },
  },
  {
    method: "post",
    path: "/api/teams",
    tag: TAG,
    summary: "Add a team",
    specRow: TEAMS_ROW,
    access: "admin",
    body: { schema: apiTeamNameSchema, example: { name: "Design" } },
    responses: { 201: { description: "The new, empty team", schema: apiTeamSchema, example: { ...exampleTeam, id: "cmh1team00000000design01", name: "Design", members: [], team_admins: [] } } },
    errors: { 409: "A team of that name exists" },
  },
  {
    method: "get",
    path: "/api/teams/{id}",
    tag: TAG,
    summary: "One team",
    access: "signedIn",
    pathParams: ID_PARAM,
    responses: { 200: { description: "The team", schema: apiTeamSchema, example: exampleTeam } },
  },
  {
    method: "put",
    path: "/api/teams/{id}",
    tag: TAG,
    summary: "Rename a team",
    specRow: TEAMS_ROW,
    access: "admin",
    pathParams: ID_PARAM,
    body: { schema: apiTeamNameSchema, example: { name: "Platform" } },
    responses: { 200: { description: "The team as saved", schema: apiTeamSchema, example: { ...exampleTeam, name: "Platform" } } },
    errors: { 409: "A team of that name exists" },
  },
  {
    method: "delete",
    path: "/api/teams/{id}",
    tag: TAG,
    summary: "Delete a team without members",
    specRow: TEAMS_ROW,
    access: "admin",
    pathParams: ID_PARAM,
    responses: { 204: { description: "Deleted" } },
    errors: { 409: "The team still has members" },
  },
  ...personOperations("members"),
  ...personOperations("admins"),
];
