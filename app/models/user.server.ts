import type { Language } from "~/i18n";
import { changes, recordAudit } from "~/utils/audit.server";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { isAdmin } from "~/utils/permissions.server";

export const publicUserSelect = {
  id: true,
  companyId: true,
  email: true,
  fullName: true,
  name: true,
  role: true,
  isMaster: true,
  countryCode: true,
  preferredLanguage: true,
  profilePicture: true,
  teamId: true,
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
  preferredLanguage: string | null;
  profilePicture: string | null;
  teamId: string | null;
};

interface Actor {
  id: string;
  role: string;
}

/** The /api shape of a user (spec section 3 names, snake_case). */
export function serializeUser(user: PublicUser) {
  return {
    id: user.id,
    email: user.email,
    full_name: user.fullName,
    name: user.name ?? user.fullName,
    role: user.role,
    is_admin: isAdmin(user),
    is_master: user.isMaster,
    country_code: user.countryCode,
    preferred_language: user.preferredLanguage,
    profile_picture: user.profilePicture,
    team_id: user.teamId,
    company_id: user.companyId,
  };
}

export function listUsers(companyId: string, ids?: string[]) {
  return getDb().user.findMany({
    where: { companyId, ...(ids?.length ? { id: { in: ids } } : {}) },
    select: publicUserSelect,
    orderBy: [{ fullName: "asc" }, { email: "asc" }],
  });
}

/** A user of this company; another company's id is simply not found. */
export async function getUser(companyId: string, id: string) {
  const user = await getDb().user.findFirst({ where: { id, companyId }, select: publicUserSelect });
  if (!user) throw new AppError(404, "not_found", "errors.userNotFound");
  return user;
}

export interface UserChanges {
  fullName?: string;
  profilePicture?: string | null;
  role?: "user" | "admin" | "owner";
}

/** People edit their own name and picture; admins edit anyone's; only admins change roles. */
export async function updateUser(companyId: string, actor: Actor, id: string, input: UserChanges) {
  const before = await getUser(companyId, id);
  const self = actor.id === id;
  if (!self && !isAdmin(actor)) throw new AppError(403, "forbidden", "errors.forbidden");
  if (input.role !== undefined && input.role !== before.role) {
    if (!isAdmin(actor)) throw new AppError(403, "forbidden", "errors.forbidden");
    // Owners are made and unmade only by an owner, and a company never loses its last owner.
    if ((input.role === "owner" || before.role === "owner") && actor.role !== "owner") {
      throw new AppError(403, "forbidden", "errors.forbidden");
    }
    if (before.role === "owner") {
      const owners = await getDb().user.count({ where: { companyId, role: "owner" } });
      if (owners <= 1) throw new AppError(409, "last_owner", "errors.lastOwner");
    }
  }
  const data = { fullName: input.fullName, profilePicture: input.profilePicture, role: input.role };
  const db = getDb();
  return db.$transaction(async (tx) => {
    const user = await tx.user.update({ where: { id: before.id }, data, select: publicUserSelect });
    await recordAudit(
      { companyId, actorId: actor.id, action: "user.updated", entity: "user", entityId: id, details: changes(before, data) },
      tx,
    );
    return user;
  });
}

export async function deleteUser(companyId: string, actor: Actor, id: string) {
  if (!isAdmin(actor)) throw new AppError(403, "forbidden", "errors.forbidden");
  const user = await getUser(companyId, id);
  if (user.id === actor.id) throw new AppError(409, "self_delete", "errors.cannotDeleteSelf");
  if (user.role === "owner" && actor.role !== "owner") throw new AppError(403, "forbidden", "errors.forbidden");
  const db = getDb();
  await db.$transaction(async (tx) => {
    await tx.user.delete({ where: { id: user.id } });
    await recordAudit(
      { companyId, actorId: actor.id, action: "user.deleted", entity: "user", entityId: id, details: { email: user.email, role: user.role } },
      tx,
    );
  });
}

export async function setPreferredLanguage(companyId: string, userId: string, language: Language) {
  await getDb().user.updateMany({ where: { id: userId, companyId }, data: { preferredLanguage: language } });
}
