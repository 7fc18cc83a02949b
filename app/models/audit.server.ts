// Reading the audit (docs/decisions/0025-audit.md): who may read whose entries (canReadAudit,
// readsAuditOf), a page of entries under the filters, the people and companies the filters offer,
// and the CSV of every entry under them. Entries are written by recordAudit only and never changed.
import type { TFunction } from "i18next";
import type { Prisma } from "~/generated/prisma/client";
import { auditActionKey } from "~/lib/audit-actions";
import type { ApiAuditEntry } from "~/lib/schemas/api-responses";
import { ALL_COMPANIES, MAX_AUDIT_PAGE, SYSTEM_ACTOR, type AuditFilters } from "~/lib/audit-filters";
import { labelsOf, toCsv, type CsvDialect } from "~/lib/csv";
import { displayName } from "~/lib/people";
import { isoDateTimeIn, zonedDayEnd, zonedDayStart } from "~/lib/zoned-time";
import { getDb } from "~/utils/db.server";
import { AppError, forbidden } from "~/utils/errors.server";
import { canReadAudit, readsAuditOf, type Viewer } from "~/utils/permissions.server";
import { pageAndTotal } from "~/lib/paging";

/** Spec section 9: the audit page shows 20 entries. */
export const AUDIT_PAGE_SIZE = 20;
/** The CSV holds the newest entries under the filters, up to this many (the screen says so beyond). */
export const MAX_AUDIT_EXPORT_ROWS = 100_000;

const companyNotFound = () => new AppError(404, "not_found", "audit.filters.companyNotFound");

/**
 * The companies the filters read: one id, or null for every company (the master's default and
 * "all"). An owner asking for another company's entries gets a 404, as for any other id of it.
 */
async function companyScope(viewer: Viewer, requested: string | undefined): Promise<string | null> {
  if (!canReadAudit(viewer)) throw forbidden();
  if (!requested) return viewer.isMaster ? null : viewer.companyId;
  if (requested === ALL_COMPANIES) {
    if (!viewer.isMaster) throw forbidden();
    return null;
  }
  if (!readsAuditOf(viewer, requested)) throw companyNotFound();
  if (requested !== viewer.companyId && !(await getDb().company.findUnique({ where: { id: requested }, select: { id: true } }))) throw companyNotFound();
  return requested;
}

function whereOf(scope: string | null, filters: AuditFilters, timeZone: string): Prisma.AuditEntryWhereInput {
  const { action, userId, dateFrom, dateTo } = filters;
  return {
    ...(scope ? { companyId: scope } : {}),
    ...(action ? { action: action.endsWith(".*") ? { startsWith: action.slice(0, -1) } : action } : {}),
    ...(userId ? { actorId: userId === SYSTEM_ACTOR ? null : userId } : {}),
    ...(dateFrom || dateTo
      ? { createdAt: { ...(dateFrom ? { gte: zonedDayStart(dateFrom, timeZone) } : {}), ...(dateTo ? { lt: zonedDayEnd(dateTo, timeZone) } : {}) } }
      : {}),
  };
}

const entrySelect = {
  id: true,
  companyId: true,
  actorId: true,
  action: true,
  entity: true,
  entityId: true,
  details: true,
  createdAt: true,
  company: { select: { name: true } },
  apiToken: { select: { id: true, name: true } },
} as const;

type EntryRow = Prisma.AuditEntryGetPayload<{ select: typeof entrySelect }>;

interface PersonName {
  name: string;
  email: string;
}

export interface AuditItem {
  id: string;
  createdAt: Date;
  companyId: string;
  companyName: string;
  actorId: string | null;
  actor: PersonName | null;
  action: string;
  entity: string;
  entityId: string | null;
  /** { field: { old, new } } for changes, plain values for facts (counts, reasons, addresses). */
  details: Record<string, unknown>;
  /** The person the entry is about, when it is about one (a user entity, or details.user_id). */
  subject: (PersonName & { id: string }) | null;
  /** The API token the change was made with (the actor is its creator), when it was. */
  apiToken: { id: string; name: string } | null;
}

function parseDetails(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
  } catch {
    return { value: text };
  }
}

function subjectIdOf(entity: string, entityId: string | null, details: Record<string, unknown>): string | null {
  if (entity === "user" && entityId) return entityId;
  return typeof details.user_id === "string" ? details.user_id : null;
}

