// Every operation of the /api, in the order the document lists them. A new operation adds its
// entries here (the contract test fails while a file under app/api or app/routes/api.* has none).
import type { ApiOperation } from "../operation";
import { authOperations } from "./auth";
import { billingOperations } from "./billing";
import { documentationOperations } from "./documentation";
import { holidayOperations } from "./holidays";
import { organisationOperations } from "./organisation";
import { teamOperations } from "./teams";
import { userOperations } from "./users";
import { vacationOperations } from "./vacations";
import { vacationChangeOperations } from "./vacation-changes";
import { workScheduleOperations } from "./work-schedules";

export const API_OPERATIONS: readonly ApiOperation[] = [
  ...authOperations,
  ...userOperations,
  ...workScheduleOperations,
  ...vacationOperations,
  ...vacationChangeOperations,
  ...holidayOperations,
  ...teamOperations,
  ...organisationOperations,
  ...billingOperations,
  ...documentationOperations,
];

/** The document's sections, in this order, with what each is about. */
export const API_TAGS: readonly { name: string; description: string }[] = [
  { name: "Authentication", description: "Signing in and out, trading tokens, signing up, confirming an e-mail, accepting an invitation." },
  { name: "People", description: "The company's people, the caller's profile and balances, invitations." },
  { name: "Work schedules", description: "Which weekdays people work and for how long, from a date on: a person's own, and the company default everyone else follows." },
  { name: "Absences", description: "Requesting, deciding, cancelling and finding absences (vacations)." },
  { name: "Bank holidays", description: "The days off that decide everyone's working days, by country and region." },
  { name: "Teams", description: "Teams, their members and the admins who review their requests." },
  { name: "Absence categories", description: "The kinds of absence a company offers and the allowance each draws on." },
  { name: "Companies", description: "The caller's company; every company for master users." },
  { name: "Reports", description: "Allowances per person and year, and their use." },
  { name: "Audit", description: "Who changed what, when." },
  { name: "Billing", description: "Billing details, the card, invoices, the subscription and Stripe's events." },
  { name: "Public site", description: "What the landing page sends." },
  { name: "Documentation", description: "This document, as JSON and as a page." },
];
