// Sickness certificates (issue 41, decision 0092): the upload (checked by its bytes and size, kept
// by the file store, hashed), the download (the person and company admins only), each absence's
// due state, the admins' overdue list, the overdue reminder job, and erasing a person's files.
import { createHash } from "node:crypto";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { fileTypeFromBuffer } from "file-type";
import type { Prisma } from "~/generated/prisma/client";
import { renderCertificateReminderMail } from "~/emails/certificate.server";
import { languageOr } from "~/i18n";
import { certificateDueDate, certificateState, CERTIFICATE_TYPES, documentRuleOf, MAX_CERTIFICATE_BYTES, safeCertificateName, type CertificateState } from "~/lib/certificates";
import { todayIn, type IsoDate } from "~/lib/dates";
import { spanOfVacations } from "~/lib/holiday-spans";
import { displayName } from "~/lib/people";
import { countWorkingDaysBetween } from "~/lib/working-days";
import { recordAudit } from "~/utils/audit.server";
import { getDb, type DbClient } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { AppError } from "~/utils/errors.server";
import { certificateStore, newStorageKey } from "~/utils/file-storage.server";
import { queueMail } from "~/utils/mail.server";
import { isAdmin, type Viewer } from "~/utils/permissions.server";
import { loadHolidayCalendars } from "./balance.server";
import { chargedSources, storedChargesOf } from "./charged-schedules.server";
import { loadScheduleTimelines } from "./work-schedule.server";

/** At most this many files per absence: a certificate and a few follow-ups, not an archive. */
export const MAX_CERTIFICATES_PER_ABSENCE = 5;

const documentSelect = { documentRequired: true, documentAfterDays: true, documentMode: true, reported: true } as const;

const absenceColumns = {
  id: true,
  companyId: true,
  userId: true,
  startDate: true,
  endDate: true,
  halfDayStart: true,
  halfDayEnd: true,
  status: true,
  chargedSchedules: true,
  categoryId: true,
} as const;
const categorySelect = { id: true, name: true, ...documentSelect } as const;
const personSelect = { id: true, email: true, fullName: true, name: true, preferredLanguage: true, countryCode: true, region: true, teamId: true } as const;

type AbsenceRow = Awaited<ReturnType<typeof readAbsences>>[number];

/**
 * The company's absences matching `where`, each with its type's document rule and its person. The
 * types and people are read apart, and only when there are absences: an include reads its
 * relations even for no rows, and the overdue card, on every admin's Absences page, nearly always
 * has none.
 */
async function readAbsences(db: DbClient, companyId: string, where: Prisma.VacationWhereInput) {
  const rows = await db.vacation.findMany({ where: { ...where, companyId }, select: absenceColumns, orderBy: [{ startDate: "asc" }, { id: "asc" }] });
  if (rows.length === 0) return [];
  const [categories, people] = await Promise.all([
    db.absenceCategory.findMany({ where: { companyId, id: { in: [...new Set(rows.map((row) => row.categoryId))] } }, select: categorySelect }),
    db.user.findMany({ where: { companyId, id: { in: [...new Set(rows.map((row) => row.userId))] } }, select: personSelect }),
  ]);
  const categoryOf = new Map(categories.map(({ id, ...category }) => [id, category]));
  const personOf = new Map(people.map((person) => [person.id, person]));
  return rows.flatMap((row) => {
    const category = categoryOf.get(row.categoryId);
    const user = personOf.get(row.userId);
    // The foreign keys keep both; a row without them is left out rather than half shown.
    return category && user ? [{ ...row, category, user }] : [];
  });
}

