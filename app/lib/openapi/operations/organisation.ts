import { z } from "zod";
import { apiCreateAbsenceCategorySchema, apiUpdateAbsenceCategorySchema } from "~/lib/schemas/absence-categories-api";
import { apiAuditPagingSchema, apiAllowanceUpsertSchema } from "~/lib/schemas/api";
import { apiAbsenceCategorySchema, apiAllowanceSchema, apiAuditPageSchema, apiCompanyMeSchema, apiCompanySchema, apiReportRowSchema } from "~/lib/schemas/api-responses";
import { apiUpdateCompanySchema } from "~/lib/schemas/company-api";
import { AUDIT_ACTION_FILTER, AUDIT_ACTION_GROUPS, AUDIT_ACTIONS } from "~/lib/audit-actions";
import { ALL_COMPANIES, AUDIT_FILTER_NAMES as AUDIT, SYSTEM_ACTOR } from "~/lib/audit-filters";
import { FIRST_REPORT_YEAR, lastReportYear } from "~/lib/report-params";
import { EXAMPLE_IDS, exampleAbsenceCategory, exampleAuditEntry, exampleReportRow } from "../examples";
import { aliasParams, DATE, DATE_WINDOW_WORDS, ID, type ApiOperation } from "../operation";

const CATEGORY_ID = { id: "The absence category's id" };
const exampleCompanyMe = { id: EXAMPLE_IDS.company, name: "Demo Company", leave_year_start_month: 1, allowance_rounding: "nearest" as const, leave_unit: "day" as const, accrual_booking_ahead: false, certificate_after_days: 3 };

const auditFilters = [
  ...aliasParams(AUDIT.companyId, "company_id", ID, `One company's entries (master users: any, or \`${ALL_COMPANIES}\`); the caller's company when missing`),
  ...aliasParams(
    AUDIT.action,
    "action",
    {
      // The actions the audit records and every entity's; the filter reads any name of that shape (an action newer than the list).
      anyOf: [
        { type: "string", enum: [...Object.keys(AUDIT_ACTION_GROUPS).map((group) => `${group}.*`), ...AUDIT_ACTIONS] },
        { type: "string", pattern: AUDIT_ACTION_FILTER.source, description: "Any other action of that shape (none recorded today)" },
      ],
    },
    "One action (vacation.approved) or an entity's (vacation.*)",
  ),
  ...aliasParams(AUDIT.userId, "user_id", ID, `The actor's id, or \`${SYSTEM_ACTOR}\` for entries no person made`),
  ...aliasParams(AUDIT.dateFrom, "date_from", DATE, `Entries on or after this day (the company's time zone), ${DATE_WINDOW_WORDS}`),
  ...aliasParams(AUDIT.dateTo, "date_to", DATE, `Entries on or before this day, ${DATE_WINDOW_WORDS}`),
];

