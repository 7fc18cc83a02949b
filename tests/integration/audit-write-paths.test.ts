// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
/// <reference types="vite/client" />
// Every change made through the app writes an audit entry in the same transaction as the change
// (issue 12, docs/decisions/0025-audit.md). Every exported function of app/models/*.server.ts is
// listed here once: WRITES (how to call it, and the entry it must write), EXEMPT (writes that are
// deliberately not entries of their own, with the reason) or READS (writes nothing). A new model
// function that is in none of them fails the test: add one line for it.
//
// The database client of this file records every SQL statement with the transaction it ran in
// (a wrapper around the app's own adapter, SQLite or PostgreSQL), so "in the same transaction" is checked on the
// statements themselves: each row a recipe inserts, updates or deletes must be written in a
// transaction that also inserts an AuditEntry. Mail bookkeeping (the outbox and the approval links
// a mail carries) is written after the change it announces and is exempt.
import type { SqlDriverAdapter, SqlQuery, Transaction } from "@prisma/driver-adapter-utils";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "~/generated/prisma/client";
import { addDays, dayOfWeek, todayIn, yearOf } from "~/lib/dates";
import { createVacationFromForm, runRowAction } from "~/models/vacation-form-actions.server";
import { createAbsenceCategory, deleteAbsenceCategory, setCompanyLeaveUnit, updateAbsenceCategory } from "~/models/absence-category.server";
import { requestPasswordReset, resetPassword, verifyEmail } from "~/models/account.server";
import { setYearAllowances, upsertAllowance } from "~/models/allowance.server";
import { issueTokenPair, refreshTokenPair, revokeRefreshToken } from "~/models/api-token.server";
import { runAutoApproval } from "~/models/auto-approval.server";
import { revertCarryOver, runCarryOver } from "~/models/carry-over.server";
import { registerCompany, sendVerificationEmail, updateCompanySettings, updateLeaveYearSettings } from "~/models/company.server";
import { checkCredentials } from "~/models/credentials.server";
import { seedDemoCompany } from "~/models/demo.server";
import { acceptInvitation, cancelInvitation, inviteUser, provisionPerson } from "~/models/invitation.server";
import { createScimToken, revokeScimToken } from "~/models/scim-token.server";
import { updatePerson } from "~/models/people.server";
import { closeSession, openSession } from "~/models/session.server";
import { dismissSetupChecklist } from "~/models/setup.server";
import {
  addMember,
  addTeamAdmin,
  createTeam as createTeamAsAdmin,
  deleteTeam,
  removeMember,
  removeTeamAdmin,
  renameTeam,
  setSubstituteApprover,
  setTeamAdmins,
  setTeamOf,
} from "~/models/team.server";
import { createUserToken } from "~/models/user-token.server";
import { deactivateUser, setPreferredLanguage, updateUser } from "~/models/user.server";
import { setDigestScope } from "~/models/digest.server";
import { eraseCertificatesOf, uploadCertificate } from "~/models/certificate.server";
import { confirmProviderLink, linkProviderToViewer, unlinkOwnIdentity } from "~/models/identity-link.server";
import { removeSso, resolveSsoSignIn, saveSsoSettings, setSsoRequired, testSsoSignIn } from "~/models/company-sso.server";
import { startTestIdp, type TestIdp } from "../support/oidc-idp";
import { redeemActionLink } from "~/models/vacation-action.server";
import { notifyCancellation, remindReviewers } from "~/models/vacation-notify.server";
import { createFeed, renewFeed, revokeFeed } from "~/models/calendar-feed.server";
import { createApiToken, revokeApiToken } from "~/models/integration-token.server";
import { createWebhookEndpoint, deleteWebhookEndpoint, revealWebhookSecret, updateWebhookEndpoint } from "~/models/webhook.server";
import { connectTeams, disconnectChat, updateChatDailyPost } from "~/models/chat.server";
import { addBillingContact, removeBillingContact, savePaymentMethod, setBillingLanguage, updateBillingDetails } from "~/models/billing.server";
import { requestAccountDeletion } from "~/models/account-deletion.server";
import { createHoliday, deleteHoliday, importHolidayCsv, loadOfficialHolidays } from "~/models/holiday.server";
import { autoApproveVacation, cancelVacation, createVacation as requestVacation, decideVacation } from "~/models/vacation.server";
import { bookClosure, cancelClosure } from "~/models/closure.server";
import { leaveCertificate, personDataExport } from "~/models/exit-export.server";
import { decideVacationChange, proposeVacationChange, withdrawVacationChange } from "~/models/vacation-change.server";
import { createBlackout, deleteBlackout } from "~/models/blackout.server";
import { setTeamCover } from "~/models/cover.server";
import { runLeaveImport } from "~/models/leave-import.server";
import { applyWorkScheduleToPeople, replaceCompanyWorkSchedules, replaceWorkSchedules } from "~/models/work-schedule.server";
import { createDb, setDb } from "~/utils/db.server";
import type { SignedInViewer } from "~/utils/auth.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { hashToken } from "~/utils/tokens.server";
import { createCompany, createTeam, createUser, createVacation, viewerFor } from "../support/factories";

// ---------------------------------------------------------------------------------------------
// The statement recorder.

interface Statement {
  sql: string;
  /** The transaction it ran in, or null outside any. */
  tx: number | null;
  affected: number;
}

let recording: Statement[] | null = null;
let transactions = 0;

function note(query: SqlQuery, tx: number | null, affected: number) {
  recording?.push({ sql: query.sql, tx, affected });
}

function recorded(adapter: SqlDriverAdapter): SqlDriverAdapter {
  return {
    ...adapter,
    queryRaw: async (query) => {
      const result = await adapter.queryRaw(query);
      note(query, null, result.rows.length);
      return result;
    },
    executeRaw: async (query) => {
      const count = await adapter.executeRaw(query);
      note(query, null, count);
      return count;
    },
    async startTransaction(...args: Parameters<SqlDriverAdapter["startTransaction"]>): Promise<Transaction> {
      const tx = await adapter.startTransaction(...args);
      const id = ++transactions;
      // On the transaction itself (a class instance on PostgreSQL), so commit and rollback stay its own.
      return Object.assign(Object.create(tx) as Transaction, {
        queryRaw: async (query: SqlQuery) => {
          const result = await tx.queryRaw(query);
          note(query, id, result.rows.length);
          return result;
        },
        executeRaw: async (query: SqlQuery) => {
          const count = await tx.executeRaw(query);
          note(query, id, count);
          return count;
        },
      });
    },
  };
}