/** Each absence's certificate due date under its type's rule, counted on its person's schedule and holidays. */
async function dueDatesOf(db: DbClient, companyId: string, afterDays: number, absences: readonly AbsenceRow[]): Promise<Map<string, IsoDate | null>> {
  const due = new Map<string, IsoDate | null>();
  const wanted = absences.filter((a) => documentRuleOf(a.category, afterDays));
  if (wanted.length === 0) return due;
  const [{ calendarFor }, schedules] = await Promise.all([
    loadHolidayCalendars(db, companyId, spanOfVacations(wanted)),
    loadScheduleTimelines(db, companyId, [...new Set(wanted.map((a) => a.userId))]),
  ]);
  const charged = chargedSources(schedules, storedChargesOf(wanted));
  for (const absence of wanted) {
    const rule = documentRuleOf(absence.category, afterDays)!;
    const calendar = calendarFor(absence.user);
    const counter = charged.countDaysOf(absence);
    const upTo = (date: IsoDate) => (counter ? counter(absence, absence.startDate, date, calendar) : countWorkingDaysBetween(absence, absence.startDate, date, calendar));
    due.set(absence.id, certificateDueDate(absence, rule, upTo));
  }
  return due;
}

const canSeeCertificates = (viewer: Viewer, owner: { userId: string }) => viewer.userId === owner.userId || isAdmin(viewer);

export interface CertificateFile {
  id: string;
  name: string;
  size: number;
  mime: string;
  uploadedAt: Date;
  /** The company's calendar date of the upload. */
  uploadedOn: IsoDate;
}

export interface CertificateOverview {
  absence: { id: string; userId: string; person: string; startDate: IsoDate; endDate: IsoDate; status: string; categoryId: string; categoryName: string };
  state: CertificateState;
  dueDate: IsoDate | null;
  /** Whether the viewer may add a file now. */
  canUpload: boolean;
  files: CertificateFile[];
}

async function loadAbsence(viewer: Viewer, vacationId: string): Promise<AbsenceRow> {
  const [absence] = await readAbsences(getDb(), viewer.companyId, { id: vacationId });
  // Someone else's absence is as unknown as another company's: nothing says it exists.
  if (!absence || !canSeeCertificates(viewer, absence)) throw new AppError(404, "not_found", "vacation.notFound");
  return absence;
}

/** An absence's certificate page: its due state and its files, for the person and company admins. */
export async function certificateOverview(viewer: Viewer, vacationId: string, now = new Date()): Promise<CertificateOverview> {
  const db = getDb();
  const absence = await loadAbsence(viewer, vacationId);
  const [company, files] = await Promise.all([
    db.company.findUniqueOrThrow({ where: { id: viewer.companyId }, select: { certificateAfterDays: true } }),
    db.certificate.findMany({ where: { vacationId, companyId: viewer.companyId }, select: { id: true, originalName: true, size: true, mime: true, uploadedAt: true }, orderBy: { uploadedAt: "asc" } }),
  ]);
  const rule = documentRuleOf(absence.category, company.certificateAfterDays);
  const dueDate = (await dueDatesOf(db, viewer.companyId, company.certificateAfterDays, [absence])).get(absence.id) ?? null;
  const state = rule ? certificateState({ status: absence.status, dueDate, mode: rule.mode, received: files.length > 0, today: todayIn(viewer.timeZone, now) }) : files.length ? "received" : "none";
  return {
    absence: {
      id: absence.id,
      userId: absence.userId,
      person: displayName(absence.user),
      startDate: absence.startDate,
      endDate: absence.endDate,
      status: absence.status,
      categoryId: absence.categoryId,
      categoryName: absence.category.name,
    },
    state,
    dueDate,
    canUpload: uploadRefusal(absence, files.length) === null,
    files: files.map((f) => ({ id: f.id, name: f.originalName, size: f.size, mime: f.mime, uploadedAt: f.uploadedAt, uploadedOn: todayIn(viewer.timeZone, f.uploadedAt) })),
  };
}

/**
 * The certificate state of each of these absences the viewer may see certificates of (their own;
 * a company admin's, everyone's), for the links of the Absences lists: a handful of queries
 * whatever the number of rows. Absences of types that ask for no document are left out.
 */
