// A person's exit export (issue 43): the leave certificate (PDF) of the current and previous leave
// year, and the ZIP of everything the app keeps about them (the GDPR access and portability
// request), both audited. The person exports themselves; company admins anyone of their company.
// Figures come from the balance model as every screen reads them (leave year of decision 0080,
// units of decision 0081); nothing here counts a balance of its own
// (docs/decisions/0095-exit-export.md).
import JSZip from "jszip";
import { certificateFilesOf } from "./certificate.server";
import { categoryName } from "~/components/absence-category-name";
import { languageOr, type Language } from "~/i18n";
import { amountInYear, BALANCE_KINDS, statusEffect, type BalanceFigures, type BalanceKind } from "~/lib/balances";
import { csvDialectFor, safeFileName, toCsv } from "~/lib/csv";
import { todayIn, type IsoDate } from "~/lib/dates";
import { parseLeaveUnit, type LeaveUnit } from "~/lib/leave-charge";
import { leaveYear, leaveYearOf, leaveYearsBetween } from "~/lib/leave-year";
import { displayName } from "~/lib/people";
import { isoDateTimeIn } from "~/lib/zoned-time";
import { recordAudit } from "~/utils/audit.server";
import { getDb, type DbClient } from "~/utils/db.server";
import { AppError, forbidden } from "~/utils/errors.server";
import { getT } from "~/utils/i18n.server";
import { isAdmin, type Viewer } from "~/utils/permissions.server";
import { companyRefOf, loadBalanceInputs } from "./balance.server";
import { renderLeaveCertificatePdf } from "./leave-certificate-pdf.server";

/** A file the ZIP carries under files/ (an uploaded medical certificate, say). */
export interface ExportFile {
  /** Its path under files/, e.g. "sick-notes/2026-03-02.pdf". */
  path: string;
  bytes: Uint8Array;
}

/** What the ZIP knows of its person when it asks a provider for their files. */
export interface ExportFilePerson {
  id: string;
  companyId: string;
}

/** A part of the app that keeps files people uploaded, asked for one person's. */
export type ExportFileProvider = (db: DbClient, person: ExportFilePerson) => Promise<readonly ExportFile[]>;

/**
 * Every part of the app that keeps uploaded files adds its provider here, so the data export
 * carries all of a person's files without knowing how each part stores them: today the sickness
 * certificates (decision 0092).
 */
export const EXPORT_FILE_PROVIDERS: readonly ExportFileProvider[] = [certificateFilesOf];

const personSelect = {
  id: true,
  companyId: true,
  email: true,
  fullName: true,
  name: true,
  role: true,
  countryCode: true,
  region: true,
  preferredLanguage: true,
  firstDay: true,
  lastDay: true,
  createdAt: true,
  deactivatedAt: true,
  team: { select: { name: true } },
} as const;

/**
 * The person to export: of the viewer's company (404 for anyone else's, removed people included:
 * a leaver is often removed first), and the viewer themselves unless a company admin (403).
 */
async function exportSubject(db: DbClient, viewer: Viewer, userId: string) {
  const person = await db.user.findFirst({ where: { id: userId, companyId: viewer.companyId }, select: personSelect });
  if (!person) throw new AppError(404, "not_found", "errors.userNotFound");
  if (person.id !== viewer.userId && !isAdmin(viewer)) throw forbidden();
  return person;
}

type ExportPerson = Awaited<ReturnType<typeof exportSubject>>;

export interface CertificateAbsence {
  startDate: IsoDate;
  endDate: IsoDate;
  type: string;
  /** What it took from this leave year, in its type's unit. */
  amount: number;
  unit: LeaveUnit;
}

export interface CertificateYear {
  year: number;
  label: string;
  firstDay: IsoDate;
  lastDay: IsoDate;
  /** The balances with figures in this year (the yearly one always). */
  balances: { kind: BalanceKind; figures: BalanceFigures }[];
  /** The yearly allowance before pro-rata, when the person was employed only part of the year. */
  proratedFrom: number | null;
  /** Approved absences touching the year, oldest first. */
  taken: CertificateAbsence[];
}

/**
 * The leave year the certificate calls current: today's, or for someone whose last day has passed,
 * the one holding their last day (a certificate asked for months after leaving speaks of the
 * years they worked).
 */
