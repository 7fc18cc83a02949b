// The /api operations: each path of the API document and the module that serves it (a loader for
// GET and HEAD, an action for the rest, as Remix would call them). One Remix route (routes/api.$.tsx)
// hands every /api request to this table instead of one route per operation: React Router flattens
// and ranks every route on each match, three times per page, so the 55 operations as routes cost
// every page and call of the app (decision 0104).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { pathTemplateMatcher } from "~/lib/path-templates";
import * as absenceCategoriesById from "./absence-categories.$id";
import * as absenceCategories from "./absence-categories";
import * as auditExport from "./audit.export";
import * as auditSearch from "./audit.search";
import * as authLogin from "./auth.login";
import * as authLogout from "./auth.logout";
import * as authRefresh from "./auth.refresh";
import * as authRegisterCompany from "./auth.register-company";
import * as billingCheckout from "./billing.checkout";
import * as billingDeleteAccount from "./billing.delete-account";
import * as billingDetails from "./billing.details";
import * as billingPaymentMethod from "./billing.payment-method";
import * as billingPrivacy from "./billing.privacy";
import * as billingSubscriptions from "./billing.subscriptions";
import * as billingSync from "./billing.sync";
import * as billingWebhook from "./billing.webhook";
import * as companiesAll from "./companies.all";
import * as companiesMe from "./companies.me";
import * as companiesMeWorkSchedules from "./companies.me.work-schedules";
import * as holidaysById from "./holidays.$id";
import * as holidaysList from "./holidays._index";
import * as holidaysImportCsv from "./holidays.import-csv";
import * as invoicesByIdPdf from "./invoices.$id.pdf";
import * as invoicesList from "./invoices._index";
import * as openapiJson from "./openapi[.]json";
import * as publicInterest from "./public-interest";
import * as reportsAllowancesUpsert from "./reports.allowances.upsert";
import * as reportsVacations from "./reports.vacations";
import * as teamsByIdAdmins from "./teams.$id.admins";
import * as teamsByIdMembers from "./teams.$id.members";
import * as teamsById from "./teams.$id";
import * as teamsList from "./teams._index";
import * as usersByIdCertificate from "./users.$id.certificate";
import * as usersByIdExport from "./users.$id.export";
import * as usersById from "./users.$id";
import * as usersByIdWorkSchedules from "./users.$id.work-schedules";
import * as usersList from "./users._index";
import * as usersAcceptInvite from "./users.accept-invite";
import * as usersInvite from "./users.invite";
import * as usersMeAllowancesSummary from "./users.me.allowances-summary";
import * as usersMeDigest from "./users.me.digest";
import * as usersMeLanguage from "./users.me.language";
import * as usersMe from "./users.me";
import * as usersVerifyEmail from "./users.verify-email";
import * as vacationsByIdApprove from "./vacations.$id.approve";
import * as vacationsByIdChangesByChangeIdApprove from "./vacations.$id.changes.$changeId.approve";
import * as vacationsByIdChangesByChangeIdReject from "./vacations.$id.changes.$changeId.reject";
import * as vacationsByIdChangesByChangeIdWithdraw from "./vacations.$id.changes.$changeId.withdraw";
import * as vacationsByIdChanges from "./vacations.$id.changes";
import * as vacationsByIdNotifyAdmin from "./vacations.$id.notify-admin";
import * as vacationsByIdReject from "./vacations.$id.reject";
import * as vacationsById from "./vacations.$id";
import * as vacationsList from "./vacations._index";
import * as vacationsPendingApprovals from "./vacations.pending-approvals";
import * as vacationsSearch from "./vacations.search";

export interface ApiOperationModule {
  loader: (args: LoaderFunctionArgs) => Response | Promise<Response>;
  action: (args: ActionFunctionArgs) => Response | Promise<Response>;
}

/** OpenAPI path → the module serving it; the contract test keeps it and the document in step. */
export const apiRoutes: ReadonlyMap<string, ApiOperationModule> = new Map<string, ApiOperationModule>([
  ["/api/absence-categories/{id}", absenceCategoriesById],
  ["/api/absence-categories", absenceCategories],
  ["/api/audit/export", auditExport],
  ["/api/audit/search", auditSearch],
  ["/api/auth/login", authLogin],
  ["/api/auth/logout", authLogout],
  ["/api/auth/refresh", authRefresh],
  ["/api/auth/register-company", authRegisterCompany],
  ["/api/billing/checkout", billingCheckout],
  ["/api/billing/delete-account", billingDeleteAccount],
  ["/api/billing/details", billingDetails],
  ["/api/billing/payment-method", billingPaymentMethod],
  ["/api/billing/privacy", billingPrivacy],
  ["/api/billing/subscriptions", billingSubscriptions],
  ["/api/billing/sync", billingSync],
  ["/api/billing/webhook", billingWebhook],
  ["/api/companies/all", companiesAll],
  ["/api/companies/me", companiesMe],
  ["/api/companies/me/work-schedules", companiesMeWorkSchedules],
  ["/api/holidays/{id}", holidaysById],
  ["/api/holidays", holidaysList],
  ["/api/holidays/import-csv", holidaysImportCsv],
  ["/api/invoices/{id}/pdf", invoicesByIdPdf],
  ["/api/invoices", invoicesList],
  ["/api/openapi.json", openapiJson],
  ["/api/public-interest", publicInterest],
  ["/api/reports/allowances/upsert", reportsAllowancesUpsert],
  ["/api/reports/vacations", reportsVacations],
  ["/api/teams/{id}/admins", teamsByIdAdmins],
  ["/api/teams/{id}/members", teamsByIdMembers],
  ["/api/teams/{id}", teamsById],
  ["/api/teams", teamsList],
  ["/api/users/{id}/certificate", usersByIdCertificate],
  ["/api/users/{id}/export", usersByIdExport],
  ["/api/users/{id}", usersById],
  ["/api/users/{id}/work-schedules", usersByIdWorkSchedules],
  ["/api/users", usersList],
  ["/api/users/accept-invite", usersAcceptInvite],
  ["/api/users/invite", usersInvite],
  ["/api/users/me/allowances-summary", usersMeAllowancesSummary],
  ["/api/users/me/digest", usersMeDigest],
  ["/api/users/me/language", usersMeLanguage],
  ["/api/users/me", usersMe],
  ["/api/users/verify-email", usersVerifyEmail],
  ["/api/vacations/{id}/approve", vacationsByIdApprove],
  ["/api/vacations/{id}/changes/{changeId}/approve", vacationsByIdChangesByChangeIdApprove],
  ["/api/vacations/{id}/changes/{changeId}/reject", vacationsByIdChangesByChangeIdReject],
  ["/api/vacations/{id}/changes/{changeId}/withdraw", vacationsByIdChangesByChangeIdWithdraw],
  ["/api/vacations/{id}/changes", vacationsByIdChanges],
  ["/api/vacations/{id}/notify-admin", vacationsByIdNotifyAdmin],
  ["/api/vacations/{id}/reject", vacationsByIdReject],
  ["/api/vacations/{id}", vacationsById],
  ["/api/vacations", vacationsList],
  ["/api/vacations/pending-approvals", vacationsPendingApprovals],
  ["/api/vacations/search", vacationsSearch],
]);

/** The module serving an /api path, with the path's parameters; null when no operation has it. */
export const findApiRoute = pathTemplateMatcher(apiRoutes);
