// Sickness certificates (issue 41, decision 0092): when a document is asked for, when it is due and
// overdue, and what an uploaded file's name may keep. Pure and client-safe: the Absences screen,
// the certificate page and the reminder job read the same state.
import { addDays, eachDay, type IsoDate } from "~/lib/dates";
import { asRuleMode, type RuleMode } from "~/lib/leave-rules";

/** What an upload may be: a PDF or a photo of the paper, told by its bytes, not its name. */
export const CERTIFICATE_TYPES: Readonly<Record<string, string>> = { "application/pdf": "pdf", "image/jpeg": "jpg", "image/png": "png" };
export const MAX_CERTIFICATE_BYTES = 5 * 1024 * 1024;
export const DEFAULT_CERTIFICATE_AFTER_DAYS = 3;

/** An absence type's document rule as stored on AbsenceCategory. */
export interface DocumentRuleFields {
  documentRequired: boolean;
  documentAfterDays: number | null;
  documentMode: string;
}

export interface DocumentRule {
  /** The working day of the absence from which a document is asked for (1: from the first). */
  afterDays: number;
  /** warn: asked for, never chased; block: due, so it can be overdue. */
  mode: RuleMode;
}

/** The rule a type applies, its own day count or else the company's; null when it asks for nothing. */
export function documentRuleOf(category: DocumentRuleFields, companyAfterDays: number): DocumentRule | null {
  if (!category.documentRequired) return null;
  return { afterDays: Math.max(1, category.documentAfterDays ?? companyAfterDays), mode: asRuleMode(category.documentMode) };
}

/**
 * The date of the absence's Nth working day, or null when it has fewer: from then on the document
 * is asked for, and after that day it is overdue. `workingDaysUpTo(date)` counts the absence's
 * working days from its first day to `date` on the person's own schedule and holidays.
 */
export function certificateDueDate(range: { startDate: IsoDate; endDate: IsoDate }, rule: DocumentRule, workingDaysUpTo: (date: IsoDate) => number): IsoDate | null {
  for (const date of eachDay(range.startDate, range.endDate)) {
    if (workingDaysUpTo(date) >= rule.afterDays) return date;
  }
  return null;
}

export type CertificateState = "none" | "asked" | "due" | "overdue" | "received";

/**
 * received: a file is there. asked: the type warns only. due: wanted by the due date. overdue: the
 * due date has passed (the reminder e-mail, the admins' list). none: nothing is wanted (too short,
 * or the absence is not approved: a cancelled sickness needs no paper).
 */
export function certificateState(input: { status: string; dueDate: IsoDate | null; mode: RuleMode; received: boolean; today: IsoDate }): CertificateState {
  if (input.received) return "received";
  if (input.status !== "approved" || input.dueDate === null) return "none";
  if (input.mode === "warn") return "asked";
  return input.today > input.dueDate ? "overdue" : "due";
}

/** The first day on which a due certificate counts as overdue. */
export function overdueFrom(dueDate: IsoDate): IsoDate {
  return addDays(dueDate, 1);
}

/**
 * The uploaded name as it may be kept and offered back: the last segment of any path (either
 * slash), without control characters, quotes or leading dots, at most 100 characters, and ending
 * in the extension of what the bytes are. "../../etc/passwd.pdf" keeps "passwd.pdf".
 */
export function safeCertificateName(uploaded: string | null | undefined, ext: string): string {
  const last = (uploaded ?? "").split(/[\\/]/).pop() ?? "";
  const cleaned = last
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}"<>:|?*]/gu, "")
    .replace(/\s+/g, " ")
    .replace(/^[.\s]+/, "")
    .trim();
  const stem = cleaned.replace(/\.[^.]*$/, "").slice(0, 90).trim() || "certificate";
  return `${stem}.${ext}`;
}