export async function certificateStatesOf(viewer: Viewer, vacationIds: readonly string[], now = new Date()): Promise<Record<string, CertificateState>> {
  if (vacationIds.length === 0) return {};
  const db = getDb();
  const absences = await readAbsences(db, viewer.companyId, {
    id: { in: [...vacationIds] },
    ...(isAdmin(viewer) ? {} : { userId: viewer.userId }),
    category: { OR: [{ documentRequired: true }, { reported: true }] },
  });
  if (absences.length === 0) return {};
  const ids = absences.map((a) => a.id);
  const [company, received] = await Promise.all([
    db.company.findUniqueOrThrow({ where: { id: viewer.companyId }, select: { certificateAfterDays: true } }),
    db.certificate.findMany({ where: { companyId: viewer.companyId, vacationId: { in: ids } }, select: { vacationId: true }, distinct: ["vacationId"] }),
  ]);
  const withFiles = new Set(received.map((r) => r.vacationId));
  const due = await dueDatesOf(db, viewer.companyId, company.certificateAfterDays, absences);
  const today = todayIn(viewer.timeZone, now);
  const states: Record<string, CertificateState> = {};
  for (const absence of absences) {
    const rule = documentRuleOf(absence.category, company.certificateAfterDays);
    const files = withFiles.has(absence.id);
    states[absence.id] = rule ? certificateState({ status: absence.status, dueDate: due.get(absence.id) ?? null, mode: rule.mode, received: files, today }) : files ? "received" : "none";
  }
  return states;
}

/** Why no file may be added to this absence, or null. */
function uploadRefusal(absence: AbsenceRow, count: number): AppError | null {
  if (!absence.category.documentRequired && !absence.category.reported) return new AppError(409, "certificate_not_asked", "sickness.errors.notAsked");
  if (absence.status === "cancelled" || absence.status === "rejected") return new AppError(409, "certificate_closed", "sickness.errors.closed");
  if (count >= MAX_CERTIFICATES_PER_ABSENCE) return new AppError(409, "certificate_limit", "sickness.errors.limit", { params: { max: String(MAX_CERTIFICATES_PER_ABSENCE) } });
  return null;
}

export interface UploadedFile {
  /** The name the browser sent, path and all; only its last segment is kept. */
  name: string | null | undefined;
  bytes: Uint8Array;
}

/**
 * Adds a certificate to an absence. The file must be, by its bytes, a PDF, JPEG or PNG of at most
 * 5 MB (its name and its declared type are not trusted). The file goes to the store first, then
 * the row and its audit in one transaction; a failed transaction removes the file again.
 */
export async function uploadCertificate(viewer: Viewer, vacationId: string, file: UploadedFile, now = new Date()) {
  const absence = await loadAbsence(viewer, vacationId);
  const db = getDb();
  const refusal = uploadRefusal(absence, await db.certificate.count({ where: { vacationId, companyId: viewer.companyId } }));
  if (refusal) throw refusal;
  if (file.bytes.byteLength === 0) throw new AppError(400, "certificate_missing", "sickness.errors.missing", { fields: { file: "sickness.errors.missing" } });
  if (file.bytes.byteLength > MAX_CERTIFICATE_BYTES) throw tooLarge();
  const detected = await fileTypeFromBuffer(file.bytes);
  const ext = detected ? CERTIFICATE_TYPES[detected.mime] : undefined;
  if (!detected || !ext) throw new AppError(415, "certificate_type", "sickness.errors.type", { fields: { file: "sickness.errors.type" } });
  const key = newStorageKey(viewer.companyId);
  const sha256 = createHash("sha256").update(file.bytes).digest("hex");
  const name = safeCertificateName(file.name, ext);
  const store = certificateStore();
  await store.put(key, file.bytes);
  try {
    return await db.$transaction(async (tx) => {
      const row = await tx.certificate.create({
        data: { companyId: viewer.companyId, vacationId, userId: absence.userId, storageKey: key, sha256, size: file.bytes.byteLength, mime: detected.mime, originalName: name, uploadedById: viewer.userId, uploadedAt: now },
        select: { id: true, sha256: true, size: true, mime: true, originalName: true },
      });
      await recordAudit(
        { companyId: viewer.companyId, actorId: viewer.userId, action: "certificate.uploaded", entity: "vacation", entityId: vacationId, details: { certificate_id: row.id, name, size: row.size, mime: row.mime, sha256 } },
        tx,
      );
      return row;
    });
  } catch (error) {
    await store.delete(key);
    throw error;
  }
}

