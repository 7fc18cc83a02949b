import { z } from "zod";
import { apiDigestSchema, apiInviteSchema, apiLanguageSchema, apiUpdateUserSchema, apiUsersQuerySchema, apiYearSchema } from "~/lib/schemas/api";
import { apiAllowancesSummarySchema, apiCurrentUserSchema, apiInvitationSchema, apiUserSchema } from "~/lib/schemas/api-responses";
import { EXAMPLE_IDS, exampleBalances, exampleInvitation, exampleUser } from "../examples";
import type { ApiOperation } from "../operation";

const TAG = "People";
const ID = { id: "The person's id" };

const languageOperation: ApiOperation = {
  method: "patch",
  path: "/api/users/me/language",
  tag: TAG,
  summary: "Keep the caller's interface language",
  description: "Also sets the language cookie, so pages and API messages follow at once. PUT does the same.",
  specRow: "PATCH /api/users/me/language",
  access: "signedIn",
  whileReadOnly: true,
  body: { schema: apiLanguageSchema, example: { language: "en" } },
  responses: { 200: { description: "The caller's profile as saved", schema: apiUserSchema, example: exampleUser } },
};

const digestOperation: ApiOperation = {
  method: "patch",
  path: "/api/users/me/digest",
  tag: TAG,
  summary: "Choose the caller's daily who's-off e-mail",
  description:
    "Each morning at 07:00 in the company's time zone, an opted-in person gets one e-mail, in their language, with today's and tomorrow's absences (pending ones marked) of their team or the whole company; colleagues' reasons are hidden as on the calendar. No e-mail on a day with nothing to tell. PUT does the same.",
  access: "signedIn",
  whileReadOnly: true,
  body: { schema: apiDigestSchema, example: { digest: "team" } },
  responses: { 200: { description: "The choice as saved", schema: apiDigestSchema, example: { digest: "team" } } },
};

