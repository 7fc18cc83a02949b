import type { Prisma } from "~/generated/prisma/client";
import { isLanguage, type Language } from "~/i18n";
import { isIsoDate } from "~/lib/dates";
import type { ApiUser } from "~/lib/schemas/api-responses";
import { changes, recordAudit } from "~/utils/audit.server";
import { getDb } from "~/utils/db.server";
import { AppError, forbidden } from "~/utils/errors.server";
import { asRole, assertAllowed, canEditProfile, canManagePerson, isAdmin, requireAdmin, type Viewer } from "~/utils/permissions.server";
import { syncSeats } from "./seats.server";
import { checkWorkPlace } from "./work-place.server";
import { serializeVacation, vacationSelect } from "./vacation.server";
import { notifyWithdrawnRequests } from "./vacation-notify.server";
import { enqueueWebhookEvents, kickWebhooks } from "./webhook.server";
import { eraseCertificatesOf } from "./certificate.server";

export const publicUserSelect = {
  id: true,
  companyId: true,
  email: true,
  fullName: true,
  name: true,
  role: true,
  isMaster: true,
  countryCode: true,
  region: true,
  preferredLanguage: true,
  profilePicture: true,
  teamId: true,
  firstDay: true,
  lastDay: true,
} as const;

export type PublicUser = {
  id: string;
  companyId: string;
  email: string;
  fullName: string | null;
  name: string | null;
  role: string;
  isMaster: boolean;
  countryCode: string | null;
  region: string | null;
  preferredLanguage: string | null;
  profilePicture: string | null;
  teamId: string | null;
  /** First and last day of employment (YYYY-MM-DD), or null: employed before (after) any year asked. */
  firstDay: string | null;
  lastDay: string | null;
};

/**
 * The /api shape of a user (spec section 3 names, snake_case). Employment dates are for the
 * person and company admins only (`viewer` omitted: the person themselves): a colleague's last
 * day may not be announced yet (docs/decisions/0079-schedule-and-employment-screens.md).
 */
export function serializeUser(user: PublicUser, viewer?: Pick<Viewer, "userId" | "role">): ApiUser {
  const seesEmployment = !viewer || viewer.userId === user.id || isAdmin(viewer);
  return {
    id: user.id,
    email: user.email,
    full_name: user.fullName,
    name: user.name ?? user.fullName,
    role: asRole(user.role),
    is_admin: isAdmin(user),
    is_master: user.isMaster,
    country_code: user.countryCode,
    region: user.region,
    preferred_language: isLanguage(user.preferredLanguage) ? user.preferredLanguage : null,
    profile_picture: user.profilePicture,
    team_id: user.teamId,
    company_id: user.companyId,
    first_day: seesEmployment ? user.firstDay : null,
    last_day: seesEmployment ? user.lastDay : null,
  };
}

/** The company's people (active only: a deactivated person has left every list). */
export function listUsers(viewer: Viewer, ids?: string[]) {
  return getDb().user.findMany({
    where: { companyId: viewer.companyId, deactivatedAt: null, ...(ids?.length ? { id: { in: ids } } : {}) },
    select: publicUserSelect,
    orderBy: [{ fullName: "asc" }, { email: "asc" }],
  });
}

/** A person of the viewer's company; another company's id, or a deactivated person, is not found. */
export async function getUser(viewer: Viewer, id: string) {
  const user = await getDb().user.findFirst({ where: { id, companyId: viewer.companyId, deactivatedAt: null }, select: publicUserSelect });
  if (!user) throw new AppError(404, "not_found", "errors.userNotFound");
  return user;
}

export interface UserChanges {
  fullName?: string;
  profilePicture?: string | null;
  role?: "user" | "admin" | "owner";
  /** Where the person works (ISO2 and region): whose holidays their working days skip; null: the company's country. */
  countryCode?: string | null;
  region?: string | null;
  /** Employment dates (YYYY-MM-DD), company admins only; null clears one. The last is not before the first. */
  firstDay?: string | null;
  lastDay?: string | null;
}