export const tooLarge = () => new AppError(413, "certificate_too_large", "sickness.errors.tooLarge", { fields: { file: "sickness.errors.tooLarge" }, params: { mb: String(MAX_CERTIFICATE_BYTES / 1024 / 1024) } });

/**
 * A certificate's file for the person and company admins, as a stream from the store (disk or
 * bucket); anyone else, or another company, gets a 404.
 */
export async function readCertificate(viewer: Viewer, certificateId: string) {
  const row = await getDb().certificate.findFirst({
    where: { id: certificateId, companyId: viewer.companyId },
    select: { userId: true, storageKey: true, mime: true, originalName: true, sha256: true },
  });
  if (!row || !canSeeCertificates(viewer, row)) throw new AppError(404, "not_found", "sickness.errors.notFound");
  const file = await certificateStore().stream(row.storageKey);
  if (!file) throw new AppError(404, "not_found", "sickness.errors.notFound");
  return { body: file.body, size: file.size, mime: row.mime, name: row.originalName, sha256: row.sha256 };
}

export interface OverdueCertificate {
  vacationId: string;
  person: string;
  startDate: IsoDate;
  endDate: IsoDate;
  dueDate: IsoDate;
}

/** The company's absences whose certificate is overdue (company admins). */
export async function overdueCertificates(viewer: Viewer, now = new Date()): Promise<OverdueCertificate[]> {
  if (!isAdmin(viewer)) return [];
  return overdueIn(getDb(), viewer.companyId, todayIn(viewer.timeZone, now));
}

/**
 * How far back an absence can still be overdue: a certificate more than this late is no longer
 * chased (and the query stays within recent absences).
 */
const LOOK_BACK_DAYS = 120;

async function overdueIn(db: DbClient, companyId: string, today: IsoDate): Promise<OverdueCertificate[]> {
  const from = new Date(`${today}T00:00:00Z`);
  from.setUTCDate(from.getUTCDate() - LOOK_BACK_DAYS);
  // The candidates first: there are none on nearly every page view and job run, and then the
  // company's setting is not needed.
  const absences = await readAbsences(db, companyId, {
    status: "approved",
    startDate: { lte: today },
    endDate: { gte: from.toISOString().slice(0, 10) },
    category: { documentRequired: true, documentMode: { not: "warn" } },
    certificates: { none: {} },
  });
  if (absences.length === 0) return [];
  const company = await db.company.findUniqueOrThrow({ where: { id: companyId }, select: { certificateAfterDays: true } });
  const due = await dueDatesOf(db, companyId, company.certificateAfterDays, absences);
  return absences.flatMap((a) => {
    const dueDate = due.get(a.id) ?? null;
    const rule = documentRuleOf(a.category, company.certificateAfterDays);
    if (!rule || certificateState({ status: a.status, dueDate, mode: rule.mode, received: false, today }) !== "overdue") return [];
    return [{ vacationId: a.id, person: displayName(a.user), startDate: a.startDate, endDate: a.endDate, dueDate: dueDate! }];
  });
}

/** Companies read at a time by the certificate reminders. */
export const REMINDER_BATCH_COMPANIES = 50;

/**
 * The overdue reminder: once per absence, to the person, across app processes. The
 * CertificateReminder row (its key is the absence) is the claim, written before the e-mail is
 * queued; a second process loses on the key and sends nothing.
 */
export async function runCertificateReminders(now = new Date(), { batchSize = REMINDER_BATCH_COMPANIES } = {}): Promise<number> {
  const db = getDb();
  let sent = 0;
  // The companies a batch at a time (a keyset cursor on the id), so the job's reads stay bounded
  // however many tenants there are (decision 0101).
  let after: string | undefined;
  for (;;) {
    const companies = await db.company.findMany({
      where: { categories: { some: { documentRequired: true } }, ...(after === undefined ? {} : { id: { gt: after } }) },
      select: { id: true, timeZone: true },
      orderBy: { id: "asc" },
      take: batchSize,
    });
    if (companies.length === 0) break;
    after = companies[companies.length - 1].id;
    sent += await remindCompanies(db, companies, now);
    if (companies.length < batchSize) break;
  }
  return sent;
}

