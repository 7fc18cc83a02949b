// A company's holidays: the list everyone reads, and every write — one holiday, a CSV import, the
// official holidays of the catalogue, and those sign-up and the company tab add — in this one
// module. Writes are company admins' (canManageHolidays), scoped by the viewer's company, and
// audited in their transaction. Choices: docs/decisions/0022-bank-holidays.md.
import { foldForSearch } from "~/lib/text-search";
import type { Prisma } from "~/generated/prisma/client";
import type { ApiHoliday } from "~/lib/schemas/api-responses";
import { readHolidayCsv, type CsvRowError } from "~/lib/holiday-csv";
import { twoDigits, type HolidayFilters } from "~/lib/holiday-filters";
import { checkHolidayFields, holidayKey, type HolidayDraft, type HolidayFieldsInput } from "~/lib/holidays";
import { changes, recordAudit } from "~/utils/audit.server";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { assertAllowed, canManageHolidays, type Viewer } from "~/utils/permissions.server";
import { isKnownCountry, listRegions, officialHolidays } from "./holiday-catalogue.server";
import { pageAndTotal } from "~/lib/paging";

type Client = Prisma.TransactionClient | ReturnType<typeof getDb>;

export const holidaySelect = { id: true, date: true, name: true, countryCode: true, region: true, isRecurring: true } as const;
export type HolidayRow = Prisma.HolidayGetPayload<{ select: typeof holidaySelect }>;

const ORDER: Prisma.HolidayOrderByWithRelationInput[] = [{ date: "asc" }, { countryCode: "asc" }, { name: "asc" }];

/** The /api shape (spec section 3). */
export function serializeHoliday(holiday: HolidayRow): ApiHoliday {
  return { id: holiday.id, date: holiday.date, name: holiday.name, country_code: holiday.countryCode, region: holiday.region, is_recurring: holiday.isRecurring };
}

const notFound = () => new AppError(404, "not_found", "holidays.notFound");

/**
 * The filters as a query. A recurring holiday is stored once and falls on its day every year,
 * so a year shows the holidays dated in it and every recurring one; a month matches the stored
 * date's month; a date range the stored dates.
 */
function whereOf(companyId: string, filters: HolidayFilters): Prisma.HolidayWhereInput {
  const and: Prisma.HolidayWhereInput[] = [{ companyId }];
  if (filters.countryCode) and.push({ countryCode: filters.countryCode });
  const month = filters.month ? twoDigits(filters.month) : null;
  if (filters.year) {
    const prefix = month ? `${filters.year}-${month}-` : `${filters.year}-`;
    and.push({ OR: [{ date: { startsWith: prefix } }, { isRecurring: true, ...(month ? { date: { contains: `-${month}-` } } : {}) }] });
  } else if (month) {
    // "2027-05-01": "-05-" can only be the month (the year has no dash before it, the day none after).
    and.push({ date: { contains: `-${month}-` } });
  }
  if (filters.dateFrom) and.push({ date: { gte: filters.dateFrom } });
  if (filters.dateTo) and.push({ date: { lte: filters.dateTo } });
  return { AND: and };
}

export interface HolidayPage {
  items: HolidayRow[];
  total: number;
  offset: number;
  limit: number;
}

/**
 * A page of the company's holidays under the filters, by date. Everyone in the company reads
 * them. The name search folds case and accents in memory (identical on SQLite and PostgreSQL,
 * as the people search): it reads the matching rows' names, then the page.
 */
export async function listHolidays(viewer: Viewer, filters: HolidayFilters, paging: { offset: number; limit: number }): Promise<HolidayPage> {
  const db = getDb();
  const where = whereOf(viewer.companyId, filters);
  const { offset, limit } = paging;
  const needle = filters.q ? foldForSearch(filters.q.trim()) : "";
  if (!needle) {
    const { items, total } = await pageAndTotal(
      paging,
      () => db.holiday.findMany({ where, select: holidaySelect, orderBy: ORDER, skip: offset, take: limit }),
      () => db.holiday.count({ where }),
    );
    return { items, total, offset, limit };
  }
  const names = await db.holiday.findMany({ where, select: { id: true, name: true }, orderBy: ORDER });
  const matching = names.filter((row) => foldForSearch(row.name).includes(needle)).map((row) => row.id);
  const pageIds = matching.slice(offset, offset + limit);
  const rows = pageIds.length ? await db.holiday.findMany({ where: { companyId: viewer.companyId, id: { in: pageIds } }, select: holidaySelect }) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { items: pageIds.flatMap((id) => byId.get(id) ?? []), total: matching.length, offset, limit };
}

export async function getHoliday(viewer: Viewer, id: string, client: Client = getDb()): Promise<HolidayRow> {
  const holiday = await client.holiday.findFirst({ where: { id, companyId: viewer.companyId }, select: holidaySelect });
  if (!holiday) throw notFound();
  return holiday;
}

/** The company's country: a holiday given without one is the company's. */
export async function companyCountry(viewer: Viewer, client: Client = getDb()): Promise<string> {
  const company = await client.company.findUniqueOrThrow({ where: { id: viewer.companyId }, select: { countryCode: true } });
  return company.countryCode;
}

