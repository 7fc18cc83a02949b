// Absence categories (AbsenceCategory rows) of a company: listed for everyone, managed by company
// admins. A category some vacation points at is deactivated, never deleted (its history stays readable);
// at least one category stays active, so people can always request something. Rules and reasons:
// docs/decisions/0021-absence-types.md.
import type { Prisma } from "~/generated/prisma/client";
import { SUPPORTED_LANGUAGES } from "~/i18n";
import { asBalanceKind, balanceKindsOf, canAccrue, DEFAULT_CATEGORIES, hasSeededName, unitGroupOf, yearlyAccrues, type BalanceKind, type UnitGroup } from "~/lib/absence-categories";
import { todayIn } from "~/lib/dates";
import { parseLeaveUnit, type LeaveUnit } from "~/lib/leave-charge";
import { leaveYearOf } from "~/lib/leave-year";
import { asRuleMode, type RuleMode } from "~/lib/leave-rules";
import type { ApiAbsenceCategory } from "~/lib/schemas/api-responses";
import { recordAudit } from "~/utils/audit.server";
import { getDb, type DbClient } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { getT } from "~/utils/i18n.server";
import { requireAdmin, type Viewer } from "~/utils/permissions.server";

export { DEFAULT_CATEGORIES };

/** The company's absence categories as every screen lists them: their order, names and colours. */
export const categoryListing = {
  select: { id: true, name: true, color: true, active: true, balance: true, unit: true, accrues: true, reported: true, documentRequired: true },
  orderBy: [{ sortOrder: "asc" }, { name: "asc" }],
} as const satisfies Pick<Prisma.AbsenceCategoryFindManyArgs, "select" | "orderBy">;

/** The company's categories as categoryListing lists them. Through `db` when the read belongs to a transaction. */
export function readCategoryListing(db: DbClient, companyId: string, { activeOnly }: { activeOnly: boolean }) {
  return db.absenceCategory.findMany({ where: { companyId, ...(activeOnly ? { active: true } : {}) }, ...categoryListing });
}

const categorySelect = {
  id: true, name: true, color: true, active: true, balance: true, requiresApproval: true, sortOrder: true, unit: true, accrues: true,
  minNoticeDays: true, minNoticeMode: true, maxConsecutiveDays: true, maxConsecutiveMode: true, minRequestDays: true, minRequestMode: true,
  reported: true, documentRequired: true, documentAfterDays: true, documentMode: true,
} as const;

export type AbsenceCategoryRow = Prisma.AbsenceCategoryGetPayload<{ select: typeof categorySelect }>;

export interface AbsenceCategoryFields {
  name: string;
  color: string;
  balance: BalanceKind;
  requiresApproval: boolean;
  active: boolean;
  sortOrder: number;
  unit: LeaveUnit;
  /** Earns its allowance monthly (decision 0082): yearly types only, all of them together. */
  accrues: boolean;
  /** Leave-type rules (decision 0087): a null limit is no rule. */
  minNoticeDays: number | null;
  minNoticeMode: RuleMode;
  maxConsecutiveDays: number | null;
  maxConsecutiveMode: RuleMode;
  minRequestDays: number | null;
  minRequestMode: RuleMode;
  /** Sickness (decision 0092): reported, not requested; never pending. */
  reported: boolean;
  /** A document from the documentAfterDays-th working day (null: the company's); warn asks, block makes it due. */
  documentRequired: boolean;
  documentAfterDays: number | null;
  documentMode: RuleMode;
}

/** The sickness fields a create or an update may set (decision 0092). */
export type CategoryDocumentFields = Pick<AbsenceCategoryFields, "reported" | "documentRequired" | "documentAfterDays" | "documentMode">;

/** The rule fields a create or an update may set. */
export type CategoryRuleFields = Pick<AbsenceCategoryFields, "minNoticeDays" | "minNoticeMode" | "maxConsecutiveDays" | "maxConsecutiveMode" | "minRequestDays" | "minRequestMode">;

/** Every category of the viewer's company, active or not, in the company's order. */
export function listAbsenceCategories(viewer: Viewer): Promise<AbsenceCategoryRow[]> {
  return getDb().absenceCategory.findMany({ where: { companyId: viewer.companyId }, select: categorySelect, orderBy: categoryListing.orderBy });
}