/** Names of the people entries mention: one query per 500 ids, whatever the number of entries. */
async function namesOf(ids: Iterable<string>, scope: string | null): Promise<Map<string, PersonName>> {
  const unique = [...new Set(ids)];
  const names = new Map<string, PersonName>();
  for (let i = 0; i < unique.length; i += 500) {
    const people = await getDb().user.findMany({
      // Deactivated people too: the audit outlives them.
      where: { id: { in: unique.slice(i, i + 500) }, ...(scope ? { companyId: scope } : {}) },
      select: { id: true, fullName: true, name: true, email: true },
    });
    for (const person of people) names.set(person.id, { name: displayName(person), email: person.email });
  }
  return names;
}

async function describeEntries(rows: EntryRow[], scope: string | null): Promise<AuditItem[]> {
  const parsed = rows.map((row) => ({ row, details: parseDetails(row.details) }));
  const ids = parsed.flatMap(({ row, details }) => [row.actorId, subjectIdOf(row.entity, row.entityId, details)].filter((id): id is string => Boolean(id)));
  const names = await namesOf(ids, scope);
  return parsed.map(({ row, details }) => {
    const subjectId = subjectIdOf(row.entity, row.entityId, details);
    const subject = subjectId ? names.get(subjectId) : undefined;
    return {
      id: row.id,
      createdAt: row.createdAt,
      companyId: row.companyId,
      companyName: row.company.name,
      actorId: row.actorId,
      actor: row.actorId ? (names.get(row.actorId) ?? null) : null,
      action: row.action,
      entity: row.entity,
      entityId: row.entityId,
      details,
      subject: subject && subjectId ? { id: subjectId, ...subject } : null,
      apiToken: row.apiToken,
    };
  });
}

/**
 * What the screen names an entry by (its "About" column) and the ids its details hold, resolved to
 * names. The CSV and /api keep the stored ids; this is the screen's reading only.
 */
export type AuditNamed =
  | { kind: "person" | "team" | "holiday" | "token" | "contact" | "invitation" | "company" | "closure" | "endpoint"; name: string }
  | { kind: "category"; id: string; name: string }
  | { kind: "absence"; person: string | null; start: string; end: string }
  /** The thing is gone and the entry kept nothing to name it by. */
  | { kind: "gone"; entity: string };

export interface AuditEntryNames {
  about: AuditNamed | null;
  /** Each id a field of the details holds (person, team, absence type), with what it names. */
  ids: Record<string, AuditNamed>;
}

/** Detail fields that hold ids of people, teams or absence types (one id, a change of one, or a list). */
const ID_FIELDS: Record<string, "user" | "team" | "absence_type"> = {
  user_id: "user",
  substitute_approver_id: "user",
  primaryContactId: "user",
  admins: "user",
  team_id: "team",
  category: "absence_type",
};

function idsIn(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(idsIn);
  if (value && typeof value === "object" && "old" in value && "new" in value) return [...idsIn(value.old), ...idsIn(value.new)];
  return [];
}

/** A name the details kept: a plain value, or a change's side that is not empty (a deletion keeps the old). */
function keptName(value: unknown): string | null {
  if (typeof value === "string" && value) return value;
  if (value && typeof value === "object" && "old" in value && "new" in value) return keptName(value.new) ?? keptName(value.old);
  return null;
}

/**
 * The names of what a page of entries is about and of the ids their details hold: one query per
 * kind of thing on the page (people, teams, absence types, absences, holidays, API tokens), never
 * one per entry. Each name is read within the entry's own company. A thing since deleted is named
 * by what the entry kept (a team's or a holiday's name, an invitation's e-mail), else "gone".
 */
