// Absence types (AbsenceCategory rows) of a company: listed for everyone, managed by company
// admins. A type some absence points at is deactivated, never deleted (its history stays readable);
// at least one type stays active, so people can always request something. Rules and reasons:
// docs/decisions/0021-absence-types.md.
import type { Prisma } from "~/generated/prisma/client";
import { SUPPORTED_LANGUAGES } from "~/i18n";
import { asBalanceKind, DEFAULT_CATEGORIES, hasSeededName, type BalanceKind } from "~/lib/absence-types";
import type { ApiAbsenceCategory } from "~/lib/schemas/api-responses";
import { recordAudit } from "~/utils/audit.server";
import { getDb, type DbClient } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { getT } from "~/utils/i18n.server";
import { requireAdmin, type Viewer } from "~/utils/permissions.server";

export { DEFAULT_CATEGORIES };

/** The company's absence types as every screen lists them: their order, names and colours. */
export const categoryListing = {
  select: { id: true, name: true, color: true, active: true, balance: true },
  orderBy: [{ sortOrder: "asc" }, { name: "asc" }],
} as const satisfies Pick<Prisma.AbsenceCategoryFindManyArgs, "select" | "orderBy">;

/** The company's types as categoryListing lists them. Through `db` when the read belongs to a transaction. */
export function readCategoryListing(db: DbClient, companyId: string, { activeOnly }: { activeOnly: boolean }) {
  return db.absenceCategory.findMany({ where: { companyId, ...(activeOnly ? { active: true } : {}) }, ...categoryListing });
}

const typeSelect = { id: true, name: true, color: true, active: true, balance: true, requiresApproval: true, sortOrder: true } as const;

export type AbsenceTypeRow = Prisma.AbsenceCategoryGetPayload<{ select: typeof typeSelect }>;

export interface AbsenceTypeFields {
  name: string;
  color: string;
  balance: BalanceKind;
  requiresApproval: boolean;
  active: boolean;
  sortOrder: number;
}

/** Every type of the viewer's company, active or not, in the company's order. */
export function listAbsenceTypes(viewer: Viewer): Promise<AbsenceTypeRow[]> {
  return getDb().absenceCategory.findMany({ where: { companyId: viewer.companyId }, select: typeSelect, orderBy: categoryListing.orderBy });
}

/** One type of the viewer's company; another company's id is not found. */
export function getAbsenceType(viewer: Viewer, id: string): Promise<AbsenceTypeRow> {
  return findType(getDb(), viewer, id);
}

/** How many absences (of any status) point at each type: one query for the whole company. */
export async function absenceTypeUsage(viewer: Viewer): Promise<Record<string, number>> {
  requireAdmin(viewer);
  const groups = await getDb().vacation.groupBy({ by: ["categoryId"], where: { companyId: viewer.companyId }, _count: { _all: true } });
  return Object.fromEntries(groups.map((group) => [group.categoryId, group._count._all]));
}

/** The /api shape (spec section 3 names, plus what the admin screens manage). */
export function serializeAbsenceType(type: AbsenceTypeRow): ApiAbsenceCategory {
  return {
    id: type.id,
    name: type.name,
    color: type.color,
    active: type.active,
    unit: "day",
    balance: asBalanceKind(type.balance),
    requires_approval: type.requiresApproval,
    sort_order: type.sortOrder,
  };
}

/** What the audit records of a type, in the API's names. */
function auditView(type: Omit<AbsenceTypeRow, "id">) {
  return {
    name: type.name,
    color: type.color,
    balance: type.balance,
    requires_approval: type.requiresApproval,
    active: type.active,
    sort_order: type.sortOrder,
  };
}

function diff(before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  const keys = Object.keys(before ?? after ?? {});
  const result: Record<string, { old: unknown; new: unknown }> = {};
  for (const key of keys) {
    const [oldValue, newValue] = [before?.[key] ?? null, after?.[key] ?? null];
    if (oldValue !== newValue) result[key] = { old: oldValue, new: newValue };
  }
  return result;
}

/** The names a type goes by: its own, and while it keeps its seeded name, that name's translations. */
function namesOf(type: { id: string; name: string }): string[] {
  const names = [type.name];
  if (hasSeededName(type)) for (const language of SUPPORTED_LANGUAGES) names.push(getT(language)(`absences.categories.${type.id}`, { defaultValue: type.name }));
  return names.map((name) => name.toLocaleLowerCase());
}

/** Two types the same person could not tell apart in a list are refused, in any language. */
function assertNameFree(types: { id: string; name: string }[], name: string, exceptId?: string) {
  const wanted = name.toLocaleLowerCase();
  if (types.some((type) => type.id !== exceptId && namesOf(type).includes(wanted))) {
    throw new AppError(409, "name_taken", "absenceTypes.errors.nameTaken", { fields: { name: "absenceTypes.errors.nameTaken" }, params: { name } });
  }
}

