// Vacation lists (the Absences page, the /api lists and search, the absences report and every CSV
// of them, the calendars and the balances): one definition of their filters, their order and their
// page, read through the client with only the columns each caller uses.
import type { Prisma } from "~/generated/prisma/client";
import { earliestStartReaching } from "~/lib/input-limits";
import { BLOCKING_STATUSES } from "~/lib/statuses";
import { NO_TEAM_FILTER, type VacationFilters } from "~/lib/vacation-filters";
import { getDb, type DbClient } from "~/utils/db.server";
import type { Viewer } from "~/utils/permissions.server";

/** Columns of "Vacation" to read, as a client `select` of scalars names them (no relations). */
export type VacationColumns = { [Column in Prisma.VacationScalarFieldEnum]?: true };

/** A row read with `columns`: the client's own payload type for that select. */
export type VacationColumnsRow<Columns extends VacationColumns> = Prisma.VacationGetPayload<{ select: Columns }>;

/**
 * The viewer's company's vacations under the filters: those overlapping [dateFrom, dateTo] (an
 * vacation reaching dateFrom starts at most MAX_VACATION_DAYS before it, which bounds the index range
 * read), of a person, a status, an absence category, a team or no team.
 */
export function vacationFilterWhere(viewer: Pick<Viewer, "companyId">, filters: VacationFilters): Prisma.VacationWhereInput {
  const parts: Prisma.VacationWhereInput[] = [{ companyId: viewer.companyId }];
  if (filters.userId) parts.push({ userId: filters.userId });
  if (filters.status) parts.push({ status: filters.status });
  if (filters.categoryId) parts.push({ categoryId: filters.categoryId });
  if (filters.dateFrom && filters.dateTo) parts.push(overlapping(filters.dateFrom, filters.dateTo));
  else if (filters.dateFrom) parts.push({ endDate: { gte: filters.dateFrom }, startDate: { gte: earliestStartReaching(filters.dateFrom) } });
  else if (filters.dateTo) parts.push({ startDate: { lte: filters.dateTo } });
  if (filters.teamId === NO_TEAM_FILTER) parts.push({ user: { companyId: viewer.companyId, teamId: null } });
  else if (filters.teamId) parts.push({ user: { teamId: filters.teamId } });
  return { AND: parts };
}

/** Vacations that hold their dates (pending or approved): what calendars show and what is still ahead. */
export const holdingDates: Prisma.VacationWhereInput = { status: { in: [...BLOCKING_STATUSES] } };

/** Vacations overlapping [from, to], their start bounded below as in vacationFilterWhere. */
export function overlapping(from: string, to: string): Prisma.VacationWhereInput {
  return { startDate: { gte: earliestStartReaching(from), lte: to }, endDate: { gte: from } };
}

/**
 * Newest first (the Absences page and the API) or in date order (reports read forward in time).
 * The id last: vacations written together (same start, same moment) keep one order between pages
 * and in the CSV, whichever index the database reads them through.
 */
export type VacationListOrder = "newest" | "oldest";

const ORDER: Record<VacationListOrder, Prisma.VacationOrderByWithRelationInput[]> = {
  newest: [{ startDate: "desc" }, { createdAt: "desc" }, { id: "desc" }],
  oldest: [{ startDate: "asc" }, { createdAt: "asc" }, { id: "asc" }],
};

interface ReadOptions {
  order: VacationListOrder;
  /** Every row when left out. */
  page?: { offset: number; limit: number };
  /** A transaction's client, when the read belongs to one. */
  db?: DbClient;
}

/** The vacations `where` selects (a page of them), in `order`, with the columns asked for. */
export function readVacations<Columns extends VacationColumns>(columns: Columns, where: Prisma.VacationWhereInput, { order, page, db = getDb() }: ReadOptions): Promise<VacationColumnsRow<Columns>[]> {
  return db.vacation.findMany({ select: columns, where, orderBy: ORDER[order], ...(page ? { skip: page.offset, take: page.limit } : {}) }) as Promise<VacationColumnsRow<Columns>[]>;
}

/** How many vacations `where` selects. */
export function countVacations(where: Prisma.VacationWhereInput): Promise<number> {
  return getDb().vacation.count({ where });
}
