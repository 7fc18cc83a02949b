import { z } from "zod";
import { apiCreateVacationSchema, apiPagingSchema } from "~/lib/schemas/api";
import { apiPendingApprovalSchema, apiVacationListItemSchema, apiVacationPageSchema, apiVacationSchema } from "~/lib/schemas/api-responses";
import { VACATION_STATUSES } from "~/lib/statuses";
import { NO_TEAM_FILTER, VACATION_FILTER_NAMES as NAMES } from "~/lib/vacation-filters";
import { exampleVacation, exampleVacationWithoutReason } from "../examples";
import { aliasParams, DATE, ID, type ApiOperation } from "../operation";

const TAG = "Absences";
const ID_PARAM = { id: "The absence's id" };

/** The filters of the vacation lists, under every name the filter reader takes (lib/vacation-filters.ts). */
const filters = [
  ...aliasParams(NAMES.dateFrom, "date_from", DATE, "Absences that end on or after this day", "2027-08-01"),
  ...aliasParams(NAMES.dateTo, "date_to", DATE, "Absences that start on or before this day", "2027-08-31"),
  ...aliasParams(NAMES.userId, "user_id", { type: "string", maxLength: 64 }, "One person's absences; `me` stands for the caller"),
  ...aliasParams(NAMES.status, "status", { type: "string", enum: [...VACATION_STATUSES] }, "Only this status"),
  ...aliasParams(NAMES.categoryId, "absence_category_id", ID, "Only this absence category"),
  ...aliasParams(NAMES.teamId, "team_id", ID, `Only this team's people; \`${NO_TEAM_FILTER}\` for people in no team`),
];

const detailRule =
  "Colleagues' absences whose reason the caller may not see (they are not the person, a company admin or the person's team admin) come without description, absence category or recipients (`reason_hidden`).";