export const userOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/users/me",
    tag: TAG,
    summary: "The caller, with their company",
    specRow: "GET /api/users/me",
    access: "signedIn",
    responses: { 200: { description: "The caller", schema: apiCurrentUserSchema, example: { ...exampleUser, company: { id: EXAMPLE_IDS.company, name: "Demo Company", timeZone: "Europe/Lisbon" } } } },
  },
  languageOperation,
  { ...languageOperation, method: "put", description: "The same as PATCH (the language is the whole of what it changes).", specRow: undefined },
  {
    method: "get",
    path: "/api/users/me/digest",
    tag: TAG,
    summary: "The caller's daily who's-off e-mail",
    access: "signedIn",
    responses: { 200: { description: "The caller's choice", schema: apiDigestSchema, example: { digest: "off" } } },
  },
  digestOperation,
  { ...digestOperation, method: "put", description: "The same as PATCH (the choice is the whole of what it changes)." },
  {
    method: "get",
    path: "/api/users",
    tag: TAG,
    summary: "The company's active people",
    description: "Everyone in the caller's company (deactivated people excepted), by name; ids and user_id narrow the list. Ids of another company are simply not found.",
    specRow: "GET /api/users",
    access: "signedIn",
    query: [apiUsersQuerySchema],
    responses: { 200: { description: "People", schema: z.array(apiUserSchema), example: [exampleUser] } },
  },
  {
    method: "get",
    path: "/api/users/{id}",
    tag: TAG,
    summary: "One person of the company",
    description: "Clients that cannot read one person fall back to GET /api/users?user_id= (the spec's fallback chain); both answer the same person.",
    specRow: "GET /api/users/{id}",
    access: "signedIn",
    pathParams: ID,
    responses: { 200: { description: "The person", schema: apiUserSchema, example: exampleUser } },
  },
  {
    method: "patch",
    path: "/api/users/{id}",
    tag: TAG,
    summary: "Rename a person, change their photo, role or employment dates",
    description:
      "People change their own name and photo; company admins anyone's, and roles (never their own; only an owner touches an owner). The company keeps at least one owner. Company admins alone set first_day and last_day (employment dates; null clears one); the last day may not be before the first (400).",
    specRow: "PATCH /api/users/{id}",
    access: "signedIn",
    pathParams: ID,
    body: { schema: apiUpdateUserSchema, example: { full_name: "Eva Employee", role: "admin" } },
    responses: { 200: { description: "The person as saved", schema: apiUserSchema, example: exampleUser } },
    errors: { 409: "The last owner cannot stop being one" },
  },
  {
    method: "delete",
    path: "/api/users/{id}",
    tag: TAG,
    summary: "Deactivate a person",
    description: "They can no longer sign in and leave every list; their absences and the audit keep pointing at them (the row stays).",
    specRow: "DELETE /api/users/{id}",
    access: "admin",
    pathParams: ID,
    responses: { 204: { description: "Deactivated" } },
    errors: { 409: "Not oneself, and not the last owner" },
  },
  {
    method: "get",
    path: "/api/users/{id}/certificate",
    tag: TAG,
    summary: "A person's leave certificate (PDF)",
    description:
      "The previous and the current leave year (for someone whose last day has passed, the year of their last day and the one before): each balance's entitlement (prorated for a joiner or leaver), leave taken and remaining, in the balance's unit, and the dates of every approved absence, in the person's language. People download their own; company admins anyone's of the company, removed people included. Recorded in the audit (user.certificate_exported).",
    access: "signedIn",
    pathParams: ID,
    responses: {
      200: {
        description: "The PDF file",
        contentType: "application/pdf",
        headers: { "Content-Disposition": { description: "attachment; filename=…", schema: { type: "string" } } },
      },
    },
    errors: { 403: "The person is someone else and the caller is no company admin", 404: "No such person in the company", 429: "More than 30 certificates and exports in an hour" },
  },
  {
    method: "get",
    path: "/api/users/{id}/export",
    tag: TAG,
    summary: "Everything kept about a person (ZIP)",
    description:
      "The access and portability request: profile, absences of every status, balances of each leave year, the audit's entries about the person and the files they uploaded, each as JSON (English field names) and CSV (the person's language, the separator and decimal mark their spreadsheet expects). People download their own; company admins anyone's of the company, removed people included. Recorded in the audit (user.data_exported).",
    access: "signedIn",
    pathParams: ID,
    responses: {
      200: {
        description: "The ZIP file: profile, absences, balances and audit, each .json and .csv; uploaded files under files/",
        contentType: "application/zip",
        headers: { "Content-Disposition": { description: "attachment; filename=…", schema: { type: "string" } } },
      },
    },
    errors: { 403: "The person is someone else and the caller is no company admin", 404: "No such person in the company", 429: "More than 30 certificates and exports in an hour" },
  },
  {
    method: "post",
    path: "/api/users/invite",
    tag: TAG,
    summary: "Invite someone by e-mail",
    description: "Mails an invitation link valid for 7 days; inviting the same address again replaces the open invitation. The person appears in the company once they accept.",
    specRow: "POST /api/users/invite",
    access: "admin",
    body: { schema: apiInviteSchema, example: { email: "new.colleague@demo.test", full_name: "Nuno Novo", role: "user", team_id: EXAMPLE_IDS.team, start_date: "2027-06-01" } },
    responses: { 201: { description: "The invitation", schema: apiInvitationSchema, example: exampleInvitation } },
    errors: { 404: "No such team in the company", 409: "The e-mail already has an account" },
  },
  {
    method: "get",
    path: "/api/users/me/allowances-summary",
    tag: TAG,
    summary: "The caller's balances of a year",
    description: "Total, used, pending and remaining days of the yearly allowance, the residual (carried over) and special leave. The year is the leave year, given as the calendar year it starts in (2026 is April 2026 – March 2027 for a company whose leave year starts in April: GET /api/companies/me); it defaults to the leave year holding today in the company's time zone. A joiner's or leaver's yearly total is prorated by their scheduled working days.",
    specRow: "GET /api/users/me/allowances-summary?year=",
    access: "signedIn",
    query: [apiYearSchema],
    responses: { 200: { description: "The balances", schema: apiAllowancesSummarySchema, example: { ok: true, user_id: EXAMPLE_IDS.user, year: 2027, ...exampleBalances } } },
  },
];