export async function nameAuditEntries(items: readonly AuditItem[]): Promise<AuditEntryNames[]> {
  const key = (companyId: string, id: string) => `${companyId}|${id}`;
  const wanted = { user: new Set<string>(), team: new Set<string>(), absence_type: new Set<string>(), vacation: new Set<string>(), holiday: new Set<string>(), api_token: new Set<string>() };
  const companies = [...new Set(items.map((item) => item.companyId))];
  for (const item of items) {
    if (item.entityId && item.entity in wanted) wanted[item.entity as keyof typeof wanted].add(item.entityId);
    for (const [field, kind] of Object.entries(ID_FIELDS)) for (const id of idsIn(item.details[field])) wanted[kind].add(id);
  }
  const db = getDb();
  const inCompanies = { in: companies };
  const read = <T>(ids: Set<string>, query: (ids: string[]) => Promise<T[]>) => (ids.size ? query([...ids]) : Promise.resolve([] as T[]));
  const [people, teams, categories, vacations, holidays, tokens] = await Promise.all([
    // Deactivated people too: the audit outlives them.
    read(wanted.user, (ids) => db.user.findMany({ where: { id: { in: ids }, companyId: inCompanies }, select: { id: true, companyId: true, fullName: true, name: true, email: true } })),
    read(wanted.team, (ids) => db.team.findMany({ where: { id: { in: ids }, companyId: inCompanies }, select: { id: true, companyId: true, name: true } })),
    read(wanted.absence_type, (ids) => db.absenceCategory.findMany({ where: { id: { in: ids }, companyId: inCompanies }, select: { id: true, companyId: true, name: true } })),
    read(wanted.vacation, (ids) =>
      db.vacation.findMany({
        where: { id: { in: ids }, companyId: inCompanies },
        select: { id: true, companyId: true, startDate: true, endDate: true, user: { select: { fullName: true, name: true, email: true } } },
      }),
    ),
    read(wanted.holiday, (ids) => db.holiday.findMany({ where: { id: { in: ids }, companyId: inCompanies }, select: { id: true, companyId: true, name: true } })),
    read(wanted.api_token, (ids) => db.integrationToken.findMany({ where: { id: { in: ids }, companyId: inCompanies }, select: { id: true, companyId: true, name: true } })),
  ]);
  const found = new Map<string, AuditNamed>();
  for (const p of people) found.set(key(p.companyId, `user:${p.id}`), { kind: "person", name: displayName(p) });
  for (const team of teams) found.set(key(team.companyId, `team:${team.id}`), { kind: "team", name: team.name });
  for (const c of categories) found.set(key(c.companyId, `absence_type:${c.id}`), { kind: "category", id: c.id, name: c.name });
  for (const v of vacations) found.set(key(v.companyId, `vacation:${v.id}`), { kind: "absence", person: displayName(v.user), start: v.startDate, end: v.endDate });
  for (const h of holidays) found.set(key(h.companyId, `holiday:${h.id}`), { kind: "holiday", name: h.name });
  for (const token of tokens) found.set(key(token.companyId, `api_token:${token.id}`), { kind: "token", name: token.name });
  const lookup = (companyId: string, entity: string, id: string) => found.get(key(companyId, `${entity}:${id}`));

  return items.map((item) => {
    const { details, entity, entityId, companyId } = item;
    const ids: Record<string, AuditNamed> = {};
    for (const [field, kind] of Object.entries(ID_FIELDS)) {
      for (const id of idsIn(details[field])) ids[id] = lookup(companyId, kind, id) ?? { kind: "gone", entity: kind };
    }
    const kept = (kind: "team" | "holiday" | "token" | "contact" | "invitation" | "person" | "closure" | "endpoint", name: string | null): AuditNamed => (name ? { kind, name } : { kind: "gone", entity });
    let about: AuditNamed | null;
    switch (entity) {
      case "user":
        about = (entityId && lookup(companyId, "user", entityId)) || kept("person", keptName(details.email));
        break;
      case "vacation":
        about =
          (entityId && lookup(companyId, "vacation", entityId)) ||
          (typeof details.start_date === "string" && typeof details.end_date === "string"
            ? { kind: "absence", person: null, start: details.start_date, end: details.end_date }
            : { kind: "gone", entity });
        break;
      case "team":
        about = (entityId && lookup(companyId, "team", entityId)) || kept("team", keptName(details.name));
        break;
      case "absence_type": {
        const name = keptName(details.name);
        about = (entityId && lookup(companyId, "absence_type", entityId)) || (name ? { kind: "category", id: entityId ?? "", name } : { kind: "gone", entity });
        break;
      }
      case "holiday":
        about = (entityId && lookup(companyId, "holiday", entityId)) || (entityId ? kept("holiday", keptName(details.name)) : null);
        break;
      case "api_token":
        about = (entityId && lookup(companyId, "api_token", entityId)) || kept("token", keptName(details.name));
        break;
      case "invitation":
        about = kept("invitation", keptName(details.email));
        break;
      case "billing_contact":
        about = kept("contact", keptName(details.name));
        break;
      // Named by what the entry kept: a closure by its name, an endpoint by its address.
      case "closure":
        about = kept("closure", keptName(details.name));
        break;
      case "webhook":
        about = kept("endpoint", keptName(details.url) ?? keptName(details.endpoint_url));
        break;
      case "company":
      case "billing_details":
      case "payment_method":
        about = { kind: "company", name: item.companyName };
        break;
      default:
        // Carry-overs and allowances are about a person (details.user_id); feeds are named by their details.
        about = typeof details.user_id === "string" ? ids[details.user_id] : null;
    }
    return { about, ids };
  });
}