function currentYearFor(person: Pick<ExportPerson, "lastDay">, today: IsoDate, startMonth: number): number {
  const asOf = person.lastDay && person.lastDay < today ? person.lastDay : today;
  return leaveYearOf(asOf, startMonth).year;
}

/** Balances and approved absences of each leave year fromYear–toYear, as the balance model reads them. */
async function readLeaveYears(db: DbClient, viewer: Viewer, person: ExportPerson, fromYear: number, toYear: number, language: Language) {
  const t = getT(language);
  const inputs = await loadBalanceInputs(db, companyRefOf(viewer), { fromYear, toYear, userIds: [person.id], withRecentlyDeactivated: true });
  const categories = new Map(inputs.categories.map((category) => [category.id, category]));
  const years: CertificateYear[] = [];
  for (let year = fromYear; year <= toYear; year++) {
    const bounds = leaveYear(year, inputs.leaveYearStartMonth);
    const input = inputs.balanceInputOf(person.id, year);
    const balances = inputs.balancesOf(person.id, year);
    const proration = inputs.prorationOf(person.id, year);
    const taken = inputs
      .vacationsOf(person.id)
      .filter((vacation) => statusEffect(vacation.status) === "used" && vacation.startDate <= bounds.lastDay && vacation.endDate >= bounds.firstDay)
      .map((vacation) => ({
        startDate: vacation.startDate,
        endDate: vacation.endDate,
        type: categoryName(t, categories.get(vacation.categoryId), vacation.categoryId),
        amount: amountInYear(vacation, year, input),
        unit: parseLeaveUnit(categories.get(vacation.categoryId)?.unit),
      }));
    years.push({
      year,
      label: bounds.label,
      firstDay: bounds.firstDay,
      lastDay: bounds.lastDay,
      balances: BALANCE_KINDS.filter((kind) => kind === "yearly" || balances[kind].total !== 0 || balances[kind].used !== 0 || balances[kind].pending !== 0).map((kind) => ({
        kind,
        figures: balances[kind],
      })),
      proratedFrom: proration?.prorated ? proration.allowance : null,
      taken,
    });
  }
  return { years, inputs };
}

async function companyOf(db: DbClient, viewer: Viewer) {
  return db.company.findUniqueOrThrow({ where: { id: viewer.companyId }, select: { name: true, timeZone: true, leaveYearStartMonth: true } });
}

/**
 * The leave certificate of a person: their previous and current leave year (see currentYearFor),
 * in the person's language, as a PDF; recorded in the audit (user.certificate_exported).
 */
export async function leaveCertificate(viewer: Viewer, userId: string): Promise<{ pdf: Buffer; filename: string }> {
  const db = getDb();
  const [person, company] = await Promise.all([exportSubject(db, viewer, userId), companyOf(db, viewer)]);
  const language = languageOr(person.preferredLanguage);
  const today = todayIn(company.timeZone);
  const current = currentYearFor(person, today, company.leaveYearStartMonth);
  const { years } = await readLeaveYears(db, viewer, person, current - 1, current, language);
  const name = displayName(person);
  const pdf = await renderLeaveCertificatePdf(
    { companyName: company.name, person: { name, email: person.email, firstDay: person.firstDay, lastDay: person.lastDay }, issuedOn: today, years },
    language,
  );
  await recordAudit({
    companyId: viewer.companyId,
    actorId: viewer.userId,
    action: "user.certificate_exported",
    entity: "user",
    entityId: person.id,
    details: { years: years.map((year) => year.year) },
  });
  return { pdf, filename: safeFileName(getT(language)("exitExport.files.certificate", { name }), "pdf") };
}

const UTF8_BOM = "\uFEFF";
/** The ZIP's balances go back this many leave years at most: decades of imported history stay readable through the screens. */
const MAX_EXPORT_YEARS = 30;