export const vacationOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/vacations",
    tag: TAG,
    summary: "The caller's own absences, a page at a time",
    description: "Newest first, 10 a page unless `limit` says otherwise. Always the caller's own list, whatever user_id says.",
    specRow: "Vacations list (path not shown)",
    access: "signedIn",
    query: [filters.filter((param) => !["user_id"].includes(param.name)), apiPagingSchema],
    responses: { 200: { description: "A page", schema: apiVacationPageSchema, example: { items: [exampleVacation], total: 1, offset: 0, limit: 10 } } },
  },
  {
    method: "post",
    path: "/api/vacations",
    tag: TAG,
    summary: "Request an absence",
    description:
      "A new request of the caller: pending, or approved at once when its absence category needs no approval or nobody else could review it. The reviewers (or the recipients chosen) are mailed. Refused when it clashes with the caller's pending or approved absences (409), when their team has no admin (409, 'no assigned admin'), or when it takes more days than the balance holds. Its absence category's rules (minimum notice, most consecutive working days, shortest request; decision 0087) refuse it with 409 and a `detail` naming the rule when set to block, and let it through when set to warn (the approver sees the warning).",
    specRow: "POST /api/vacations",
    access: "signedIn",
    body: {
      schema: apiCreateVacationSchema,
      example: { start_date: "2027-08-02", end_date: "2027-08-13", description: "Summer holidays", absence_category_id: "yearly_allowance", notification_recipients: { type: "team_admins" } },
    },
    headers: [
      {
        name: "Idempotency-Key",
        description:
          "Makes a retry safe: a repeat with the same key (same caller, same body) answers the first attempt's status and body again, with `Idempotent-Replayed: true`, and creates nothing. Keys last 24 hours. 1–255 printable ASCII characters, e.g. a UUID.",
        schema: { type: "string", minLength: 1, maxLength: 255 },
        example: "5f0c6c1e-2b7a-4a8e-9d1c-3c4b2a1f0e9d",
      },
    ],
    responses: {
      201: {
        description: "The request as made, with its working days",
        schema: apiVacationSchema,
        example: { ...exampleVacation, working_days: 10 },
        headers: { "Idempotent-Replayed": { description: "`true` when this is the kept answer of an earlier request with the same Idempotency-Key", schema: { type: "string", enum: ["true"] } } },
      },
    },
    errors: {
      409: "Clashes with existing absences, or the team has no admin, or breaks a blocking leave-type rule; or the first request with this Idempotency-Key is still running (retry after Retry-After seconds)",
      422: "This Idempotency-Key was used with another body",
      429: "The recipients outside the company would pass the hourly limit",
    },
  },
  {
    method: "get",
    path: "/api/vacations/{id}",
    tag: TAG,
    summary: "One absence",
    description: detailRule,
    access: "signedIn",
    pathParams: ID_PARAM,
    responses: { 200: { description: "The absence", schema: apiVacationListItemSchema, example: exampleVacation } },
  },
  {
    method: "delete",
    path: "/api/vacations/{id}",
    tag: TAG,
    summary: "Cancel an absence",
    description:
      "By its owner (unless approved and already under way) or by whoever manages their requests. The row stays with status cancelled, for history and the audit; its days are free again. Then POST …/notify-admin tells the reviewers, if wanted.",
    specRow: "DELETE /api/vacations/{id}",
    access: "signedIn",
    pathParams: ID_PARAM,
    responses: { 204: { description: "Cancelled" } },
    errors: { 409: "Already cancelled, or approved and under way" },
  },
  {
    method: "get",
    path: "/api/vacations/search",
    tag: TAG,
    summary: "The company's absences in a range",
    description: `What the calendars show: everyone's absences overlapping [date_from, date_to], newest first, up to 1000 (limit). ${detailRule}`,
    specRow: "GET /api/vacations/search",
    access: "signedIn",
    query: [filters, apiPagingSchema],
    responses: {
      200: {
        description: "The absences",
        schema: z.array(apiVacationListItemSchema),
        example: [exampleVacation, exampleVacationWithoutReason],
        headers: { "X-Total-Count": { description: "Absences under the filters, all pages", schema: { type: "integer" } } },
      },
    },
  },
  ...(["approve", "reject"] as const).map(
    (verb): ApiOperation => ({
      method: "post",
      path: `/api/vacations/{id}/${verb}`,
      tag: TAG,
      summary: verb === "approve" ? "Approve a pending request" : "Reject a pending request",
      description: "By whoever reviews the requester's requests (their team admins, the owner, …); the requester is mailed the decision.",
      specRow: "POST /api/vacations/{id}/approve, /reject",
      access: "signedIn",
      pathParams: ID_PARAM,
      responses: { 200: { description: "The request as decided", schema: apiVacationSchema, example: { ...exampleVacation, status: verb === "approve" ? "approved" : "rejected" } } },
      errors: { 409: "No longer pending" },
    }),
  ),
  {
    method: "get",
    path: "/api/vacations/pending-approvals",
    tag: TAG,
    summary: "Requests waiting for the caller's decision",
    description: "Polled for the navigation badge: send the ETag back in If-None-Match and the answer is a 304 without a body while nothing changed.",
    specRow: "GET /api/vacations/pending-approvals",
    access: "signedIn",
    headers: [{ name: "If-None-Match", description: "The ETag of the previous answer", schema: { type: "string" } }],
    responses: {
      200: {
        description: "Pending requests, oldest first",
        schema: z.array(apiPendingApprovalSchema),
        example: [{ id: exampleVacation.id, user_id: exampleVacation.user_id, start_date: "2027-08-02", end_date: "2027-08-13", status: "pending", description: "Summer holidays", absence_category_id: "yearly_allowance", created_at: exampleVacation.created_at }],
        headers: {
          ETag: { description: "Names this answer (the pending changes below included)", schema: { type: "string" } },
          "X-Pending-Changes": { description: "How many changes of approved absences also wait for the caller's decision (the badge counts them with the requests)", schema: { type: "integer" } },
        },
      },
      304: { description: "Nothing changed since the ETag sent" },
    },
  },
  {
    method: "post",
    path: "/api/vacations/{id}/notify-admin",
    tag: TAG,
    summary: "Remind the reviewers, or tell them of a cancellation",
    description: "On a pending request: mails its reviewers again. On a cancelled one: tells them it was cancelled (once).",
    specRow: "POST /api/vacations/{id}/notify-admin",
    access: "signedIn",
    pathParams: ID_PARAM,
    responses: { 204: { description: "Mailed" } },
    errors: { 409: "Neither pending nor cancelled, or the cancellation was told already" },
  },
];
