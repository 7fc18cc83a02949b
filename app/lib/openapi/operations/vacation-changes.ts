// Changes of approved absences (issue 41, decision 0093).
import { apiVacationChangeBodySchema, apiVacationChangeSchema } from "~/lib/schemas/vacation-change";
import type { ApiOperation } from "../operation";

const TAG = "Absences";
const PARAMS = { id: "The absence's id", changeId: "The change's id" };

const exampleChange = {
  id: "cm0change00001",
  vacation_id: "cm0vacation0001",
  status: "pending",
  start_date: "2027-08-02",
  end_date: "2027-08-04",
  half_day_start: false,
  half_day_end: false,
  absence_category_id: "yearly_allowance",
  start_time: null,
  end_time: null,
  hours_per_day: null,
  requested_by: "cm0person00001",
  decided_by: null,
  decided_at: null,
  created_at: "2027-07-20T09:30:00.000Z",
};

export const vacationChangeOperations: ApiOperation[] = [
  {
    method: "post",
    path: "/api/vacations/{id}/changes",
    tag: TAG,
    summary: "Change an approved absence",
    description:
      "New dates (shorten, extend, move) or a new absence category for an approved absence. Its owner proposes (status pending): the absence stays as approved, and balances count it so, until an approver of the owner's requests approves the change. An admin who manages the owner's requests changes it at once (status approved), audited with the old and new values, and `absence.changed` is sent. The new version passes the checks of a new request, the absence itself left out: no overlap with the person's other absences, the balance in the category's unit, the category's blocking rules (minimum notice only for a new first day). Days already taken (before today, in the company's time zone) cannot be moved or removed: such a change is refused with 409 (`days_taken`), not clamped. One pending change per absence.",
    access: "signedIn",
    pathParams: { id: PARAMS.id },
    body: { schema: apiVacationChangeBodySchema, example: { start_date: "2027-08-02", end_date: "2027-08-04" } },
    responses: { 201: { description: "The change: pending, or approved when made by an admin who manages the owner", schema: apiVacationChangeSchema, example: exampleChange } },
    errors: {
      403: "Not the owner, nor an admin who manages the owner's requests",
      409: "The absence is not approved, already has a pending change, overlaps another absence, exceeds the balance, breaks a blocking rule, or moves days already taken",
    },
  },
  ...(["approve", "reject", "withdraw"] as const).map(
    (verb): ApiOperation => ({
      method: "post",
      path: `/api/vacations/{id}/changes/{changeId}/${verb}`,
      tag: TAG,
      summary: verb === "approve" ? "Approve a pending change" : verb === "reject" ? "Reject a pending change" : "Withdraw a pending change",
      description:
        verb === "withdraw"
          ? "By the person who proposed it; the absence stays as approved."
          : verb === "approve"
            ? "By whoever reviews the owner's requests (never the owner). The change is checked again and applied in one transaction, audited with old and new values; `absence.changed` is sent and the owner is mailed."
            : "By whoever reviews the owner's requests (never the owner). The absence stays as approved; the owner is mailed.",
      access: "signedIn",
      pathParams: PARAMS,
      responses: { 200: { description: "The change as decided", schema: apiVacationChangeSchema, example: { ...exampleChange, status: verb === "approve" ? "approved" : verb === "reject" ? "rejected" : "withdrawn" } } },
      errors: { 403: verb === "withdraw" ? "Not the person who proposed it" : "Not an approver of the owner's requests", 409: verb === "approve" ? "No longer pending, or the new version no longer passes the checks" : "No longer pending" },
    }),
  ),
];