/** The ZIP's entries about a person: about them (their account, an allowance, a carry-over) or one of their absences. */
async function auditRowsAbout(db: DbClient, person: ExportPerson, vacationIds: readonly string[]) {
  const rows = await db.auditEntry.findMany({
    where: {
      companyId: person.companyId,
      OR: [
        { entity: "user", entityId: person.id },
        // The details are JSON.stringify's: the key and the id with no space between them.
        { details: { contains: `"user_id":${JSON.stringify(person.id)}` } },
        ...(vacationIds.length ? [{ entity: "vacation", entityId: { in: [...vacationIds] } }] : []),
      ],
    },
    select: { id: true, createdAt: true, action: true, entity: true, entityId: true, actorId: true, details: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const actorIds = [...new Set(rows.map((row) => row.actorId).filter((id): id is string => Boolean(id)))];
  const actors = actorIds.length
    ? await db.user.findMany({ where: { id: { in: actorIds }, companyId: person.companyId }, select: { id: true, fullName: true, name: true, email: true } })
    : [];
  const actorNames = new Map(actors.map((actor) => [actor.id, displayName(actor)]));
  return rows.map((row) => ({
    id: row.id,
    created_at: row.createdAt.toISOString(),
    action: row.action,
    entity: row.entity,
    entity_id: row.entityId,
    actor: row.actorId ? (actorNames.get(row.actorId) ?? null) : null,
    details: parseDetails(row.details),
  }));
}

function parseDetails(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Everything kept about a person, as JSON and CSV files in a ZIP: profile, absences (every status),
 * balances of each leave year from the first with an allowance or absence to the current one, the audit's entries about them,
 * and the files each provider keeps (files/). CSV headers and numbers in the person's language.
 * Recorded in the audit (user.data_exported).
 */
export async function personDataExport(
  viewer: Viewer,
  userId: string,
  { fileProviders = EXPORT_FILE_PROVIDERS }: { fileProviders?: readonly ExportFileProvider[] } = {},
): Promise<{ zip: Buffer; filename: string }> {
  const db = getDb();
  const [person, company] = await Promise.all([exportSubject(db, viewer, userId), companyOf(db, viewer)]);
  const language = languageOr(person.preferredLanguage);
  const t = getT(language);
  const dialect = csvDialectFor(language);
  const startMonth = company.leaveYearStartMonth;
  const today = todayIn(company.timeZone);
  const current = currentYearFor(person, today, startMonth);
  const [vacations, allowanceYears] = await Promise.all([
    db.vacation.findMany({
      where: { companyId: viewer.companyId, userId: person.id },
      select: {
        id: true,
        categoryId: true,
        startDate: true,
        endDate: true,
        halfDayStart: true,
        halfDayEnd: true,
        startTime: true,
        endTime: true,
        hoursPerDay: true,
        status: true,
        description: true,
        createdAt: true,
        reviewedAt: true,
      },
      orderBy: [{ startDate: "asc" }, { createdAt: "asc" }],
    }),
    db.allowance.findMany({ where: { companyId: viewer.companyId, userId: person.id }, select: { year: true } }),
  ]);
  const firstYears = [
    ...allowanceYears.map((row) => row.year),
    ...vacations.map((vacation) => leaveYearOf(vacation.startDate, startMonth).year),
  ];
  const fromYear = Math.max(current - MAX_EXPORT_YEARS + 1, Math.min(current, ...firstYears));
  const { years, inputs } = await readLeaveYears(db, viewer, person, fromYear, current, language);
  const categories = new Map(inputs.categories.map((category) => [category.id, category]));
  const counted = new Map(inputs.vacationsOf(person.id).map((row) => [row.id, row]));

  const profile = {
    id: person.id,
    email: person.email,
    full_name: person.fullName,
    name: person.name,
    role: person.role,
    team: person.team?.name ?? null,
    country_code: person.countryCode,
    region: person.region,
    preferred_language: person.preferredLanguage,
    first_day: person.firstDay,
    last_day: person.lastDay,
    created_at: person.createdAt.toISOString(),
    deactivated_at: person.deactivatedAt?.toISOString() ?? null,
    company: company.name,
  };
  const absences = vacations.map((vacation) => {
    const unit = parseLeaveUnit(categories.get(vacation.categoryId)?.unit);
    // Each leave year it touches charges its own part, as the balances count it (with the
    // schedules a counted request was charged with, decision 0083); inside the years read only.
    const row = counted.get(vacation.id) ?? { ...vacation, userId: person.id };
    const amount = leaveYearsBetween(vacation.startDate, vacation.endDate, startMonth)
      .filter((part) => part.year >= fromYear && part.year <= current)
      .reduce((sum, part) => sum + amountInYear(row, part.year, inputs.balanceInputOf(person.id, part.year)), 0);
    return {
      id: vacation.id,
      start_date: vacation.startDate,
      end_date: vacation.endDate,
      half_day_start: vacation.halfDayStart,
      half_day_end: vacation.halfDayEnd,
      start_time: vacation.startTime,
      end_time: vacation.endTime,
      hours_per_day: vacation.hoursPerDay,
      type_id: vacation.categoryId,
      type: categoryName(t, categories.get(vacation.categoryId), vacation.categoryId),
      status: vacation.status,
      amount,
      unit,
      description: vacation.description,
      created_at: vacation.createdAt.toISOString(),
      reviewed_at: vacation.reviewedAt?.toISOString() ?? null,
    };
  });
  const balances = years.flatMap((year) =>
    year.balances.map(({ kind, figures }) => ({
      year: year.year,
      leave_year: year.label,
      first_day: year.firstDay,
      last_day: year.lastDay,
      balance: kind,
      unit: figures.unit ?? "day",
      entitlement: figures.total,
      taken: figures.used,
      pending: figures.pending,
      expired: figures.expired ?? 0,
      remaining: figures.remaining,
    })),
  );
  const audit = await auditRowsAbout(db, person, vacations.map((vacation) => vacation.id));
  const files = (await Promise.all(fileProviders.map((provider) => provider(db, { id: person.id, companyId: person.companyId })))).flat();

  const column = (key: string) => t(`exitExport.columns.${key}`);
  const csv = (rows: readonly Record<string, unknown>[], keys: readonly string[]) =>
    UTF8_BOM + toCsv(keys.map(column), rows.map((row) => keys.map((key) => csvValue(key, row[key], t, company.timeZone))), dialect);
  const zip = new JSZip();
  zip.file("profile.json", JSON.stringify(profile, null, 2));
  zip.file("profile.csv", csv([profile], Object.keys(profile)));
  zip.file("absences.json", JSON.stringify(absences, null, 2));
  const unitLabel = (unit: string) => t(`exitExport.values.${unit}`);
  const absenceRows = absences.map((row) => ({ ...row, status: t(`export.statuses.${row.status}`, { defaultValue: row.status }), unit: unitLabel(row.unit) }));
  const balanceRows = balances.map((row) => ({ ...row, balance: t(`absences.balances.${row.balance}.title`), unit: unitLabel(row.unit) }));
  zip.file("absences.csv", csv(absenceRows, ["start_date", "end_date", "half_day_start", "half_day_end", "start_time", "end_time", "hours_per_day", "type", "status", "amount", "unit", "description", "created_at", "reviewed_at", "id"]));
  zip.file("balances.json", JSON.stringify(balances, null, 2));
  zip.file("balances.csv", csv(balanceRows, ["leave_year", "first_day", "last_day", "balance", "unit", "entitlement", "taken", "pending", "expired", "remaining"]));
  zip.file("audit.json", JSON.stringify(audit, null, 2));
  zip.file("audit.csv", csv(audit.map((row) => ({ ...row, details: JSON.stringify(row.details) })), ["created_at", "action", "entity", "entity_id", "actor", "details", "id"]));
  for (const file of files) zip.file(`files/${file.path}`, file.bytes);
  const bytes = await zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });

  await recordAudit({
    companyId: viewer.companyId,
    actorId: viewer.userId,
    action: "user.data_exported",
    entity: "user",
    entityId: person.id,
    details: { absences: absences.length, audit_entries: audit.length, files: files.length },
  });
  return { zip: bytes, filename: safeFileName(t("exitExport.files.data", { name: displayName(person) }), "zip") };
}

const MOMENT_KEYS = new Set(["created_at", "deactivated_at", "reviewed_at"]);

/**
 * A CSV cell: yes/no in the person's language for flags, moments as "YYYY-MM-DD HH:MM:SS" in the
 * company's zone (what every CSV of the app writes; the JSON keeps ISO instants), the rest as it is.
 */
function csvValue(key: string, value: unknown, t: ReturnType<typeof getT>, timeZone: string): unknown {
  if (typeof value === "boolean") return t(value ? "exitExport.values.yes" : "exitExport.values.no");
  if (MOMENT_KEYS.has(key) && typeof value === "string") return isoDateTimeIn(new Date(value), timeZone);
  return value;
}