async function remindCompanies(db: ReturnType<typeof getDb>, companies: { id: string; timeZone: string }[], now: Date): Promise<number> {
  let sent = 0;
  for (const company of companies) {
    // SQLite's queries complete in microtasks: let this process's pages in between companies.
    await yieldToEventLoop();
    const overdue = await overdueIn(db, company.id, todayIn(company.timeZone, now));
    if (overdue.length === 0) continue;
    const done = new Set((await db.certificateReminder.findMany({ where: { vacationId: { in: overdue.map((o) => o.vacationId) } }, select: { vacationId: true } })).map((r) => r.vacationId));
    for (const item of overdue) {
      if (done.has(item.vacationId)) continue;
      try {
        await db.certificateReminder.create({ data: { vacationId: item.vacationId, companyId: company.id, sentAt: now } });
      } catch (error) {
        if ((error as { code?: string }).code === "P2002") continue;
        throw error;
      }
      const person = await db.vacation.findUniqueOrThrow({ where: { id: item.vacationId }, select: { user: { select: { email: true, fullName: true, name: true, preferredLanguage: true } } } });
      const language = languageOr(person.user.preferredLanguage);
      await queueMail({
        to: person.user.email,
        companyId: company.id,
        ...renderCertificateReminderMail(language, { name: displayName(person.user), startDate: item.startDate, endDate: item.endDate, dueDate: item.dueDate, link: `${getEnv().APP_URL}/vacations/${item.vacationId}/certificate` }),
      });
      sent++;
    }
  }
  return sent;
}

/** Runs the reminders now and then every `intervalMs` inside the server; errors are logged, not fatal. */
export function scheduleCertificateReminders(intervalMs = 60 * 60_000) {
  const tick = () =>
    runCertificateReminders().then(
      (sent) => sent && console.log(`Sent ${sent} certificate reminder(s)`),
      (error) => console.error("Certificate reminders failed:", error),
    );
  void tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * A person leaves: their certificates' files are erased from the store and their rows deleted.
 * The audit keeps that it happened and how many, never a name or a hash of the files.
 */
export async function eraseCertificatesOf(viewer: Viewer, userId: string) {
  const db = getDb();
  const rows = await db.certificate.findMany({ where: { companyId: viewer.companyId, userId }, select: { id: true, storageKey: true } });
  if (rows.length === 0) return 0;
  // The files first: a store that fails leaves the rows, so erasing again finds them.
  await certificateStore().deleteMany(rows.map((row) => row.storageKey));
  await db.$transaction(async (tx) => {
    await tx.certificate.deleteMany({ where: { companyId: viewer.companyId, id: { in: rows.map((r) => r.id) } } });
    await recordAudit({ companyId: viewer.companyId, actorId: viewer.userId, action: "certificate.files_deleted", entity: "user", entityId: userId, details: { files: rows.length } }, tx);
  });
  return rows.length;
}

/**
 * A person's certificates for their data export (decision 0095's file providers): each under
 * certificates/, named by its absence's first day and the name it was uploaded with.
 */
export async function certificateFilesOf(db: DbClient, person: { id: string; companyId: string }): Promise<{ path: string; bytes: Uint8Array }[]> {
  const rows = await db.certificate.findMany({
    where: { companyId: person.companyId, userId: person.id },
    select: { id: true, storageKey: true, originalName: true, vacation: { select: { startDate: true } } },
    orderBy: { uploadedAt: "asc" },
  });
  const store = certificateStore();
  const files: { path: string; bytes: Uint8Array }[] = [];
  for (const row of rows) {
    const bytes = await store.get(row.storageKey);
    // A file the store lost is left out rather than failing the whole export.
    if (bytes) files.push({ path: `certificates/${row.vacation.startDate}-${row.id.slice(-6)}-${row.originalName}`, bytes });
  }
  return files;
}