/** "Baixa médica (CIT)" → "baixa_medica_cit": a stable key that never changes with later renames. */
export function slugOf(name: string): string {
  const slug = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .slice(0, 40)
    .replace(/^_+|_+$/g, "");
  return slug || "type";
}

function uniqueId(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}_${n}`)) return `${base}_${n}`;
}

async function findType(tx: Prisma.TransactionClient | ReturnType<typeof getDb>, viewer: Viewer, id: string): Promise<AbsenceTypeRow> {
  const type = await tx.absenceCategory.findFirst({ where: { companyId: viewer.companyId, id }, select: typeSelect });
  if (!type) throw new AppError(404, "not_found", "absenceTypes.errors.notFound");
  return type;
}

async function assertAnotherActive(tx: Prisma.TransactionClient, viewer: Viewer, id: string) {
  const others = await tx.absenceCategory.count({ where: { companyId: viewer.companyId, active: true, id: { not: id } } });
  if (others === 0) throw new AppError(409, "last_active_type", "absenceTypes.errors.lastActive");
}

export type NewAbsenceType = Pick<AbsenceTypeFields, "name" | "color" | "balance" | "requiresApproval"> & { sortOrder?: number };

/** A new active type; its id is a slug of its name, unique within the company; last in order unless told. */
export async function createAbsenceType(viewer: Viewer, input: NewAbsenceType): Promise<AbsenceTypeRow> {
  requireAdmin(viewer);
  const { companyId } = viewer;
  return getDb().$transaction(async (tx) => {
    const types = await tx.absenceCategory.findMany({ where: { companyId }, select: { id: true, name: true, sortOrder: true } });
    assertNameFree(types, input.name);
    const id = uniqueId(slugOf(input.name), new Set(types.map((type) => type.id)));
    const sortOrder = input.sortOrder ?? Math.max(-1, ...types.map((type) => type.sortOrder)) + 1;
    const created = await tx.absenceCategory.create({
      data: { companyId, id, name: input.name, color: input.color, balance: input.balance, requiresApproval: input.requiresApproval, sortOrder, active: true },
      select: typeSelect,
    });
    await recordAudit(
      { companyId, actorId: viewer.userId, action: "absence_type.created", entity: "absence_type", entityId: id, details: diff(null, auditView(created)) },
      tx,
    );
    return created;
  });
}

/**
 * Changes some fields of a type. A type in use keeps its balance (changing it would rewrite the
 * balances of absences already taken); the last active type stays active.
 */
export async function updateAbsenceType(viewer: Viewer, id: string, patch: Partial<AbsenceTypeFields>): Promise<AbsenceTypeRow> {
  requireAdmin(viewer);
  const { companyId } = viewer;
  return getDb().$transaction(async (tx) => {
    const before = await findType(tx, viewer, id);
    if (patch.name !== undefined) {
      assertNameFree(await tx.absenceCategory.findMany({ where: { companyId }, select: { id: true, name: true } }), patch.name, id);
    }
    if (patch.balance !== undefined && patch.balance !== before.balance && (await tx.vacation.count({ where: { companyId, categoryId: id } })) > 0) {
      throw new AppError(409, "balance_locked", "absenceTypes.errors.balanceLocked", { fields: { balance: "absenceTypes.errors.balanceLocked" } });
    }
    if (patch.active === false && before.active) await assertAnotherActive(tx, viewer, id);
    const after: AbsenceTypeRow = { ...before, ...Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) };
    const changed = diff(auditView(before), auditView(after));
    if (Object.keys(changed).length === 0) return before;
    const updated = await tx.absenceCategory.update({
      where: { companyId_id: { companyId, id } },
      data: { name: after.name, color: after.color, balance: after.balance, requiresApproval: after.requiresApproval, active: after.active, sortOrder: after.sortOrder },
      select: typeSelect,
    });
    const onlyActive = Object.keys(changed).length === 1 && "active" in changed;
    const action = onlyActive ? (updated.active ? "absence_type.activated" : "absence_type.deactivated") : "absence_type.updated";
    await recordAudit({ companyId, actorId: viewer.userId, action, entity: "absence_type", entityId: id, details: changed }, tx);
    return updated;
  });
}

/** Deletes a type no absence has ever used; one in use is to be deactivated instead. */
export async function deleteAbsenceType(viewer: Viewer, id: string): Promise<AbsenceTypeRow> {
  requireAdmin(viewer);
  const { companyId } = viewer;
  return getDb().$transaction(async (tx) => {
    const before = await findType(tx, viewer, id);
    if ((await tx.vacation.count({ where: { companyId, categoryId: id } })) > 0) {
      throw new AppError(409, "type_in_use", "absenceTypes.errors.inUse");
    }
    if (before.active) await assertAnotherActive(tx, viewer, id);
    await tx.absenceCategory.delete({ where: { companyId_id: { companyId, id } } });
    await recordAudit(
      { companyId, actorId: viewer.userId, action: "absence_type.deleted", entity: "absence_type", entityId: id, details: diff(auditView(before), null) },
      tx,
    );
    return before;
  });
}