/** A first and last day of employment that can both hold: calendar dates, the last not before the first. */
export function assertEmploymentDates(firstDay: string | null, lastDay: string | null) {
  const fields: Record<string, string> = {};
  if (firstDay !== null && !isIsoDate(firstDay)) fields.first_day = "workSchedules.employment.dateInvalid";
  if (lastDay !== null && !isIsoDate(lastDay)) fields.last_day = "workSchedules.employment.dateInvalid";
  if (!fields.first_day && !fields.last_day && firstDay !== null && lastDay !== null && lastDay < firstDay) fields.last_day = "workSchedules.employment.lastBeforeFirst";
  const messages = Object.values(fields);
  if (messages.length) throw new AppError(400, "validation_failed", messages[0], { fields });
}

/**
 * People edit their own name and picture; admins edit anyone's, and alone set where a person
 * works (it changes their holidays, so their balance); roles change per canManagePerson. Audited
 * old → new in the same transaction (the caller's, when given). A person made a plain user stops
 * administering teams: the team admin dialog's rule is that a team admin has the admin role.
 */
export async function updateUser(viewer: Viewer, id: string, input: UserChanges, client?: Prisma.TransactionClient) {
  const run = async (tx: Prisma.TransactionClient) => {
    const before = await tx.user.findFirst({ where: { id, companyId: viewer.companyId, deactivatedAt: null }, select: publicUserSelect });
    if (!before) throw new AppError(404, "not_found", "errors.userNotFound");
    assertAllowed(canEditProfile(viewer, id));
    const data = {
      fullName: input.fullName,
      profilePicture: input.profilePicture,
      role: input.role,
      countryCode: input.countryCode,
      region: input.region,
      firstDay: input.firstDay,
      lastDay: input.lastDay,
    };
    const asked = changes(before, data);
    if ("firstDay" in asked || "lastDay" in asked) {
      // They prorate the person's allowance: an admin's decision, as their work place is.
      requireAdmin(viewer);
      assertEmploymentDates(input.firstDay === undefined ? before.firstDay : input.firstDay, input.lastDay === undefined ? before.lastDay : input.lastDay);
    }
    if (asked.countryCode || asked.region) {
      requireAdmin(viewer);
      const place = await checkWorkPlace(tx, viewer.companyId, {
        countryCode: input.countryCode === undefined ? before.countryCode : input.countryCode,
        region: input.region === undefined ? before.region : input.region,
      });
      Object.assign(data, place);
    }
    const diff = changes(before, data);
    if (diff.role) {
      assertAllowed(canManagePerson(viewer, before));
      // Only an owner makes an owner, and a company never loses its last owner.
      if (input.role === "owner" && viewer.role !== "owner") throw forbidden();
      if (before.role === "owner") {
        const owners = await tx.user.count({ where: { companyId: viewer.companyId, role: "owner", deactivatedAt: null } });
        if (owners <= 1) throw new AppError(409, "last_owner", "errors.lastOwner");
      }
    }
    if (Object.keys(diff).length === 0) return before;
    const user = await tx.user.update({ where: { id: before.id }, data, select: publicUserSelect });
    const details: Record<string, unknown> = { ...diff };
    if (diff.role && input.role === "user") {
      const adminOf = await tx.teamAdmin.findMany({ where: { userId: before.id }, select: { teamId: true } });
      if (adminOf.length) {
        await tx.teamAdmin.deleteMany({ where: { userId: before.id } });
        details.team_admin_of = { old: adminOf.map((row) => row.teamId), new: [] };
      }
    }
    // Photos are data URLs of many kilobytes: the audit says that it changed, not what it was.
    if (diff.profilePicture) details.profilePicture = { old: before.profilePicture ? "photo" : null, new: user.profilePicture ? "photo" : null };
    await recordAudit({ companyId: viewer.companyId, actorId: viewer.userId, action: "user.updated", entity: "user", entityId: id, details }, tx);
    return user;
  };
  return client ? run(client) : getDb().$transaction(run);
}