export interface AuditPage {
  items: AuditItem[];
  total: number;
  offset: number;
  limit: number;
  /** The company read, or null for every company. */
  companyId: string | null;
}

/** A page of entries under the filters, newest first: a fixed number of queries. */
export async function searchAudit(viewer: Viewer, filters: AuditFilters, paging: { offset?: number; limit?: number } = {}): Promise<AuditPage> {
  const scope = await companyScope(viewer, filters.companyId);
  const where = whereOf(scope, filters, viewer.timeZone);
  const limit = Math.min(Math.max(paging.limit ?? AUDIT_PAGE_SIZE, 1), MAX_AUDIT_PAGE);
  const offset = Math.max(paging.offset ?? 0, 0);
  const db = getDb();
  const { items: rows, total } = await pageAndTotal(
    { offset, limit },
    () => db.auditEntry.findMany({ where, select: entrySelect, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: offset, take: limit }),
    () => db.auditEntry.count({ where }),
  );
  return { items: await describeEntries(rows, scope), total, offset, limit, companyId: scope };
}

/** The companies the company filter offers: every company for the master, their own for an owner. */
export async function auditCompanies(viewer: Viewer) {
  if (!canReadAudit(viewer)) throw forbidden();
  return getDb().company.findMany({ where: viewer.isMaster ? {} : { id: viewer.companyId }, select: { id: true, name: true }, orderBy: { name: "asc" } });
}

/** The people the actor filter offers for one company: everyone who ever was in it, deactivated too. */
export async function auditPeople(viewer: Viewer, companyId: string) {
  await companyScope(viewer, companyId);
  const people = await getDb().user.findMany({
    where: { companyId },
    select: { id: true, fullName: true, name: true, email: true, deactivatedAt: true },
    orderBy: [{ fullName: "asc" }, { email: "asc" }],
  });
  return people.map((person) => ({ id: person.id, name: displayName(person), email: person.email, active: person.deactivatedAt === null }));
}

/** The /api shape (spec section 3: id, ts, user_id, action, entity, entity_id, details, company). */
export function serializeAuditEntry(item: AuditItem): ApiAuditEntry {
  return {
    id: item.id,
    ts: item.createdAt.toISOString(),
    created_at: item.createdAt.toISOString(),
    user_id: item.actorId,
    actor: item.actor ? { id: item.actorId, name: item.actor.name, email: item.actor.email } : null,
    action: item.action,
    entity: item.entity,
    entity_id: item.entityId,
    details: item.details,
    api_token: item.apiToken,
    company_id: item.companyId,
    company: { id: item.companyId, name: item.companyName },
  };
}

export interface AuditCsvOptions {
  t: TFunction;
  dialect: CsvDialect;
}

/**
 * Every entry under the filters (the newest MAX_AUDIT_EXPORT_ROWS) as CSV in the reader's language:
 * times in their company's zone, labels translated, details as JSON.
 */
export async function auditCsv(viewer: Viewer, filters: AuditFilters, { t, dialect }: AuditCsvOptions) {
  const scope = await companyScope(viewer, filters.companyId);
  const where = whereOf(scope, filters, viewer.timeZone);
  const rows = await getDb().auditEntry.findMany({ where, select: entrySelect, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: MAX_AUDIT_EXPORT_ROWS });
  const items = await describeEntries(rows, scope);
  const header = [
    t("audit.csv.time", { zone: viewer.timeZone }),
    t("audit.csv.company"),
    t("audit.csv.actor"),
    t("audit.csv.actorEmail"),
    t("audit.csv.action"),
    t("audit.csv.actionCode"),
    t("audit.csv.entity"),
    t("audit.csv.entityId"),
    t("audit.csv.subject"),
    t("audit.csv.details"),
    // Last, so files read by column position before it existed still line up.
    t("audit.csv.apiToken"),
  ];
  const actionLabel = labelsOf((action) => t(auditActionKey(action), { defaultValue: action }));
  const body = toCsv(
    header,
    items.map((item) => [
      isoDateTimeIn(item.createdAt, viewer.timeZone),
      item.companyName,
      item.actor?.name ?? t("audit.system"),
      item.actor?.email ?? "",
      actionLabel(item.action),
      item.action,
      item.entity,
      item.entityId ?? "",
      item.subject?.name ?? "",
      JSON.stringify(item.details),
      item.apiToken?.name ?? "",
    ]),
    dialect,
  );
  return { body, rows: items.length };
}