/** One category of the viewer's company; another company's id is not found. */
export function getAbsenceCategory(viewer: Viewer, id: string): Promise<AbsenceCategoryRow> {
  return findCategory(getDb(), viewer, id);
}

/** How many vacations (of any status) point at each category: one query for the whole company. */
export async function absenceCategoryUsage(viewer: Viewer): Promise<Record<string, number>> {
  requireAdmin(viewer);
  const groups = await getDb().vacation.groupBy({ by: ["categoryId"], where: { companyId: viewer.companyId }, _count: { _all: true } });
  return Object.fromEntries(groups.map((group) => [group.categoryId, group._count._all]));
}

/** The /api shape (spec section 3 names, plus what the admin screens manage). */
export function serializeAbsenceCategory(category: AbsenceCategoryRow): ApiAbsenceCategory {
  return {
    id: category.id,
    name: category.name,
    color: category.color,
    active: category.active,
    unit: parseLeaveUnit(category.unit),
    accrues: category.accrues,
    balance: asBalanceKind(category.balance),
    requires_approval: category.requiresApproval,
    sort_order: category.sortOrder,
    min_notice_days: category.minNoticeDays,
    min_notice_mode: asRuleMode(category.minNoticeMode),
    max_consecutive_days: category.maxConsecutiveDays,
    max_consecutive_mode: asRuleMode(category.maxConsecutiveMode),
    min_request_days: category.minRequestDays,
    min_request_mode: asRuleMode(category.minRequestMode),
    reported: category.reported,
    document_required: category.documentRequired,
    document_after_days: category.documentAfterDays,
    document_mode: asRuleMode(category.documentMode),
  };
}

