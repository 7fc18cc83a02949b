// Every balance explained (docs/decisions/0020-carry-over-and-explained-balances.md): for a person
// and a year, where each figure of the three balance cards comes from. Built from the same inputs
// as the cards (loadBalanceInputs), so the explanation and the cards cannot disagree.
import { amountInYear, carriedResidualUse, parseCategoryBalance, statusEffect, type BalanceKind } from "~/lib/balances";
import { carryOverExpiry } from "~/lib/carry-over";
import { todayIn, type IsoDate } from "~/lib/dates";
import { leaveYear } from "~/lib/leave-year";
import { displayName } from "~/lib/people";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { isAdmin, requireAdmin, type Viewer } from "~/utils/permissions.server";
import { companyRefOf, loadBalanceInputs } from "./balance.server";

/** Where a year's yearly allowance comes from: set for it, the latest earlier year's, or nowhere yet. */
export type YearlySource = { kind: "set" } | { kind: "previous"; fromYear: number } | { kind: "none" };

export interface CarryOverFacts {
  id: string;
  fromYear: number;
  days: number;
  /** The date the job carried them, in the company's time zone. */
  carriedOn: IsoDate;
  expiresOn: IsoDate;
  revertedOn: IsoDate | null;
}

export interface ExplainedVacation {
  id: string;
  kind: BalanceKind;
  categoryId: string;
  categoryName: string;
  startDate: IsoDate;
  endDate: IsoDate;
  status: string;
  /** Working days inside the year. */
  days: number;
}

/**
 * A person's balances of a year and what makes them up. A person reads their own; company admins
 * anyone's in their company (deactivated during the year included); anyone else gets 403, and an
 * id of another company 404.
 */
export async function explainBalance(viewer: Viewer, userId: string, year: number) {
  const self = userId === viewer.userId;
  if (!self) requireAdmin(viewer);
  const db = getDb();
  const [inputs, carryOvers, categoryNames, company] = await Promise.all([
    loadBalanceInputs(db, companyRefOf(viewer), { fromYear: year, toYear: year, userIds: [userId], withRecentlyDeactivated: !self }),
    // Reverted ones too: the page says what happened to them.
    db.carryOver.findMany({
      where: { companyId: viewer.companyId, userId, fromYear: { in: [year - 1, year] } },
      select: { id: true, fromYear: true, days: true, expiresOn: true, createdAt: true, revertedAt: true },
    }),
    db.absenceCategory.findMany({ where: { companyId: viewer.companyId }, select: { id: true, name: true } }),
    db.company.findUniqueOrThrow({ where: { id: viewer.companyId }, select: { carryOverMaxDays: true, carryOverExpiresOn: true } }),
  ]);
  const person = inputs.peopleById.get(userId);
  if (!person) throw new AppError(404, "not_found", "errors.userNotFound");

  const input = inputs.balanceInputOf(userId, year);
  const balances = inputs.balancesOf(userId, year);
  const rows = inputs.allowanceRowsOf(userId);
  const exact = rows.find((row) => row.year === year);
  const previous = rows.filter((row) => row.year < year).sort((a, b) => b.year - a.year)[0];
  const source: YearlySource = exact ? { kind: "set" } : previous ? { kind: "previous", fromYear: previous.year } : { kind: "none" };

  const facts = (fromYear: number): CarryOverFacts | null => {
    const row = carryOvers.find((c) => c.fromYear === fromYear);
    if (!row) return null;
    return {
      id: row.id,
      fromYear: row.fromYear,
      days: row.days,
      carriedOn: todayIn(viewer.timeZone, row.createdAt),
      expiresOn: row.expiresOn,
      revertedOn: row.revertedAt ? todayIn(viewer.timeZone, row.revertedAt) : null,
    };
  };
  const carriedIn = facts(year - 1);
  const use = carriedResidualUse(input);

  const bounds = leaveYear(year, inputs.leaveYearStartMonth);
  const names = new Map(categoryNames.map((c) => [c.id, c.name]));
  const kinds = new Map(inputs.categories.map((c) => [c.id, parseCategoryBalance(c.balance)]));
  const vacations: ExplainedVacation[] = [];
  for (const vacation of inputs.vacationsOf(userId)) {
    const kind = kinds.get(vacation.categoryId) ?? "none";
    if (kind === "none" || statusEffect(vacation.status) === "none") continue;
    if (vacation.endDate < bounds.firstDay || vacation.startDate > bounds.lastDay) continue;
    vacations.push({
      id: vacation.id,
      kind,
      categoryId: vacation.categoryId,
      categoryName: names.get(vacation.categoryId) ?? vacation.categoryId,
      startDate: vacation.startDate,
      endDate: vacation.endDate,
      status: vacation.status,
      days: amountInYear(vacation, year, input),
    });
  }

  const proration = inputs.prorationOf(userId, year);
  const accrual = inputs.accrualOf(userId, year);
  return {
    person: { id: person.id, name: displayName(person), email: person.email, self },
    year,
    /** The leave year's dates and label ("2026/27" when it does not start in January). */
    leaveYear: bounds,
    /**
     * The yearly allowance prorated for a joiner or a leaver (decision 0080), with what was taken
     * (approved) beyond it; null when employed the whole leave year.
     */
    proration: proration ? { ...proration, taken: balances.yearly.used, overdraft: Math.max(0, balances.yearly.used - proration.total) } : null,
    /**
     * An accruing yearly allowance (decision 0082): the months started, the exact share and what
     * its rounding earned by today, and whether people may book ahead of it; null otherwise.
     */
    accrual: accrual
      ? { ...accrual, rounding: inputs.rounding, unit: inputs.units.yearly, bookingAhead: inputs.bookingAhead, available: balances.yearly.available ?? balances.yearly.remaining }
      : null,
    today: inputs.today,
    hasAllowance: input.allowance !== null,
    balances,
    yearlySource: source,
    residual: {
      carriedIn,
      /** How the carried days in are used; null when none count (none carried, or reverted). */
      carriedUse: use,
      handSet: use ? use.handSet : balances.residual.total,
    },
    carriedOut: facts(year),
    /** What the turn of this year will carry, under the company's current settings. */
    carryOverRule: { maxDays: company.carryOverMaxDays, expiresOn: carryOverExpiry(year, company.carryOverExpiresOn, inputs.leaveYearStartMonth) },
    vacations,
    canRevert: isAdmin(viewer) && carriedIn !== null && carriedIn.revertedOn === null,
  };
}

export type BalanceExplanation = Awaited<ReturnType<typeof explainBalance>>;