export const organisationOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/absence-categories",
    tag: "Absence categories",
    summary: "The company's absence categories",
    description: "In their order, inactive ones included (active: false). yearly_allowance is the usual default.",
    specRow: "GET /api/absence-categories",
    access: "signedIn",
    responses: { 200: { description: "Absence categories", schema: z.array(apiAbsenceCategorySchema), example: [exampleAbsenceCategory] } },
  },
  {
    method: "post",
    path: "/api/absence-categories",
    tag: "Absence categories",
    summary: "Add an absence category",
    description: "Unnamed fields take the form's defaults: no balance, approval required, last in order.",
    access: "admin",
    body: { schema: apiCreateAbsenceCategorySchema, example: { name: "Parental leave", color: "#00838f", balance: "none", requires_approval: true } },
    responses: { 201: { description: "The absence category", schema: apiAbsenceCategorySchema, example: { ...exampleAbsenceCategory, id: "cmh1type00000000parent01", name: "Parental leave", color: "#00838f", balance: "none", sort_order: 6 } } },
    errors: { 409: "An absence category of that name exists" },
  },
  {
    method: "get",
    path: "/api/absence-categories/{id}",
    tag: "Absence categories",
    summary: "One absence category",
    access: "signedIn",
    pathParams: CATEGORY_ID,
    responses: { 200: { description: "The absence category", schema: apiAbsenceCategorySchema, example: exampleAbsenceCategory } },
  },
  {
    method: "patch",
    path: "/api/absence-categories/{id}",
    tag: "Absence categories",
    summary: "Change an absence category",
    description: "Only the fields sent change; active: false retires an absence category people used.",
    access: "admin",
    pathParams: CATEGORY_ID,
    body: { schema: apiUpdateAbsenceCategorySchema, example: { color: "#1b5e20", requires_approval: false } },
    responses: { 200: { description: "The absence category as saved", schema: apiAbsenceCategorySchema, example: { ...exampleAbsenceCategory, color: "#1b5e20", requires_approval: false } } },
    errors: { 409: "Name taken, the balance of a used absence category, or the last active one" },
  },
  {
    method: "delete",
    path: "/api/absence-categories/{id}",
    tag: "Absence categories",
    summary: "Delete an absence category nobody used",
    access: "admin",
    pathParams: CATEGORY_ID,
    responses: { 204: { description: "Deleted" } },
    errors: { 409: "Absences use it (deactivate it with PATCH), or it is the last active absence category" },
  },
  {
    method: "get",
    path: "/api/companies/me",
    tag: "Companies",
    summary: "The caller's company",
    specRow: "GET /api/companies/me",
    access: "signedIn",
    description: "With its leave year (the month it starts in) and the rounding of prorated allowances.",
    responses: { 200: { description: "The company", schema: apiCompanyMeSchema, example: exampleCompanyMe } },
  },
  {
    method: "patch",
    path: "/api/companies/me",
    tag: "Companies",
    summary: "Change the company's leave year, rounding rule, unit of new absence types or booking ahead of accrual",
    description:
      "The fields sent change; audited like the settings form. Allowance rows keep their year numbers: a leave year is known by the calendar year it starts in, so after a switch from January to April the allowance of 2026 is that of April 2026 – March 2027.",
    access: "admin",
    body: { schema: apiUpdateCompanySchema, example: { leave_year_start_month: 4, allowance_rounding: "up" } },
    responses: { 200: { description: "The company as saved", schema: apiCompanyMeSchema, example: { ...exampleCompanyMe, leave_year_start_month: 4, allowance_rounding: "up" } } },
  },
  {
    method: "get",
    path: "/api/companies/all",
    tag: "Companies",
    summary: "Every company (the audit's company filter)",
    specRow: "GET /api/companies/all",
    access: "master",
    responses: { 200: { description: "Companies by name", schema: z.array(apiCompanySchema), example: [{ id: EXAMPLE_IDS.company, name: "Demo Company" }] } },
  },
  {
    method: "get",
    path: "/api/reports/vacations",
    tag: "Reports",
    summary: "Everyone's allowances and their use in a year",
    description: `A row per person (people deactivated during the year too). The year defaults to this year; from ${FIRST_REPORT_YEAR} to next year (in the company's time zone; the maximum below is next year's when this server started).`,
    specRow: "GET /api/reports/vacations?year=",
    access: "admin",
    query: [
      [
        {
          name: "year",
          schema: { type: "integer", minimum: FIRST_REPORT_YEAR, maximum: lastReportYear(new Date().getUTCFullYear()) },
          description: "The leave year, as the calendar year it starts in (see GET /api/companies/me); the one holding today (in the company's time zone) when missing",
        },
      ],
    ],
    responses: { 200: { description: "Report rows", schema: z.array(apiReportRowSchema), example: [exampleReportRow] } },
  },
  {
    method: "post",
    path: "/api/reports/allowances/upsert",
    tag: "Reports",
    summary: "Set a person's allowances of a year",
    description:
      "In each balance's unit (GET /api/users/me/allowances-summary's `unit`): whole or half days from 0 to 366, or quarter hours from 0 to 8784 for a balance whose absence types count hours; a number or a string holding one (never null or empty: that would erase an allowance).",
    specRow: "POST /api/reports/allowances/upsert",
    access: "admin",
    body: { schema: apiAllowanceUpsertSchema, example: { userId: EXAMPLE_IDS.user, year: 2027, yearlyAllowance: 22, residualAllowance: 2.5, specialLeaveAllowance: 1 } },
    errors: { 404: "No such person in the caller's company" },
    responses: { 200: { description: "The allowances as saved", schema: apiAllowanceSchema, example: { userId: EXAMPLE_IDS.user, year: 2027, yearlyAllowance: 22, residualAllowance: 2.5, specialLeaveAllowance: 1 } } },
  },
  {
    method: "get",
    path: "/api/audit/search",
    tag: "Audit",
    summary: "Audit entries, a page at a time",
    description: "Newest first, 20 a page. The owner reads their company's entries; master users any company's, or all at once.",
    specRow: "GET /api/audit/search, GET /api/audit/export (blob)",
    access: "auditReaders",
    query: [apiAuditPagingSchema, auditFilters],
    responses: { 200: { description: "A page", schema: apiAuditPageSchema, example: { items: [exampleAuditEntry], total: 1, offset: 0, limit: 20 } } },
    errors: { 404: "No such company" },
  },
  {
    method: "get",
    path: "/api/audit/export",
    tag: "Audit",
    summary: "Audit entries as CSV",
    description: "Every entry under the filters (the newest 100,000), in the caller's language: times in the company's zone, labels translated, details as JSON.",
    specRow: "GET /api/audit/search, GET /api/audit/export (blob)",
    access: "auditReaders",
    query: [auditFilters],
    responses: {
      200: {
        description: "The CSV file",
        contentType: "text/csv",
        headers: { "Content-Disposition": { description: "attachment; filename=…", schema: { type: "string" } } },
      },
    },
    errors: { 404: "No such company" },
  },
];