/** What the audit records of a category, in the API's names. */
function auditView(category: Omit<AbsenceCategoryRow, "id">) {
  return {
    name: category.name,
    color: category.color,
    balance: category.balance,
    requires_approval: category.requiresApproval,
    active: category.active,
    sort_order: category.sortOrder,
    unit: category.unit,
    accrues: category.accrues,
    min_notice_days: category.minNoticeDays,
    min_notice_mode: category.minNoticeMode,
    max_consecutive_days: category.maxConsecutiveDays,
    max_consecutive_mode: category.maxConsecutiveMode,
    min_request_days: category.minRequestDays,
    min_request_mode: category.minRequestMode,
    reported: category.reported,
    document_required: category.documentRequired,
    document_after_days: category.documentAfterDays,
    document_mode: category.documentMode,
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

/** The names a category goes by: its own, and while it keeps its seeded name, that name's translations. */
function namesOf(category: { id: string; name: string }): string[] {
  const names = [category.name];
  if (hasSeededName(category)) for (const language of SUPPORTED_LANGUAGES) names.push(getT(language)(`absences.categories.${category.id}`, { defaultValue: category.name }));
  return names.map((name) => name.toLocaleLowerCase());
}

/** Two categories the same person could not tell apart in a list are refused, in any language. */
function assertNameFree(categories: { id: string; name: string }[], name: string, exceptId?: string) {
  const wanted = name.toLocaleLowerCase();
  if (categories.some((category) => category.id !== exceptId && namesOf(category).includes(wanted))) {
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

async function findCategory(tx: Prisma.TransactionClient | ReturnType<typeof getDb>, viewer: Viewer, id: string): Promise<AbsenceCategoryRow> {
  const category = await tx.absenceCategory.findFirst({ where: { companyId: viewer.companyId, id }, select: categorySelect });
  if (!category) throw new AppError(404, "not_found", "absenceTypes.errors.notFound");
  return category;
}

async function assertAnotherActive(tx: Prisma.TransactionClient, viewer: Viewer, id: string) {
  const others = await tx.absenceCategory.count({ where: { companyId: viewer.companyId, active: true, id: { not: id } } });
  if (others === 0) throw new AppError(409, "last_active_type", "absenceTypes.errors.lastActive");
}

export type NewAbsenceCategory = Pick<AbsenceCategoryFields, "name" | "color" | "balance" | "requiresApproval"> & { sortOrder?: number; unit?: LeaveUnit; accrues?: boolean } & Partial<CategoryRuleFields> & Partial<CategoryDocumentFields>;

/** Only a type of the yearly allowance accrues (decision 0082). */
function assertMayAccrue(balance: string, accrues: boolean) {
  if (accrues && !canAccrue(balance)) {
    throw new AppError(409, "accrual_yearly_only", "accrual.errors.yearlyOnly", { fields: { accrues: "accrual.errors.yearlyOnly" } });
  }
}

/**
 * The other yearly types whose flag moves with this one's: the yearly allowance accrues or not as
 * a whole, so setting one of its types sets them all (as a unit moves its group, decision 0081).
 */
function accrualFollowers<T extends { id: string; balance: string; accrues: boolean }>(categories: readonly T[], id: string, balance: string, accrues: boolean): T[] {
  return canAccrue(balance) ? categories.filter((category) => category.id !== id && canAccrue(category.balance) && category.accrues !== accrues) : [];
}

/** Sets the followers' flag, one audit entry each. */
async function moveAccrualFollowers(tx: Prisma.TransactionClient, viewer: Viewer, followers: readonly { id: string; accrues: boolean }[], accrues: boolean) {
  for (const follower of followers) {
    await tx.absenceCategory.update({ where: { companyId_id: { companyId: viewer.companyId, id: follower.id } }, data: { accrues } });
    await recordAudit(
      { companyId: viewer.companyId, actorId: viewer.userId, action: "absence_type.updated", entity: "absence_type", entityId: follower.id, details: { accrues: { old: follower.accrues, new: accrues } } },
      tx,
    );
  }
}

/**
 * Categories meeting in one balance count in one unit (decision 0081): the unit the others of
 * `balance`'s group count in, or null when no other category is in it.
 */
function groupUnit(categories: { id: string; balance: string; unit: string }[], balance: string, exceptId?: string): LeaveUnit | null {
  const group = unitGroupOf(balance);
  if (!group) return null;
  const other = categories.find((category) => category.id !== exceptId && unitGroupOf(category.balance) === group);
  return other ? parseLeaveUnit(other.unit) : null;
}

function unitMismatch(unit: LeaveUnit): AppError {
  const key = unit === "hour" ? "hours.errors.groupCountsHours" : "hours.errors.groupCountsDays";
  return new AppError(409, "unit_mismatch", key, { fields: { unit: key } });
}

/**
 * A balance's figures are read in its unit, so a unit never changes under figures that would then
 * mean something else: refused while the group's allowances of the current or a later leave year
 * are not 0, or an absence of its categories (pending or approved) ends in them.
 */
async function assertUnitFree(tx: Prisma.TransactionClient, viewer: Viewer, group: UnitGroup, categoryIds: string[]) {
  const company = await tx.company.findUniqueOrThrow({ where: { id: viewer.companyId }, select: { leaveYearStartMonth: true } });
  const current = leaveYearOf(todayIn(viewer.timeZone), company.leaveYearStartMonth);
  const kinds = balanceKindsOf(group);
  const figure = { yearly: "yearly", residual: "residual", special: "specialLeave" } as const;
  const [allowances, absences] = await Promise.all([
    tx.allowance.count({ where: { companyId: viewer.companyId, year: { gte: current.year }, OR: kinds.map((kind) => ({ [figure[kind]]: { not: 0 } })) } }),
    tx.vacation.count({ where: { companyId: viewer.companyId, categoryId: { in: categoryIds }, status: { in: ["pending", "approved"] }, endDate: { gte: current.firstDay } } }),
  ]);
  if (allowances > 0 || absences > 0) {
    throw new AppError(409, "unit_locked", "hours.errors.unitLocked", { fields: { unit: "hours.errors.unitLocked" }, params: { year: current.label } });
  }
}

/** A new active category; its id is a slug of its name, unique within the company; last in order unless told. */
export async function createAbsenceCategory(viewer: Viewer, input: NewAbsenceCategory): Promise<AbsenceCategoryRow> {
  requireAdmin(viewer);
  const { companyId } = viewer;
  return getDb().$transaction(async (tx) => {
    const [categories, company] = await Promise.all([
      tx.absenceCategory.findMany({ where: { companyId }, select: { id: true, name: true, sortOrder: true, balance: true, unit: true, accrues: true } }),
      tx.company.findUniqueOrThrow({ where: { id: companyId }, select: { leaveUnit: true } }),
    ]);
    assertNameFree(categories, input.name);
    // Unnamed, a new category counts like its balance's others, else in the company's unit.
    const shared = groupUnit(categories, input.balance);
    const unit = input.unit ?? shared ?? parseLeaveUnit(company.leaveUnit);
    if (shared && unit !== shared) throw unitMismatch(shared);
    // Unsaid, a new yearly type accrues as the yearly allowance does.
    const accrues = input.accrues ?? (canAccrue(input.balance) && yearlyAccrues(categories));
    assertMayAccrue(input.balance, accrues);
    const id = uniqueId(slugOf(input.name), new Set(categories.map((category) => category.id)));
    const sortOrder = input.sortOrder ?? Math.max(-1, ...categories.map((category) => category.sortOrder)) + 1;
    const created = await tx.absenceCategory.create({
      data: {
        companyId, id, name: input.name, color: input.color, balance: input.balance, sortOrder, active: true, unit, accrues,
        // A reported type is recorded at once (decision 0092): it never asks for approval.
        requiresApproval: input.requiresApproval && !input.reported,
        reported: input.reported ?? false, documentRequired: input.documentRequired ?? false, documentAfterDays: input.documentAfterDays ?? null, documentMode: input.documentMode ?? "block",
        minNoticeDays: input.minNoticeDays ?? null, minNoticeMode: input.minNoticeMode ?? "block",
        maxConsecutiveDays: input.maxConsecutiveDays ?? null, maxConsecutiveMode: input.maxConsecutiveMode ?? "block",
        minRequestDays: input.minRequestDays ?? null, minRequestMode: input.minRequestMode ?? "block",
      },
      select: categorySelect,
    });
    await moveAccrualFollowers(tx, viewer, accrualFollowers(categories, id, input.balance, accrues), accrues);
    await recordAudit(
      { companyId, actorId: viewer.userId, action: "absence_type.created", entity: "absence_type", entityId: id, details: diff(null, auditView(created)) },
      tx,
    );
    return created;
  });
}

/**
 * Changes some fields of a category. A category in use keeps its balance (changing it would rewrite the
 * balances of vacations already taken); the last active category stays active.
 */
export async function updateAbsenceCategory(viewer: Viewer, id: string, patch: Partial<AbsenceCategoryFields>): Promise<AbsenceCategoryRow> {
  requireAdmin(viewer);
  const { companyId } = viewer;
  return getDb().$transaction(async (tx) => {
    const before = await findCategory(tx, viewer, id);
    if (patch.name !== undefined) {
      assertNameFree(await tx.absenceCategory.findMany({ where: { companyId }, select: { id: true, name: true } }), patch.name, id);
    }
    if (patch.balance !== undefined && patch.balance !== before.balance && (await tx.vacation.count({ where: { companyId, categoryId: id } })) > 0) {
      throw new AppError(409, "balance_locked", "absenceTypes.errors.balanceLocked", { fields: { balance: "absenceTypes.errors.balanceLocked" } });
    }
    if (patch.active === false && before.active) await assertAnotherActive(tx, viewer, id);
    const after: AbsenceCategoryRow = { ...before, ...Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) };
    assertMayAccrue(after.balance, after.accrues);
    // A reported type is recorded at once (decision 0092): it never asks for approval.
    if (after.reported) after.requiresApproval = false;
    // A type joining the yearly allowance without saying takes the allowance's accrual.
    const joinsYearly = canAccrue(after.balance) && !canAccrue(before.balance);
    const yearlyTypes = joinsYearly || after.accrues !== before.accrues ? await tx.absenceCategory.findMany({ where: { companyId, balance: "yearly" }, select: { id: true, balance: true, accrues: true } }) : [];
    if (joinsYearly && patch.accrues === undefined) after.accrues = yearlyAccrues(yearlyTypes);
    const changed = diff(auditView(before), auditView(after));
    if (Object.keys(changed).length === 0) return before;
    // Its group's others, whose unit moves with this one's (a group counts in one unit).
    const followers: AbsenceCategoryRow[] = [];
    if (after.unit !== before.unit || after.balance !== before.balance) {
      const categories = await tx.absenceCategory.findMany({ where: { companyId }, select: categorySelect });
      const group = unitGroupOf(after.balance);
      if (after.unit !== before.unit && group) {
        followers.push(...categories.filter((category) => category.id !== id && unitGroupOf(category.balance) === group && category.unit !== after.unit));
        await assertUnitFree(tx, viewer, group, [id, ...categories.filter((category) => unitGroupOf(category.balance) === group).map((category) => category.id)]);
      } else if (after.unit !== before.unit) {
        // A category drawing on no balance: only its own absences would be reread.
        if ((await tx.vacation.count({ where: { companyId, categoryId: id, status: { in: ["pending", "approved"] } } })) > 0) {
          throw new AppError(409, "unit_locked", "hours.errors.unitInUse", { fields: { unit: "hours.errors.unitInUse" } });
        }
      } else {
        const shared = groupUnit(categories, after.balance, id);
        if (shared && shared !== after.unit) throw unitMismatch(shared);
      }
    }
    const updated = await tx.absenceCategory.update({
      where: { companyId_id: { companyId, id } },
      data: {
        name: after.name, color: after.color, balance: after.balance, requiresApproval: after.requiresApproval, active: after.active, sortOrder: after.sortOrder, unit: after.unit, accrues: after.accrues,
        minNoticeDays: after.minNoticeDays, minNoticeMode: after.minNoticeMode, maxConsecutiveDays: after.maxConsecutiveDays, maxConsecutiveMode: after.maxConsecutiveMode,
        minRequestDays: after.minRequestDays, minRequestMode: after.minRequestMode,
        reported: after.reported, documentRequired: after.documentRequired, documentAfterDays: after.documentAfterDays, documentMode: after.documentMode,
      },
      select: categorySelect,
    });
    await moveAccrualFollowers(tx, viewer, accrualFollowers(yearlyTypes, id, after.balance, after.accrues), after.accrues);
    for (const follower of followers) {
      await tx.absenceCategory.update({ where: { companyId_id: { companyId, id: follower.id } }, data: { unit: after.unit } });
      await recordAudit(
        { companyId, actorId: viewer.userId, action: "absence_type.updated", entity: "absence_type", entityId: follower.id, details: { unit: { old: follower.unit, new: after.unit } } },
        tx,
      );
    }
    const onlyActive = Object.keys(changed).length === 1 && "active" in changed;
    const action = onlyActive ? (updated.active ? "absence_type.activated" : "absence_type.deactivated") : "absence_type.updated";
    await recordAudit({ companyId, actorId: viewer.userId, action, entity: "absence_type", entityId: id, details: changed }, tx);
    return updated;
  });
}

/** Deletes a category no vacation has ever used; one in use is to be deactivated instead. */
export async function deleteAbsenceCategory(viewer: Viewer, id: string): Promise<AbsenceCategoryRow> {
  requireAdmin(viewer);
  const { companyId } = viewer;
  return getDb().$transaction(async (tx) => {
    const before = await findCategory(tx, viewer, id);
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

/** The unit new categories count in unless told (decision 0081). */
export async function getCompanyLeaveUnit(viewer: Viewer): Promise<LeaveUnit> {
  const company = await getDb().company.findUniqueOrThrow({ where: { id: viewer.companyId }, select: { leaveUnit: true } });
  return parseLeaveUnit(company.leaveUnit);
}

/** Sets the unit new categories count in; existing categories keep theirs. */
export async function setCompanyLeaveUnit(viewer: Viewer, unit: LeaveUnit): Promise<LeaveUnit> {
  requireAdmin(viewer);
  const { companyId } = viewer;
  return getDb().$transaction(async (tx) => {
    const before = await tx.company.findUniqueOrThrow({ where: { id: companyId }, select: { leaveUnit: true } });
    if (before.leaveUnit === unit) return unit;
    await tx.company.update({ where: { id: companyId }, data: { leaveUnit: unit } });
    await recordAudit(
      { companyId, actorId: viewer.userId, action: "company.updated", entity: "company", entityId: companyId, details: { leave_unit: { old: before.leaveUnit, new: unit } } },
      tx,
    );
    return unit;
  });
}