function validationFailed(errors: Record<string, string | undefined>) {
  const fields = Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => Boolean(entry[1])));
  return new AppError(400, "validation_failed", Object.values(fields)[0], { fields });
}

const exists = (draft: HolidayDraft) => new AppError(409, "holiday_exists", "holidays.exists", { params: { name: draft.name, date: draft.date, country: draft.countryCode } });

function isUniqueViolation(error: unknown) {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "P2002";
}

type AuditedFields = Record<"date" | "name" | "country_code" | "region" | "is_recurring", string | boolean | null>;
const EMPTY_HOLIDAY: AuditedFields = { date: null, name: null, country_code: null, region: null, is_recurring: null };
const auditFields = (h: HolidayDraft): AuditedFields => ({ date: h.date, name: h.name, country_code: h.countryCode, region: h.region, is_recurring: h.isRecurring });

/**
 * One holiday (spec section 5): date and name required, the country the company's when not
 * given, upper case; region optional; recurring as given (the form ticks it by default, the API
 * takes it as true when missing). The same country, date and name twice is a 409.
 */
export async function createHoliday(viewer: Viewer, input: HolidayFieldsInput): Promise<HolidayRow> {
  assertAllowed(canManageHolidays(viewer));
  const checked = checkHolidayFields(input, { countryCode: await companyCountry(viewer), isRecurring: true });
  if (!checked.ok) throw validationFailed(checked.errors);
  const draft = checked.value;
  try {
    return await getDb().$transaction(async (tx) => {
      const clash = await tx.holiday.findFirst({ where: { companyId: viewer.companyId, countryCode: draft.countryCode, date: draft.date, name: draft.name }, select: { id: true } });
      if (clash) throw exists(draft);
      const holiday = await tx.holiday.create({ data: { companyId: viewer.companyId, ...draft }, select: holidaySelect });
      await recordAudit(
        { companyId: viewer.companyId, actorId: viewer.userId, action: "holiday.created", entity: "holiday", entityId: holiday.id, details: changes(EMPTY_HOLIDAY, auditFields(draft)) },
        tx,
      );
      return holiday;
    });
  } catch (error) {
    throw isUniqueViolation(error) ? exists(draft) : error;
  }
}

/** Deletes one of the company's holidays (another company's id is a 404, nothing deleted). Audited. */
export async function deleteHoliday(viewer: Viewer, id: string): Promise<HolidayRow> {
  assertAllowed(canManageHolidays(viewer));
  return getDb().$transaction(async (tx) => {
    const holiday = await getHoliday(viewer, id, tx);
    await tx.holiday.delete({ where: { id: holiday.id } });
    await recordAudit(
      { companyId: viewer.companyId, actorId: viewer.userId, action: "holiday.deleted", entity: "holiday", entityId: holiday.id, details: changes(auditFields(holiday), EMPTY_HOLIDAY) },
      tx,
    );
    return holiday;
  });
}

export interface PlannedHoliday extends HolidayDraft {
  /** The CSV line it came from (none for the catalogue). */
  line?: number;
}

export interface SkippedHoliday extends PlannedHoliday {
  /** Already in the company, or a repeat of an earlier row of the same import. */
  reason: "exists" | "repeated";
}

export interface HolidayPlan {
  create: PlannedHoliday[];
  skip: SkippedHoliday[];
  errors: CsvRowError[];
}

/** Splits drafts into those to create and those the company has (same country, date and name) or that repeat one before. */
async function planWrites(client: Client, companyId: string, drafts: readonly PlannedHoliday[]): Promise<Pick<HolidayPlan, "create" | "skip">> {
  if (!drafts.length) return { create: [], skip: [] };
  let first = drafts[0].date;
  let last = first;
  for (const { date } of drafts) {
    if (date < first) first = date;
    if (date > last) last = date;
  }
  const existing = await client.holiday.findMany({
    where: { companyId, countryCode: { in: [...new Set(drafts.map((d) => d.countryCode))] }, date: { gte: first, lte: last } },
    select: { countryCode: true, date: true, name: true },
  });
  const stored = new Set(existing.map(holidayKey));
  const seen = new Set<string>();
  const create: PlannedHoliday[] = [];
  const skip: SkippedHoliday[] = [];
  for (const draft of drafts) {
    const key = holidayKey(draft);
    if (stored.has(key)) skip.push({ ...draft, reason: "exists" });
    else if (seen.has(key)) skip.push({ ...draft, reason: "repeated" });
    else {
      seen.add(key);
      create.push(draft);
    }
  }
  return { create, skip };
}

async function insertAll(tx: Prisma.TransactionClient, companyId: string, drafts: readonly HolidayDraft[]) {
  await tx.holiday.createMany({ data: drafts.map(({ date, name, countryCode, region, isRecurring }) => ({ companyId, date, name, countryCode, region, isRecurring })) });
}