/**
 * Removing a person deactivates them (docs/decisions/0014-user-deactivation.md): they can no
 * longer sign in (sessions and tokens end now), they leave every list, team and team admin role,
 * and their pending requests are cancelled (nobody is left to take them), with a notice to whoever
 * would have decided them; their vacations, past and approved, stay in reports, calendars and the
 * audit. The one deactivation: the Users tab, the API and SCIM's `active: false` all call it.
 */
export async function deactivateUser(viewer: Viewer, id: string, now = new Date()) {
  const user = await getUser(viewer, id);
  if (user.id === viewer.userId) throw new AppError(409, "self_delete", "errors.cannotDeleteSelf");
  assertAllowed(canManagePerson(viewer, user));
  const { companyId } = viewer;
  const { webhooks, withdrawn } = await getDb().$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({ where: { id: user.id, companyId, deactivatedAt: null }, data: { deactivatedAt: now, tokenVersion: { increment: 1 } } });
    if (count !== 1) throw new AppError(404, "not_found", "errors.userNotFound");
    const pending = await tx.vacation.findMany({ where: { companyId, userId: user.id, status: "pending" }, select: { id: true } });
    await tx.vacation.updateMany({ where: { companyId, userId: user.id, status: "pending" }, data: { status: "cancelled" } });
    await tx.teamAdmin.deleteMany({ where: { userId: user.id } });
    await tx.session.deleteMany({ where: { userId: user.id } });
    await tx.refreshToken.updateMany({ where: { userId: user.id, revokedAt: null }, data: { revokedAt: now } });
    await tx.vacationActionToken.updateMany({ where: { adminId: user.id, usedAt: null }, data: { usedAt: now } });
    await recordAudit(
      {
        companyId,
        actorId: viewer.userId,
        action: "user.deactivated",
        entity: "user",
        entityId: id,
        details: { email: user.email, role: user.role, active: { old: true, new: false }, cancelled_requests: pending.map((v) => v.id) },
      },
      tx,
    );
    // The requests cancelled with the person are cancellations a receiver hears of like any other.
    const cancelled = pending.map((v) => ({
      type: "absence.cancelled" as const,
      data: async () => serializeVacation(await tx.vacation.findUniqueOrThrow({ where: { id: v.id }, select: vacationSelect })),
    }));
    const queued = await enqueueWebhookEvents(tx, companyId, [{ type: "person.left", data: () => serializeUser(user) }, ...cancelled], now);
    return { webhooks: queued, withdrawn: pending.map((v) => v.id) };
  });
  kickWebhooks(webhooks);
  await notifyWithdrawnRequests(viewer, withdrawn);
  // Their certificates are health data with no use once they have left (decision 0092).
  await eraseCertificatesOf(viewer, user.id);
  // One person fewer: the subscription's quantity follows (docs/decisions/0027-billing.md).
  await syncSeats(viewer);
}

/** The person's language (e-mails, the next sign-in); recorded only when it changes. */
export async function setPreferredLanguage(viewer: Viewer, language: Language) {
  await getDb().$transaction(async (tx) => {
    const before = await tx.user.findFirst({ where: { id: viewer.userId, companyId: viewer.companyId }, select: { preferredLanguage: true } });
    if (!before || before.preferredLanguage === language) return;
    await tx.user.update({ where: { id: viewer.userId }, data: { preferredLanguage: language } });
    await recordAudit(
      { companyId: viewer.companyId, actorId: viewer.userId, action: "user.updated", entity: "user", entityId: viewer.userId, details: changes(before, { preferredLanguage: language }) },
      tx,
    );
  });
}