// Prisma names the schema: "main" on SQLite, "public" on PostgreSQL.
const WRITE = /^\s*(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE|DELETE\s+FROM)\s+(?:[`"](?:main|public)[`"]\.)?[`"]?(\w+)[`"]?/i;
/**
 * Written after (and because of) a change already recorded: the outbox and the mail's approval
 * links, the webhook outbox (queued in the change's transaction, its attempts noted after); and the rate-limit counters, which count attempts rather than change anything.
 */
const MAIL_BOOKKEEPING = new Set(["EmailOutbox", "VacationActionToken", "RateLimitWindow", "SignInFailure", "WebhookDelivery", "ChatMessage", "ChatDailyPost"]);

function writesOf(statements: Statement[]) {
  return statements.flatMap((statement) => {
    const table = WRITE.exec(statement.sql)?.[1];
    return table && statement.affected > 0 ? [{ ...statement, table }] : [];
  });
}

// ---------------------------------------------------------------------------------------------
// The people and things the recipes act on.

interface Fixture {
  companyId: string;
  owner: SignedInViewer;
  admin: SignedInViewer;
  employee: SignedInViewer;
  teamId: string;
  /** A Monday next year: a working day whatever today is. */
  monday: string;
  today: string;
  ids: Record<string, string>;
  tokens: Record<string, string>;
}

let f: Fixture;

const pendingRequest = async (startOffsetWeeks: number) =>
  (await createVacation(f.companyId, f.employee.userId, { startDate: addDays(f.monday, 7 * startOffsetWeeks), endDate: addDays(f.monday, 7 * startOffsetWeeks), status: "pending" })).id;

/** An approved two-day absence of the employee, `days` after the fixture's Monday (a Monday: Monday and Tuesday). */
const approvedAbsence = async (days: number) =>
  (await createVacation(f.companyId, f.employee.userId, { startDate: addDays(f.monday, days), endDate: addDays(f.monday, days + 1), status: "approved" })).id;

const unverifiedUser = async () => (await getDbRecorded().user.create({ data: { companyId: f.companyId, email: `new-${Math.random().toString(36).slice(2)}@acme.test`, passwordHash: "x" } })).id;

let client: PrismaClient;
const getDbRecorded = () => client;

interface WriteCase {
  /** Setup the recipe needs (not recorded). */
  prepare?: () => Promise<void>;
  run: () => Promise<unknown>;
  /** The audit actions the call must write (at least these). */
  actions: string[];
}

// ---------------------------------------------------------------------------------------------
// Every exported model function: "<file without .server.ts>:<name>" (a "#variant" suffix tests
// another path of the same function).

/** A week's closure of the whole company, `days` after the fixture's Monday. */
const closureAt = (days: number) => ({ name: "Closed", startDate: addDays(f.monday, days), endDate: addDays(f.monday, days + 4), categoryId: "unpaid_leave", teamIds: null });

let idp: TestIdp | undefined;
const providerProfile = (email: string) => ({ provider: "google" as const, issuer: "https://accounts.google.com", subject: `sub-${email}`, email, emailVerified: true, name: null });

const WRITES: Record<string, WriteCase> = {
  "vacation-form-actions:createVacationFromForm": {
    run: async () => {
      const form = new FormData();
      for (const [name, value] of Object.entries({ startDate: addDays(f.monday, 1), endDate: addDays(f.monday, 1), categoryId: "yearly_allowance", recipientType: "team_admins" })) form.set(name, value);
      return createVacationFromForm(form, f.employee, () => "/vacations");
    },
    actions: ["vacation.created"],
  },
  "vacation-form-actions:runRowAction": {
    prepare: async () => void (f.ids.rowAction = await pendingRequest(2)),
    run: async () => {
      const form = new FormData();
      form.set("intent", "approve");
      form.set("id", f.ids.rowAction);
      return runRowAction(form, f.admin, { today: f.today, intents: ["approve"] });
    },
    actions: ["vacation.approved"],
  },
  "absence-category:createAbsenceCategory": {
    run: async () => (f.ids.category = (await createAbsenceCategory(f.owner, { name: "Formação externa", color: "#123456", balance: "none", requiresApproval: true })).id),
    actions: ["absence_type.created"],
  },
  "absence-category:updateAbsenceCategory": { run: () => updateAbsenceCategory(f.owner, f.ids.category, { name: "Formação interna", color: "#654321" }), actions: ["absence_type.updated"] },
  "absence-category:deleteAbsenceCategory": { run: () => deleteAbsenceCategory(f.owner, f.ids.category), actions: ["absence_type.deleted"] },
  "absence-category:setCompanyLeaveUnit": { run: () => setCompanyLeaveUnit(f.owner, "hour"), actions: ["company.updated"] },
  "account:requestPasswordReset": { run: () => requestPasswordReset(f.employee.user.email), actions: ["auth.password_reset_requested"] },
  "account:resetPassword": {
    prepare: async () => {
      const user = await createUser(f.companyId, { email: "forgetful@acme.test" });
      f.tokens.reset = await client.$transaction((tx) => createUserToken(tx, user.id, "password_reset"));
    },
    run: () => resetPassword(f.tokens.reset, "a-brand-new-password"),
    actions: ["auth.password_reset"],
  },
  "account:verifyEmail": {
    prepare: async () => {
      const id = await unverifiedUser();
      f.tokens.verify = await client.$transaction((tx) => createUserToken(tx, id, "verify_email"));
    },
    run: () => verifyEmail(f.tokens.verify),
    actions: ["auth.email_verified"],
  },
  "allowance:upsertAllowance": {
    run: () => upsertAllowance(f.admin, { userId: f.employee.userId, year: yearOf(f.monday) + 1, yearly: 20, residual: 1, specialLeave: 0.5 }),
    actions: ["allowance.updated"],
  },
  "work-schedule:replaceWorkSchedules": {
    run: () => replaceWorkSchedules(f.admin, f.employee.userId, [{ validFrom: f.monday, cycleWeeks: 1, days: [1, 2, 3, 4].map((weekday) => ({ weekday, hours: 8 })) }]),
    actions: ["work_schedule.updated"],
  },
  "work-schedule:replaceCompanyWorkSchedules": {
    run: () => replaceCompanyWorkSchedules(f.owner, [{ validFrom: f.monday, cycleWeeks: 2, days: [{ weekday: 1, week: 2, hours: 7.5 }] }]),
    actions: ["work_schedule.updated"],
  },
  "work-schedule:applyWorkScheduleToPeople": {
    run: () => applyWorkScheduleToPeople(f.admin, { userIds: [f.employee.userId] }, { validFrom: addDays(f.monday, 364), cycleWeeks: 1, days: [1, 2, 3].map((weekday) => ({ weekday, hours: 6 })) }),
    actions: ["work_schedule.updated"],
  },
  "closure:bookClosure": {
    run: () => bookClosure(f.admin, closureAt(700), { all: { kind: "charge" }, byUser: {} }),
    actions: ["closure.booked"],
  },
  "blackout:createBlackout": {
    run: () => createBlackout(f.admin, { startDate: addDays(f.monday, 900), endDate: addDays(f.monday, 901), reason: "Stocktake", scope: "teams", defaultMode: "block", teamIds: [f.teamId], userIds: [], typeModes: { sick_leave: "none" } }),
    actions: ["blackout.created"],
  },
  "blackout:deleteBlackout": {
    prepare: async () => {
      f.tokens.blackout = (await createBlackout(f.admin, { startDate: addDays(f.monday, 910), endDate: addDays(f.monday, 910), reason: "Audit", scope: "company", defaultMode: "warn", teamIds: [], userIds: [], typeModes: {} })).id;
    },
    run: () => deleteBlackout(f.admin, f.tokens.blackout),
    actions: ["blackout.deleted"],
  },
  "cover:setTeamCover": {
    run: () => setTeamCover(f.admin, f.teamId, { maxAbsent: 5, minPresent: null, mode: "warn", keyMemberIds: [f.employee.userId] }),
    actions: ["team.cover_set"],
  },
  "closure:cancelClosure": {
    prepare: async () => {
      f.tokens.closure = (await bookClosure(f.admin, closureAt(800), { all: { kind: "charge" }, byUser: {} })).closure.id;
    },
    run: () => cancelClosure(f.admin, f.tokens.closure),
    actions: ["closure.cancelled"],
  },
  "allowance:setYearAllowances": { run: () => setYearAllowances(f.owner, { year: yearOf(f.monday) + 2, userIds: "everyone", yearly: 23 }), actions: ["allowance.updated"] },
  "api-token:issueTokenPair": {
    run: async () => (f.tokens.refresh = (await issueTokenPair({ ...f.employee, id: f.employee.userId, tokenVersion: 0 }, { ip: "203.0.113.9" })).refreshToken),
    actions: ["auth.signed_in"],
  },
  "api-token:revokeRefreshToken": { run: () => revokeRefreshToken(f.tokens.refresh), actions: ["auth.signed_out"] },
  // A plain rotation continues a recorded sign-in and writes no entry (one per refresh would bury
  // the audit); a rotated token presented again ends the sign-in, and that is recorded.
  "api-token:refreshTokenPair": {
    prepare: async () => {
      const { refreshToken } = await issueTokenPair({ ...f.employee, id: f.employee.userId, tokenVersion: 0 }, { ip: "203.0.113.9" });
      await refreshTokenPair(refreshToken);
      f.tokens.leaked = refreshToken;
    },
    run: () => refreshTokenPair(f.tokens.leaked).catch(() => null),
    actions: ["auth.sessions_revoked"],
  },
  "auto-approval:runAutoApproval": {
    prepare: async () => {
      const id = await pendingRequest(3);
      await client.vacation.update({ where: { id }, data: { createdAt: new Date(Date.now() - 20 * 86_400_000) } });
    },
    run: () => runAutoApproval(),
    actions: ["vacation.auto_approved"],
  },
  "carry-over:runCarryOver": {
    // Early next year (before carried days expire): this year's unused days move on.
    run: () => runCarryOver(new Date(`${yearOf(f.today) + 1}-01-02T12:00:00Z`)),
    actions: ["carry_over.run", "carry_over.applied"],
  },
  "carry-over:runCarryOver#reminders": {
    run: () => runCarryOver(new Date(`${yearOf(f.today) + 1}-04-20T12:00:00Z`)),
    actions: ["carry_over.reminded"],
  },
  "carry-over:revertCarryOver": {
    prepare: async () => void (f.ids.carry = (await client.carryOver.findFirstOrThrow({ where: { companyId: f.companyId, userId: f.employee.userId } })).id),
    run: () => revertCarryOver(f.owner, f.ids.carry),
    actions: ["carry_over.reverted"],
  },
  "company:registerCompany": {
    run: () => registerCompany({ companyName: "Newco", fullName: "Nina New", email: "nina@newco.test", password: "a-long-password", language: "en" }),
    actions: ["company.registered", "auth.verification_sent"],
  },
  "company:sendVerificationEmail": {
    prepare: async () => void (f.ids.unverified = await unverifiedUser()),
    run: () => sendVerificationEmail(f.ids.unverified),
    actions: ["auth.verification_sent"],
  },
  "company:updateCompanySettings": {
    run: () => updateCompanySettings(f.owner, { name: "Acme Renamed", countryCode: "PT", timeZone: "Europe/Lisbon", defaultYearlyAllowance: 23, carryOverMaxDays: 5, carryOverExpiresOn: "04-30" }),
    actions: ["company.updated"],
  },
  "company:updateLeaveYearSettings": { run: () => updateLeaveYearSettings(f.owner, { leaveYearStartMonth: 4, allowanceRounding: "up" }), actions: ["company.updated"] },
  "credentials:checkCredentials": {
    run: () => checkCredentials(f.employee.user.email, "not-the-password", "198.51.100.7").catch(() => null),
    actions: ["auth.sign_in_failed"],
  },
  "demo:seedDemoCompany": { run: () => seedDemoCompany(client, f.today), actions: ["company.demo_created"] },
  "invitation:inviteUser": {
    run: async () => (f.ids.invitation = (await inviteUser(f.owner, { email: "invitee@acme.test", fullName: "Ivo Invitee", role: "user" }, "pt")).id),
    actions: ["user.invited"],
  },
  "invitation:cancelInvitation": { run: () => cancelInvitation(f.owner, f.ids.invitation), actions: ["user.invitation_cancelled"] },
  "invitation:acceptInvitation": {
    prepare: async () => {
      f.tokens.invite = "known-invitation-token";
      await client.invitation.create({
        data: { companyId: f.companyId, email: "joiner@acme.test", fullName: "Joana Joiner", role: "user", tokenHash: hashToken(f.tokens.invite), invitedById: f.owner.userId, expiresAt: new Date(Date.now() + 86_400_000) },
      });
    },
    run: () => acceptInvitation(f.tokens.invite, { password: "a-long-password", language: "pt" }),
    actions: ["user.invitation_accepted"],
  },
  "people:updatePerson": { run: () => updatePerson(f.owner, f.ids.colleague, { fullName: "Carla Colleague", teamId: null }), actions: ["user.updated", "user.team_changed"] },
  "session:openSession": { run: async () => (f.ids.session = await openSession({ id: f.employee.userId, companyId: f.companyId }, { ip: "192.0.2.1", userAgent: "test" })), actions: ["auth.signed_in"] },
  "session:closeSession": { run: () => closeSession(f.ids.session), actions: ["auth.signed_out"] },
  "setup:dismissSetupChecklist": { run: () => dismissSetupChecklist(f.owner), actions: ["company.setup_dismissed"] },
  "team:createTeam": { run: async () => (f.ids.team = (await createTeamAsAdmin(f.owner, "Gamma")).id), actions: ["team.created"] },
  "team:renameTeam": { run: () => renameTeam(f.owner, f.ids.team, "Gamma Rays"), actions: ["team.renamed"] },
  "team:setTeamOf": { run: () => setTeamOf(f.owner, f.ids.colleague, f.ids.team), actions: ["user.team_changed"] },
  "team:removeMember": { run: () => removeMember(f.owner, f.ids.team, f.ids.colleague), actions: ["user.team_changed"] },
  "team:addMember": { run: () => addMember(f.owner, f.ids.team, f.ids.colleague), actions: ["user.team_changed"] },
  "team:setTeamAdmins": { run: () => setTeamAdmins(f.owner, f.ids.team, [f.ids.colleague]), actions: ["team.admins_changed", "user.updated"] },
  "team:removeTeamAdmin": { run: () => removeTeamAdmin(f.owner, f.ids.team, f.ids.colleague), actions: ["team.admins_changed"] },
  "team:addTeamAdmin": { run: () => addTeamAdmin(f.owner, f.ids.team, f.ids.colleague), actions: ["team.admins_changed"] },
  "team:setSubstituteApprover": { run: () => setSubstituteApprover(f.owner, f.ids.team, f.admin.userId), actions: ["team.substitute_changed"] },
  "team:deleteTeam": {
    prepare: async () => {
      await setTeamOf(f.owner, f.ids.colleague, null);
    },
    run: () => deleteTeam(f.owner, f.ids.team),
    actions: ["team.deleted"],
  },
  "user:updateUser": { run: () => updateUser(f.owner, f.ids.colleague, { fullName: "Carla C." }), actions: ["user.updated"] },
  "user:setPreferredLanguage": { run: () => setPreferredLanguage(f.employee, "es"), actions: ["user.updated"] },
  "digest:setDigestScope": { run: () => setDigestScope(f.employee, "team"), actions: ["user.updated"] },
  "certificate:uploadCertificate": {
    prepare: async () => {
      f.ids.sickness = (await client.vacation.create({ data: { companyId: f.companyId, userId: f.employee.userId, categoryId: "sick_leave", startDate: f.monday, endDate: addDays(f.monday, 4), status: "approved" } })).id;
    },
    run: () => uploadCertificate(f.employee, f.ids.sickness, { name: "note.pdf", bytes: new TextEncoder().encode("%PDF-1.4\n%%EOF\n") }),
    actions: ["certificate.uploaded"],
  },
  "certificate:eraseCertificatesOf": { run: () => eraseCertificatesOf(f.owner, f.employee.userId), actions: ["certificate.files_deleted"] },
  "identity-link:confirmProviderLink": {
    prepare: async () => {
      f.tokens.linkEmail = `linked-${Math.random().toString(36).slice(2)}@acme.test`;
      await client.user.create({ data: { companyId: f.companyId, email: f.tokens.linkEmail, passwordHash: "x", emailVerifiedAt: new Date() } });
    },
    run: () => confirmProviderLink(providerProfile(f.tokens.linkEmail)),
    actions: ["user.identity_linked"],
  },
  "identity-link:linkProviderToViewer": { run: () => linkProviderToViewer(f.employee, providerProfile("employee-at-google@acme.test")), actions: ["user.identity_linked"] },
  "identity-link:unlinkOwnIdentity": {
    prepare: async () => {
      f.tokens.identity = (await client.userIdentity.create({ data: { userId: f.employee.userId, provider: "google", issuer: "https://accounts.google.com", subject: "to-unlink", email: "x@acme.test" } })).id;
    },
    run: () => unlinkOwnIdentity(f.employee, f.tokens.identity),
    actions: ["user.identity_unlinked"],
  },
  "company-sso:saveSsoSettings": {
    prepare: async () => {
      idp ??= await startTestIdp({ clients: [{ clientId: "audit", clientSecret: "audit-secret", redirectUris: ["http://app.test/auth/sso/callback"] }] });
    },
    run: () => saveSsoSettings(f.owner, { issuer: idp!.issuer, clientId: "audit", clientSecret: "audit-secret", domains: "acme.test" }),
    actions: ["company.sso_updated"],
  },
  "company-sso:resolveSsoSignIn": {
    prepare: async () => {
      f.tokens.ssoEmail = `sso-${Math.random().toString(36).slice(2)}@acme.test`;
      await client.user.create({ data: { companyId: f.companyId, email: f.tokens.ssoEmail, passwordHash: "x", emailVerifiedAt: new Date() } });
    },
    run: () => resolveSsoSignIn(f.companyId, { ...providerProfile(f.tokens.ssoEmail), provider: "sso", issuer: idp!.issuer }),
    actions: ["user.identity_linked", "company.sso_verified"],
  },
  // After resolveSsoSignIn: the IdP is verified already, so only the test's link is new.
  "company-sso:testSsoSignIn": {
    prepare: async () => {
      f.tokens.ssoTestEmail = `sso-test-${Math.random().toString(36).slice(2)}@acme.test`;
      await client.user.create({ data: { companyId: f.companyId, email: f.tokens.ssoTestEmail, passwordHash: "x", emailVerifiedAt: new Date() } });
    },
    run: () => testSsoSignIn(f.owner, f.companyId, { ...providerProfile(f.tokens.ssoTestEmail), provider: "sso", issuer: idp!.issuer }),
    actions: ["user.identity_linked"],
  },
  "company-sso:setSsoRequired": { run: () => setSsoRequired(f.owner, true), actions: ["company.sso_required"] },
  "company-sso:removeSso": { run: () => removeSso(f.owner), actions: ["company.sso_removed"] },
  "user:deactivateUser": { run: () => deactivateUser(f.owner, f.ids.colleague), actions: ["user.deactivated"] },
  "vacation-action:redeemActionLink": {
    prepare: async () => {
      const vacationId = await pendingRequest(4);
      f.tokens.link = "known-approval-link";
      await client.vacationActionToken.create({
        data: { companyId: f.companyId, vacationId, adminId: f.admin.userId, action: "approve", tokenHash: hashToken(f.tokens.link), expiresAt: new Date(Date.now() + 86_400_000) },
      });
    },
    run: () => redeemActionLink(f.tokens.link),
    actions: ["vacation.approved"],
  },
  "vacation-notify:remindReviewers": {
    prepare: async () => void (f.ids.remind = await pendingRequest(5)),
    run: () => remindReviewers(f.employee, f.ids.remind),
    actions: ["vacation.reviewers_reminded"],
  },
  "vacation:createVacation": {
    run: async () => (f.ids.created = (await requestVacation(f.employee, { startDate: addDays(f.monday, 42), endDate: addDays(f.monday, 43), description: "", categoryId: "yearly_allowance", halfDayStart: false, halfDayEnd: false, recipientType: "team_admins" })).vacation.id),
    actions: ["vacation.created"],
  },
  "vacation:decideVacation": { run: () => decideVacation(f.admin, f.ids.created, "rejected"), actions: ["vacation.rejected"] },
  "vacation:autoApproveVacation": {
    prepare: async () => void (f.ids.auto = await pendingRequest(7)),
    run: () => autoApproveVacation(f.companyId, f.ids.auto, new Date()),
    actions: ["vacation.auto_approved"],
  },
  "vacation-notify:notifyCancellation": {
    prepare: async () => {
      f.ids.cancelledToTell = await pendingRequest(9);
      await cancelVacation(f.employee, f.ids.cancelledToTell, f.today);
    },
    run: () => notifyCancellation(f.employee, f.ids.cancelledToTell),
    actions: ["vacation.cancellation_notified"],
  },
  "calendar-feed:createFeed": { run: async () => void (f.ids.feed = (await createFeed(f.employee, { scope: "company", teamId: null })).feed.id), actions: ["calendar_feed.created"] },
  "calendar-feed:renewFeed": { run: () => renewFeed(f.employee, f.ids.feed), actions: ["calendar_feed.renewed"] },
  "calendar-feed:revokeFeed": { run: () => revokeFeed(f.employee, f.ids.feed), actions: ["calendar_feed.revoked"] },
  "integration-token:createApiToken": { run: async () => void (f.ids.apiToken = (await createApiToken(f.owner, { name: "Payroll", role: "admin" })).token.id), actions: ["api_token.created"] },
  "integration-token:revokeApiToken": { run: () => revokeApiToken(f.admin, f.ids.apiToken), actions: ["api_token.revoked"] },
  "scim-token:createScimToken": { run: async () => void (f.ids.scimToken = (await createScimToken(f.admin, { name: "Entra ID" })).token.id), actions: ["scim_token.created"] },
  "scim-token:revokeScimToken": { run: () => revokeScimToken(f.owner, f.ids.scimToken), actions: ["scim_token.revoked"] },
  "invitation:provisionPerson": { run: () => provisionPerson(f.admin, { email: "provisioned@acme.test", fullName: "Pia Provisioned" }), actions: ["user.provisioned"] },
  // Port 9 of this machine refuses at once: the deliveries these recipes' later changes queue fail fast.
  "webhook:createWebhookEndpoint": {
    run: async () => void (f.ids.webhook = (await createWebhookEndpoint(f.admin, { url: "http://localhost:9/hook", events: ["absence.requested"] })).endpoint.id),
    actions: ["webhook.created"],
  },
  "webhook:updateWebhookEndpoint": {
    run: () => updateWebhookEndpoint(f.admin, f.ids.webhook, { url: "http://localhost:9/hook2", events: ["person.left"], enabled: false }),
    actions: ["webhook.updated"],
  },
  "webhook:revealWebhookSecret": { run: () => revealWebhookSecret(f.owner, f.ids.webhook), actions: ["webhook.secret_revealed"] },
  "webhook:deleteWebhookEndpoint": { run: () => deleteWebhookEndpoint(f.owner, f.ids.webhook), actions: ["webhook.deleted"] },
  "chat:connectTeams": { run: () => connectTeams(f.admin, "http://localhost:9/teams"), actions: ["chat.teams_connected"] },
  "chat:updateChatDailyPost": { run: () => updateChatDailyPost(f.admin, { slackChannel: "", postTime: "08:15" }), actions: ["chat.updated"] },
  "chat:disconnectChat": { run: () => disconnectChat(f.owner, "teams"), actions: ["chat.teams_disconnected"] },
  "holiday:createHoliday": {
    run: async () => void (f.ids.holiday = (await createHoliday(f.owner, { date: `${yearOf(f.monday) + 1}-06-13`, name: "Santo António", countryCode: "PT", region: "", isRecurring: false })).id),
    actions: ["holiday.created"],
  },
  "leave-import:runLeaveImport": {
    run: async () => {
      const year = yearOf(f.monday) + 3;
      await runLeaveImport(f.admin, "balances", `email;year;allowance;carried_over;already_taken\ncolleague@acme.test;${year};22;2;4\n`);
      await runLeaveImport(f.admin, "absences", `email;type;start;end;half_day_start;half_day_end;status\ncolleague@acme.test;yearly_allowance;${year}-02-02;${year}-02-03;no;no;approved\n`);
    },
    actions: ["leave_import.balances", "leave_import.absences"],
  },
  "exit-export:leaveCertificate": { run: () => leaveCertificate(f.admin, f.ids.colleague), actions: ["user.certificate_exported"] },
  "exit-export:personDataExport": { run: () => personDataExport(f.employee, f.employee.userId), actions: ["user.data_exported"] },
  "holiday:deleteHoliday": { run: () => deleteHoliday(f.owner, f.ids.holiday), actions: ["holiday.deleted"] },
  "holiday:importHolidayCsv": {
    run: () => importHolidayCsv(f.owner, `date,name,country_code,is_recurring\n${yearOf(f.monday) + 1}-06-24,São João,PT,false\n`, { dryRun: false }),
    actions: ["holiday.imported"],
  },
  "holiday:loadOfficialHolidays": { run: () => loadOfficialHolidays(f.owner, { countryCode: "ES", region: null, year: yearOf(f.monday) + 1 }), actions: ["holiday.catalogue_loaded"] },
  "billing:updateBillingDetails": {
    run: () => updateBillingDetails(f.owner, { companyName: "Acme Lda", primaryContactId: f.owner.userId, companyAddress: "Rua A, 1", phone: "+351 210 000 000", currency: "EUR", invoiceEmail: "billing@acme.test" }),
    actions: ["billing.details_updated"],
  },
  "billing:setBillingLanguage": { run: () => setBillingLanguage(f.owner, "en"), actions: ["billing.language_updated"] },
  "billing:addBillingContact": { run: async () => void (f.ids.contact = (await addBillingContact(f.owner, { name: "Carla Contas", email: "contas@acme.test" })).id), actions: ["billing.contact_added"] },
  "billing:removeBillingContact": { run: () => removeBillingContact(f.owner, f.ids.contact), actions: ["billing.contact_removed"] },
  "billing:savePaymentMethod": { run: () => savePaymentMethod(f.owner, { brand: "VISA", last4: "4242", expMonth: 12, expYear: yearOf(f.monday) + 2 }), actions: ["billing.payment_method_saved"] },
  // Last of all: the company asks to be deleted (its data stays; the subscription ends at the month's end).
  "account-deletion:requestAccountDeletion": { run: () => requestAccountDeletion(f.owner), actions: ["account.deletion_requested"] },
  "vacation-change:proposeVacationChange": {
    prepare: async () => void (f.ids.toChange = await approvedAbsence(100)),
    run: () => proposeVacationChange(f.employee, f.ids.toChange, { startDate: addDays(f.monday, 100), endDate: addDays(f.monday, 100), halfDayStart: false, halfDayEnd: false }),
    actions: ["vacation.change_requested"],
  },
  "vacation-change:proposeVacationChange#direct": {
    prepare: async () => void (f.ids.changedByAdmin = await approvedAbsence(107)),
    run: () => proposeVacationChange(f.admin, f.ids.changedByAdmin, { startDate: addDays(f.monday, 107), endDate: addDays(f.monday, 107), halfDayStart: false, halfDayEnd: false }),
    actions: ["vacation.changed"],
  },
  "vacation-change:decideVacationChange": {
    prepare: async () => {
      f.ids.changeDecided = await approvedAbsence(114);
      f.ids.changeToDecide = (await proposeVacationChange(f.employee, f.ids.changeDecided, { startDate: addDays(f.monday, 114), endDate: addDays(f.monday, 114), halfDayStart: false, halfDayEnd: false })).id;
    },
    run: () => decideVacationChange(f.admin, f.ids.changeDecided, f.ids.changeToDecide, "approved"),
    actions: ["vacation.changed"],
  },
  "vacation-change:withdrawVacationChange": {
    prepare: async () => {
      f.ids.changeWithdrawn = await approvedAbsence(121);
      f.ids.changeToWithdraw = (await proposeVacationChange(f.employee, f.ids.changeWithdrawn, { startDate: addDays(f.monday, 121), endDate: addDays(f.monday, 121), halfDayStart: false, halfDayEnd: false })).id;
    },
    run: () => withdrawVacationChange(f.employee, f.ids.changeWithdrawn, f.ids.changeToWithdraw),
    actions: ["vacation.change_withdrawn"],
  },
  "vacation:cancelVacation": { prepare: async () => void (f.ids.cancel = await pendingRequest(8)), run: () => cancelVacation(f.employee, f.ids.cancel, f.today), actions: ["vacation.cancelled"] },
};

/** Functions that write but are not an entry of their own, and why. */
const EXEMPT: Record<string, string> = {
  "cover:checkTeamCover": "takes its caller's transaction (createVacation, a decision), whose entry tells the request; it only bumps the team's lock counter",
  "cover:assertCoverOnApprove": "runs in the decision's transaction, whose entry it precedes; it only bumps the team's lock counter (checkTeamCover)",
  "auto-approval:scheduleAutoApproval": "a timer: each tick is runAutoApproval, listed above",
  "carry-over:scheduleCarryOver": "a timer: each tick is runCarryOver, listed above",
  "user-token:createUserToken": "takes its caller's transaction, whose entry says why the link was made (requestPasswordReset, sendVerificationEmail)",
  "user-token:consumeUserToken": "takes its caller's transaction, whose entry records what the link did (verifyEmail, resetPassword)",
  "vacation-notify:notifyNewRequest": "mail only, sent after the request it announces was created and recorded",
  "vacation-notify:notifyDecision": "mail only, sent after the decision it announces was recorded",
  "vacation-notify:notifyDecisions": "mail only, sent after the decisions it announces were recorded",
  "calendar-feed:renderFeed": "a calendar app's fetch: it only notes when the feed was last read (at most once a minute), which the owner sees on the feeds page",
  "seats:syncSeats": "follows a person joining or leaving, whose own entry records it (user.invitation_accepted, user.deactivated); the seat count is Stripe's copy of that fact",
  "stripe-records:applyStripeSubscription": "takes its caller's transaction (a Stripe event or a sync), which keeps the event's id and type (StripeEvent)",
  "stripe-records:recordStripeInvoice": "takes its caller's transaction (a Stripe event or a checkout return), which keeps the event's id and type (StripeEvent)",
  "stripe-webhook:handleStripeEvent": "Stripe's word, not a person's: every processed event is kept with its id and type (StripeEvent), which is also what makes a replay change nothing",
  "subscription:startCheckout": "opens a checkout at Stripe and notes the customer id; what the company then pays for arrives as Stripe's events (handleStripeEvent)",
  "subscription:syncSubscription": "copies Stripe's state of the subscription (the events that changed it are kept as StripeEvent)",
  "subscription:syncCheckoutReturn": "copies Stripe's state after a checkout (the events that changed it are kept as StripeEvent)",
  "invoice:invoicePdfUrl": "keeps the PDF address Stripe gave for an invoice, a cache of Stripe's own record",
  "trial-banner:trialBannerFor": "reads the banner; at a checkout's return it calls syncCheckoutReturn (above) to copy Stripe's state",
  "public-interest:registerInterest": "a visitor of the public site, of no company: audit entries belong to a company",
  "integration-token:touchLastUsed": "notes when a token was last used (at most once a minute), for its authenticate function (API or SCIM)",
  "scim-token:authenticateScimToken": "a directory's SCIM request: it only notes when the token was last used (touchLastUsed), which admins see on the Provisioning tab",
  "vacation-notify:notifyWithdrawnRequests": "mail only, sent after deactivateUser recorded the person's withdrawn requests (user.deactivated, cancelled_requests)",
  "integration-token:authenticateApiToken": "a program's request with a token: it only notes when the token was last used (at most once a minute), which admins see on the API tokens tab",
  "idempotency:claimIdempotencyKey": "keeps a request's fingerprint beside the write it guards (and sweeps expired keys); the write records itself (vacation.created)",
  "idempotency:finishIdempotencyKey": "keeps the answer of a write already recorded, for retries to replay",
  "idempotency:releaseIdempotencyKey": "frees the key of a request that failed and wrote nothing",
  "holiday:addHolidays": "takes its caller's transaction, whose entry says why the holidays were added (registerCompany, updateCompanySettings)",
  "vacation-notify:notifyAdmin": "the API's notify-admin: calls remindReviewers or notifyCancellation (listed above), whose entries it writes",
  "webhook:enqueueWebhookEvent": "takes its caller's transaction, whose entry records the change the event tells of",
  "webhook:enqueueWebhookEvents": "takes its caller's transaction, whose entry records the change the events tell of",
  "webhook:kickWebhooks": "starts the webhook worker (deliverPendingWebhooks) after a change already recorded",
  "webhook:sendTestEvent": "a test delivery to the admin's own endpoint, changing nothing of the company's: it is kept in the endpoint's delivery log",
  "webhook-delivery:deliverDueWebhooks": "sends what changes queued (already recorded) and notes each attempt in the delivery log; switching a failing endpoint off writes its own entry (webhook.disabled, by nobody)",
  "webhook-delivery:deliverPendingWebhooks": "runs deliverDueWebhooks (above) until nothing is due",
  "webhook-delivery:scheduleWebhookDeliveries": "a timer: each tick is deliverPendingWebhooks, above",
  "digest:runDigests": "mail bookkeeping: the claim row (DigestSend) that lets one process send a person's daily digest, then the e-mail; no one's data changes",
  "digest:scheduleDigests": "a timer: each tick is runDigests, above",
  "retention:pruneFinishedRecords": "housekeeping: deletes delivery log lines, sent e-mails and digest claims past their keeping period (decision 0096); no one's data changes",
  "retention:scheduleRetention": "a timer: each tick is pruneFinishedRecords, above",
  "chat:completeSlackInstall": "writes chat.slack_connected in the transaction that stores the workspace, but needs Slack's answer to the code: slack-teams.test.ts checks the entry against the fake Slack",
  "chat:handleSlackInteraction": "a Slack click decides through decideVacation (listed above), whose entry it writes (vacation.approved / vacation.rejected)",
  "chat-delivery:enqueueChatNotifications": "takes its caller's transaction (a new request), whose entry records the change the messages tell of",
  "chat-delivery:kickChat": "starts the chat worker (deliverPendingChat) after a change already recorded",
  "chat-delivery:deliverDueChatMessages": "sends what new requests queued (already recorded) and notes each attempt on the message",
  "chat-delivery:deliverPendingChat": "runs deliverDueChatMessages (above) until nothing is due",
  "chat-delivery:runChatDailyPosts": "post bookkeeping: the claim row (ChatDailyPost) that lets one process post a chat's day; no one's data changes",
  "chat-delivery:scheduleChat": "a timer: each tick is deliverPendingChat and runChatDailyPosts, above",
  "certificate:runCertificateReminders": "mail bookkeeping: the claim row (CertificateReminder) that lets one process remind a person of an overdue certificate once, then the e-mail; no one's data changes",
  "certificate:scheduleCertificateReminders": "a timer: each tick is runCertificateReminders, above",
  "certificate-upload:uploadCertificateFromForm": "the page's form post: counts the attempt (rate limit) and calls uploadCertificate, listed above",
  "vacation-change-form:runChangeAction": "a form's handler: calls proposeVacationChange, decideVacationChange or withdrawVacationChange (listed above), whose entries they write",
};

/** Functions that write nothing (checked against their source below). */
const READS = new Set([
  "vacation-change:changeRights",
  "vacation-change-form:readChangeOutcome",
  "vacation-change-form:isChangeIntent",
  "vacation-change:getChangePage",
  "vacation-change:listPendingChanges",
  "vacation-change:serializeVacationChange",
  "vacation:requesterContext",
  "vacation:requestedWorkingDays",
  "vacation:requestedHours",
  "vacation:hourFieldsOf",
  "vacation:ruleRefusal",
  "blackout:parseTypeModes",
  "blackout:modeForType",
  "blackout:applicableBlackouts",
  "blackout:lockedRanges",
  "blackout:listBlackouts",
  "cover:teamCoverSettings",
  "cover:coverRefusal",
  "cover:findCover",
  "cover:liveCoverOf",
  "identity-link:assertSsoAllows",
  "identity-link:resolveProviderSignIn",
  "identity-link:listOwnIdentities",
  "identity-link:assertInvitedEmail",
  "identity-link:assertNewAccount",
  "company-sso:getSsoSettings",
  "company-sso:ssoForEmail",
  "company-sso:ssoSettingsOf",
  "company-sso:ownSsoSettings",
  "company-sso:parseDomains",
  "company-sso:domainOf",
  "digest:getDigestScope",
  "chat:getChatSettings",
  "chat:slackInstallUrl",
  "chat-delivery:chatRequestOf",
  "chat-delivery:settleChat",
  "webhook-delivery:postJson",
  "vacation-notify:loadRequest",
  "certificate:certificateOverview",
  "certificate:readCertificate",
  "certificate:overdueCertificates",
  "certificate:certificateStatesOf",
  "certificate:certificateFilesOf",
  "certificate:tooLarge",
  "webhook:listWebhookEndpoints",
  "webhook:getWebhookEndpoint",
  "webhook:listWebhookDeliveries",
  "webhook-delivery:settleWebhooks",
  "allowance:serializeAllowance",
  "closure:previewClosure",
  "leave-import:previewLeaveImport",
  "closure:listClosures",
  "closure:getClosure",
  "vacation-form-actions:readCreatedFlag",
  "absence-category:listAbsenceCategories",
  "absence-category:readCategoryListing",
  "absence-category:getAbsenceCategory",
  "absence-category:absenceCategoryUsage",
  "absence-category:serializeAbsenceCategory",
  "absence-category:slugOf",
  "absence-category:getCompanyLeaveUnit",
  "allowance:effectiveAllowance",
  "allowance:allowanceUnits",
  "work-schedule:canonicalSchedule",
  "work-schedule:serializeWorkSchedule",
  "work-schedule:workSchedulesFromApi",
  "work-schedule:listWorkSchedules",
  "work-schedule:listCompanyWorkSchedules",
  "work-schedule:loadScheduleTimelines",
  "charged-schedules:chargedSchedulesText",
  "charged-schedules:parseChargedSchedules",
  "charged-schedules:readChargedSchedules",
  "charged-schedules:readChargedSchedulesOf",
  "charged-schedules:storedChargesOf",
  "charged-schedules:chargedSources",
  "charged-schedules:chargeChangeOf",
  "work-schedule:scheduleFields",
  "work-schedule:withSchedule",
  "work-schedule:scheduleListsOf",
  "work-schedule:scheduleOverview",
  "work-schedule:myScheduleSummary",
  "user:assertEmploymentDates",
  "work-schedule:loadCompanyScheduleTimelines",
  "approval:loadReviewRouting",
  "approval:withReviewRouting",
  "approval:reviewersOf",
  "approval:pendingDecisionsWhere",
  "approval:countPendingApprovals",
  "approval:pendingApprovalsTag",
  "approval:listPendingApprovals",
  "approval:pagePendingApprovals",
  "approval:pendingChangesWhere",
  "approval:countPendingChanges",
  "approval:countAwaitingDecision",
  "audit:auditCompanies",
  "audit:auditCsv",
  "audit:auditPeople",
  "audit:searchAudit",
  "audit:serializeAuditEntry",
  "audit:nameAuditEntries",
  "auto-approval:autoApprovalDate",
  "balance-explanation:explainBalance",
  "balance:loadHolidayCalendars",
  "balance:loadBalanceInputs",
  "balance:companyRefOf",
  "balance:currentLeaveYear",
  "balance:leaveYearSpan",
  "balance:balanceShortfallError",
  "calendar:listCategories",
  "calendar:getPersonalYear",
  "calendar:describeVacations",
  "calendar-feed-ics:renderIcs",
  "calendar-feed-ics:feedEtag",
  "calendar-feed:listOwnFeeds",
  "calendar-feed:listFeedTeams",
  "calendar-feed:checkFeedTarget",
  "calendar-feed:getOwnFeed",
  "company-calendar:weekAround",
  "company-calendar:getCompanyMonth",
  "holiday-catalogue:listRegions",
  "holiday-catalogue:officialHolidays",
  "holiday:serializeHoliday",
  "holiday:listHolidays",
  "holiday:getHoliday",
  "holiday:companyCountry",
  "holiday:previewOfficialHolidays",
  "person-overview:getPersonOverview",
  "account-deletion:startOfDayIn",
  "account-deletion:endOfMonthIn",
  "account-deletion:getAccountStatus",
  "billing:getBillingDetails",
  "billing:listBillingContactCandidates",
  "billing:listBillingContacts",
  "billing:getPaymentMethod",
  "billing:privacyUrl",
  "company-access:assertCompanyWritable",
  "invoice-pdf:renderInvoicePdf",
  "leave-certificate-pdf:renderLeaveCertificatePdf",
  "invoice:listInvoices",
  "invoice:serializeInvoice",
  "invoice:localPdfPath",
  "invoice:renderOwnInvoicePdf",
  "seats:countActivePeople",
  "stripe-records:subscriptionFields",
  "stripe-records:invoiceStatusOf",
  "stripe-records:invoiceSubscriptionId",
  "stripe-webhook:verifyWebhook",
  "subscription:firstSubscriptionOf",
  "subscription:serializeSubscription",
  "subscription:listSubscriptions",
  "subscription:loadTrialBanner",
  "billing:billingOffNotice",
  "subscription:loadSubscriptionSummary",
  "trial-banner:hideTrialBannerCookie",
  "company:resolveCountryAndZone",
  "company:getCompanySettings",
  "company:getCompany",
  "company:listAllCompanies",
  "demo:hasAnyCompany",
  "holiday-catalogue:nationalHolidays",
  "holiday-catalogue:listCountries",
  "holiday-catalogue:isKnownCountry",
  "holiday-catalogue:holidaysInLanguage",
  "holiday-catalogue:mainTimeZone",
  "holiday-catalogue:listTimeZones",
  "holiday-catalogue:isKnownTimeZone",
  "integration-token:listApiTokens",
  "integration-token:getApiToken",
  "integration-token:isApiTokenSecret",
  "scim-token:listScimTokens",
  "scim-token:getScimToken",
  "scim-token:canManageScimTokens",
  "invitation:listPendingInvitations",
  "invitation:describeInvitation",
  "invitation:serializeInvitation",
  "people:listPeople",
  "people:getPerson",
  "report:vacationReport",
  "report:vacationReportCsv",
  "report:allowanceReport",
  "report:allowanceReportCsv",
  "report:allowanceReportCsvParts",
  "report:vacationReportCsvParts",
  "report:ownBalances",
  "report:serializeReportRow",
  "report:sortReportRows",
  "report:yearReport",
  "setup:getSetupChecklist",
  "setup:setupChecklistSelect",
  "team:listTeams",
  "team:listTeamsWithPeople",
  "team:getTeam",
  "team:serializeTeam",
  "team:listTeamCandidates",
  "user-token:peekUserToken",
  "user:serializeUser",
  "user:listUsers",
  "user:getUser",
  "vacation-action:describeActionLink",
  "vacation-notify:assertOutsideRecipientsAllowed",
  "work-place:checkWorkPlace",
  "vacation:serializeVacation",
  "vacation:categoryUnits",
  "vacation:parseRuleWarnings",
  "vacation:ownRuleWarnings",
  "vacation:ruleWarningsOf",
  "vacation:getVacation",
  "vacation:searchVacations",
  "vacation-list:vacationFilterWhere",
  "vacation-list:readVacations",
  "vacation-list:overlapping",
  "vacation-list:countVacations",
  "balance:readBalancePeople",
  "balance:readYearPeople",
  "balance:balancePeopleWhere",
]);

// ---------------------------------------------------------------------------------------------

const models = import.meta.glob<Record<string, unknown>>("/app/models/*.server.ts", { eager: true });
const exportedFunctions = Object.entries(models).flatMap(([file, module]) => {
  const area = path.basename(file, ".server.ts");
  return Object.entries(module)
    .filter(([, value]) => typeof value === "function")
    .map(([name, fn]) => ({ key: `${area}:${name}`, fn: fn as (...args: unknown[]) => unknown }));
});
const baseKey = (key: string) => key.split("#")[0];

beforeAll(async () => {
  await resetRateLimits();
  client = createDb(process.env.DATABASE_URL!, { wrapAdapter: recorded });
  setDb(client);
  const company = await createCompany("Acme");
  const team = await createTeam(company.id, "Alpha");
  const owner = await createUser(company.id, { role: "owner", email: "owner@acme.test", fullName: "Olga Owner", teamId: team.id });
  const admin = await createUser(company.id, { role: "admin", email: "admin@acme.test", fullName: "Adam Admin", teamId: team.id });
  const employee = await createUser(company.id, { email: "employee@acme.test", fullName: "Emma Employee", teamId: team.id });
  const colleague = await createUser(company.id, { email: "colleague@acme.test", fullName: "Carla", teamId: team.id });
  await client.teamAdmin.create({ data: { teamId: team.id, userId: admin.id } });
  const today = todayIn("Europe/Lisbon");
  const year = yearOf(today);
  await client.allowance.createMany({ data: [owner, admin, employee, colleague].map((user) => ({ companyId: company.id, userId: user.id, year, yearly: 22 })) });
  let monday = `${year + 1}-01-12`;
  while (dayOfWeek(monday) !== 1) monday = addDays(monday, 1);
  f = {
    companyId: company.id,
    owner: await viewerFor(owner),
    admin: await viewerFor(admin),
    employee: await viewerFor(employee),
    teamId: team.id,
    monday,
    today,
    ids: { colleague: colleague.id },
    tokens: {},
  };
});

afterAll(async () => {
  await idp?.close();
  await client.$disconnect();
});

describe("the list of model functions", () => {
  it("names every exported function of app/models once: a write with its recipe, an exemption with its reason, or a read", () => {
    const listed = new Map<string, string>();
    for (const key of Object.keys(WRITES)) listed.set(baseKey(key), "WRITES");
    for (const key of Object.keys(EXEMPT)) {
      expect(listed.has(key), `${key} is listed twice`).toBe(false);
      listed.set(key, "EXEMPT");
    }
    for (const key of READS) {
      expect(listed.has(key), `${key} is listed twice`).toBe(false);
      listed.set(key, "READS");
    }
    const unlisted = exportedFunctions.map((e) => e.key).filter((key) => !listed.has(key));
    expect(unlisted, "New model functions: add each to WRITES (with how to call it), EXEMPT (with why) or READS").toEqual([]);
    const gone = [...listed.keys()].filter((key) => !exportedFunctions.some((e) => e.key === key));
    expect(gone, "Listed functions that no longer exist").toEqual([]);
  });

  it("keeps the reads free of writes: no create, update, delete, upsert, audit or mail in their source", () => {
    // A Prisma write is <client>.<model>.<operation>( — a hash's .update( is not one.
    const writing = /\.\s*[a-z]\w*\s*\.\s*(create|createMany|update|updateMany|upsert|delete|deleteMany)\(|\$executeRaw|recordAudit\(|queueMail\(/;
    for (const { key, fn } of exportedFunctions) {
      if (READS.has(key)) expect(writing.test(fn.toString()), `${key} looks like it writes`).toBe(false);
    }
  });
});

describe("every write path records its change in the same transaction", () => {
  const audited: Statement[] = [];

  for (const [key, recipe] of Object.entries(WRITES)) {
    it(key, async () => {
      await recipe.prepare?.();
      const before = new Set((await client.auditEntry.findMany({ select: { id: true } })).map((e) => e.id));
      recording = [];
      try {
        await recipe.run();
      } finally {
        audited.push(...recording);
      }
      const statements = recording;
      recording = null;
      const writes = writesOf(statements);
      const auditInserts = writes.filter((w) => w.table === "AuditEntry" && /^\s*INSERT/i.test(w.sql));
      expect(auditInserts.length, `${key} wrote no audit entry`).toBeGreaterThan(0);
      for (const write of writes) {
        if (write.table === "AuditEntry" || MAIL_BOOKKEEPING.has(write.table)) continue;
        const sameTransaction = write.tx !== null && auditInserts.some((a) => a.tx === write.tx);
        expect(sameTransaction, `${key}: ${write.sql.slice(0, 80)}… is not in a transaction with its audit entry`).toBe(true);
      }
      const entries = await client.auditEntry.findMany({ where: { id: { notIn: [...before] } }, select: { action: true, companyId: true } });
      for (const action of recipe.actions) expect(entries.map((e) => e.action), key).toContain(action);
      // An entry always names its company.
      for (const entry of entries) expect(entry.companyId).toBeTruthy();
    });
  }

  it("never updates or deletes an audit entry on any of those paths", () => {
    const touched = writesOf(audited).filter((w) => w.table === "AuditEntry" && !/^\s*INSERT/i.test(w.sql));
    expect(touched).toEqual([]);
  });
});

describe("append-only, and writes only through the models", () => {
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === "generated" ? [] : sources(full);
      return /\.tsx?$/.test(entry.name) ? [full] : [];
    });
  const files = sources(path.resolve("app"));

  it("has no code that updates or deletes audit entries", () => {
    for (const file of files) {
      expect(readFileSync(file, "utf8"), file).not.toMatch(/auditEntry\s*\.\s*(update|updateMany|upsert|delete|deleteMany)\b/);
    }
  });

  it("writes data only in app/models (the mail outbox and the rate-limit counters are the exceptions, in app/utils)", () => {
    const write = /\.\s*(?!auditEntry)\w+\s*\.\s*(create|createMany|update|updateMany|upsert|delete|deleteMany)\(/;
    for (const file of files) {
      const relative = path.relative(path.resolve("app"), file);
      const infrastructure = ["mail.server.ts", "audit.server.ts", "rate-limit.server.ts"].map((name) => path.join("utils", name));
      if (relative.startsWith("models/") || infrastructure.includes(relative)) continue;
      const offending = readFileSync(file, "utf8")
        .split("\n")
        .filter((line) => write.test(line) && /\b(db|tx|getDb\(\))\s*\./.test(line));
      expect(offending, relative).toEqual([]);
    }
  });
});
