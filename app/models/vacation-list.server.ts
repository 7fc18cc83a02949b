// Absence lists (the Absences page, the /api lists and search, the absences report and every CSV
// of them) read in plain SQL: one definition of their filters, their order and their page. The
// client's findMany spent ~2.7 µs of CPU per row turning its result into objects (a month's 281
// rows of the search API: 2.8 ms through the client, 2.0 ms as plain SQL; the report's 15,000:
// ~90 and ~66 ms) on top of what the database does (docs/decisions/0053-absence-lists-in-plain-sql.md).
// Quoted names and bound values only, the same on SQLite and PostgreSQL (both suites run it).
import { Prisma } from "~/generated/prisma/client";
import { earliestStartReaching } from "~/lib/input-limits";
import { BLOCKING_STATUSES } from "~/lib/statuses";
import { NO_TEAM_FILTER, type VacationFilters } from "~/lib/vacation-filters";
import { getDb, readRows, type DbClient } from "~/utils/db.server";
import { columnListSql } from "./sql-columns.server";
import type { Viewer } from "~/utils/permissions.server";

/** Columns of "Vacation" to read, as a client `select` of scalars names them (no relations). */
export type VacationColumns = { [Column in Prisma.VacationScalarFieldEnum]?: true };

/** A row read with `columns`: the client's own payload type for that select. */
export type VacationColumnsRow<Columns extends VacationColumns> = Prisma.VacationGetPayload<{ select: Columns }>;

/**
 * The viewer's company's absences under the filters, as the condition on "Vacation" v: those
 * overlapping [dateFrom, dateTo] (an absence reaching dateFrom starts at most MAX_ABSENCE_DAYS
 * before it, which bounds the index range read), of a person, a status, a type, a team or no team.
 */
export function vacationFilterSql(viewer: Pick<Viewer, "companyId">, filters: VacationFilters): Prisma.Sql {
  const parts = [Prisma.sql`v."companyId" = ${viewer.companyId}`];
  if (filters.userId) parts.push(Prisma.sql`v."userId" = ${filters.userId}`);
  if (filters.status) parts.push(Prisma.sql`v."status" = ${filters.status}`);
  if (filters.categoryId) parts.push(Prisma.sql`v."categoryId" = ${filters.categoryId}`);
  if (filters.dateFrom && filters.dateTo) parts.push(overlappingSql(filters.dateFrom, filters.dateTo));
  else if (filters.dateFrom) parts.push(Prisma.sql`v."endDate" >= ${filters.dateFrom}`, Prisma.sql`v."startDate" >= ${earliestStartReaching(filters.dateFrom)}`);
  else if (filters.dateTo) parts.push(Prisma.sql`v."startDate" <= ${filters.dateTo}`);
  if (filters.teamId === NO_TEAM_FILTER) {
    parts.push(Prisma.sql`v."userId" IN (SELECT u."id" FROM "User" u WHERE u."companyId" = ${viewer.companyId} AND u."teamId" IS NULL)`);
  } else if (filters.teamId) {
    parts.push(Prisma.sql`v."userId" IN (SELECT u."id" FROM "User" u WHERE u."teamId" = ${filters.teamId})`);
  }
  return Prisma.join(parts, " AND ");
}

/** Absences that hold their dates (pending or approved): what calendars show and what is still ahead. */
export const holdingDatesSql = Prisma.sql`v."status" IN (${Prisma.join(BLOCKING_STATUSES)})`;

/** Absences overlapping [from, to], their start bounded below as in vacationFilterSql. */
export function overlappingSql(from: string, to: string): Prisma.Sql {
  return Prisma.sql`(v."startDate" >= ${earliestStartReaching(from)} AND v."startDate" <= ${to} AND v."endDate" >= ${from})`;
}

/**
 * Newest first (the Absences page and the API) or in date order (reports read forward in time).
 * The id last: absences written together (same start, same moment) keep one order between pages
 * and in the CSV, whichever index the database reads them through.
 */
export type VacationListOrder = "newest" | "oldest";

const ORDER_SQL: Record<VacationListOrder, Prisma.Sql> = {
  newest: Prisma.sql`ORDER BY v."startDate" DESC, v."createdAt" DESC, v."id" DESC`,
  oldest: Prisma.sql`ORDER BY v."startDate" ASC, v."createdAt" ASC, v."id" ASC`,
};

interface ReadOptions {
  order: VacationListOrder;
  /** Every row when left out. */
  page?: { offset: number; limit: number };
  /** A transaction's client, when the read belongs to one. */
  db?: DbClient;
}

/** The absences `where` selects (a page of them), in `order`, with the columns asked for. */
export function readVacations<Columns extends VacationColumns>(columns: Columns, where: Prisma.Sql, { order, page, db = getDb() }: ReadOptions): Promise<VacationColumnsRow<Columns>[]> {
  const paging = page ? Prisma.sql`LIMIT ${page.limit} OFFSET ${page.offset}` : Prisma.empty;
  return readRows<VacationColumnsRow<Columns>>(db, Prisma.sql`SELECT ${columnListSql("v", columns)} FROM "Vacation" v WHERE ${where} ${ORDER_SQL[order]} ${paging}`);
}

/** How many absences `where` selects. */
export async function countVacations(where: Prisma.Sql): Promise<number> {
  const [row] = await readRows<{ count: number | bigint }>(getDb(), Prisma.sql`SELECT COUNT(*) AS "count" FROM "Vacation" v WHERE ${where}`);
  // PostgreSQL's COUNT is a bigint.
  return Number(row.count);
}