/**
 * Adds holidays the company does not have yet (same country, date and name), inside the caller's
 * transaction; the caller audits. Sign-up and the company tab add the catalogue's national
 * holidays through here. Returns how many were added.
 */
export async function addHolidays(tx: Prisma.TransactionClient, companyId: string, drafts: readonly HolidayDraft[]): Promise<number> {
  const { create } = await planWrites(tx, companyId, drafts);
  await insertAll(tx, companyId, create);
  return create.length;
}

/** Writes a plan in one transaction with one audit entry carrying its counts. A race lost to the unique index is a 409. */
async function writePlan(viewer: Viewer, drafts: readonly PlannedHoliday[], errors: CsvRowError[], audit: { action: string; details: Record<string, unknown> }): Promise<HolidayPlan> {
  try {
    return await getDb().$transaction(
      async (tx) => {
        const plan = { ...(await planWrites(tx, viewer.companyId, drafts)), errors };
        await insertAll(tx, viewer.companyId, plan.create);
        await recordAudit(
          {
            companyId: viewer.companyId,
            actorId: viewer.userId,
            action: audit.action,
            entity: "holiday",
            details: { ...audit.details, created: plan.create.length, skipped: plan.skip.length, errors: errors.length },
          },
          tx,
        );
        return plan;
      },
      { timeout: 30_000 },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, "holiday_exists", "holidays.importRace");
    throw error;
  }
}

/**
 * The rows of a holiday CSV (spec section 5) as a plan: what would be created, skipped (already
 * there, or repeated in the file) and refused (line and reason). A file the spec's checks refuse
 * is a 400 with their message.
 */
async function planFromCsv(viewer: Viewer, text: string) {
  const read = readHolidayCsv(text);
  if (!read.ok) throw new AppError(400, "csv_invalid", read.problem.key, { params: read.problem.params });
  const defaults = { countryCode: await companyCountry(viewer), isRecurring: true };
  const drafts: PlannedHoliday[] = [];
  const errors = [...read.errors];
  for (const row of read.rows) {
    const checked = checkHolidayFields(row, defaults);
    if (checked.ok) drafts.push({ ...checked.value, line: row.line });
    else {
      const [field, key] = Object.entries(checked.errors)[0];
      errors.push({ line: row.line, key: key!, params: { field, value: String(row[field as keyof typeof row] ?? "").slice(0, 40) } });
    }
  }
  errors.sort((a, b) => a.line - b.line);
  return { drafts, errors };
}

/**
 * A CSV import: with `dryRun` only the plan, nothing written; otherwise the plan is written in
 * one transaction and audited once with its counts.
 */
export async function importHolidayCsv(viewer: Viewer, text: string, { dryRun }: { dryRun: boolean }): Promise<HolidayPlan> {
  assertAllowed(canManageHolidays(viewer));
  const { drafts, errors } = await planFromCsv(viewer, text);
  if (dryRun) return { ...(await planWrites(getDb(), viewer.companyId, drafts)), errors };
  return writePlan(viewer, drafts, errors, { action: "holiday.imported", details: { source: "csv" } });
}

export interface OfficialRequest {
  countryCode: string;
  region: string | null;
  year: number;
}

/** A country the catalogue knows, one of its regions (or none), a year of the product's window. */
async function officialDrafts({ countryCode, region, year }: OfficialRequest): Promise<PlannedHoliday[]> {
  if (!(await isKnownCountry(countryCode))) {
    throw new AppError(400, "validation_failed", "holidays.catalogue.countryUnknown", { fields: { countryCode: "holidays.catalogue.countryUnknown" } });
  }
  if (region && !(await listRegions(countryCode)).some((r) => r.code === region)) {
    throw new AppError(400, "validation_failed", "holidays.catalogue.regionUnknown", { fields: { region: "holidays.catalogue.regionUnknown" } });
  }
  if (!Number.isInteger(year) || year < 2000 || year > 2100) {
    throw new AppError(400, "validation_failed", "holidays.filters.yearInvalid", { fields: { year: "holidays.filters.yearInvalid" } });
  }
  // One-off rows: movable feasts differ each year and fixed ones may be moved by law (0017).
  return (await officialHolidays(countryCode, region, year)).map((h) => ({ ...h, countryCode, isRecurring: false }));
}

/** What loading the catalogue's holidays of a country (and region) for a year would add and skip. */
export async function previewOfficialHolidays(viewer: Viewer, request: OfficialRequest): Promise<HolidayPlan> {
  assertAllowed(canManageHolidays(viewer));
  const drafts = await officialDrafts(request);
  return { ...(await planWrites(getDb(), viewer.companyId, drafts)), errors: [] };
}

/** Adds the catalogue's holidays of a country (and region) for a year that the company lacks; one audit entry. */
export async function loadOfficialHolidays(viewer: Viewer, request: OfficialRequest): Promise<HolidayPlan> {
  assertAllowed(canManageHolidays(viewer));
  const drafts = await officialDrafts(request);
  return writePlan(viewer, drafts, [], { action: "holiday.catalogue_loaded", details: { country_code: request.countryCode, region: request.region, year: request.year } });
}
