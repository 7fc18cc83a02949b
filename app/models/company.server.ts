import { displayName } from "~/lib/people";
import { languageOr, type Language } from "~/i18n";
import { verifyEmailMail } from "~/emails/identity.server";
import { TRIAL_DAYS } from "~/lib/constants";
import { todayIn, yearOf } from "~/lib/dates";
import { parseRoundingRule, type RoundingRule } from "~/lib/proration";
import { parseLeaveUnit, type LeaveUnit } from "~/lib/leave-charge";
import type { ApiCompanyMe } from "~/lib/schemas/api-responses";
import type { Prisma } from "~/generated/prisma/client";
import { changes, recordAudit } from "~/utils/audit.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { AppError } from "~/utils/errors.server";
import { queueMail } from "~/utils/mail.server";
import { getT } from "~/utils/i18n.server";
import { hashPassword } from "~/utils/password.server";
import { requireAdmin, type Viewer } from "~/utils/permissions.server";
import { DEFAULT_CATEGORIES } from "./absence-category.server";
import { isKnownCountry, isKnownTimeZone, mainTimeZone, nationalHolidays } from "./holiday-catalogue.server";
import { addHolidays } from "./holiday.server";
import { createUserToken } from "./user-token.server";


export interface Registration {
  companyName: string;
  billingEmail?: string;
  fullName: string;
  email: string;
  /** Absent when the owner signs up with a provider (`identity`). */
  password?: string;
  language: Language;
  /**
   * A sign-up with a provider (decision 0089): the account it links, and whether the provider
   * verified the e-mail, which alone spares the owner our confirmation link.
   */
  identity?: { provider: string; issuer: string; subject: string; email: string; emailVerified: boolean };
  /** ISO 3166 alpha-2; Portugal when not given. */
  countryCode?: string;
  /** IANA zone; the country's main zone when not given. */
  timeZone?: string;
}

/** A country and time zone the catalogue knows; the zone defaults to the country's main one. */
export async function resolveCountryAndZone(countryCode: string, timeZone: string | undefined) {
  if (!(await isKnownCountry(countryCode))) {
    throw new AppError(400, "country_invalid", "validation.countryInvalid", { fields: { countryCode: "validation.countryInvalid" } });
  }
  const zone = timeZone || (await mainTimeZone(countryCode)) || "UTC";
  if (!isKnownTimeZone(zone)) {
    throw new AppError(400, "time_zone_invalid", "validation.timeZoneInvalid", { fields: { timeZone: "validation.timeZoneInvalid" } });
  }
  return { countryCode, timeZone: zone };
}

/**
 * A new company, ready to book on day one (docs/decisions/0017-onboarding.md): its owner, the
 * national holidays of its country for this year and next, a first team the owner administers,
 * the default absence categories, the owner's allowance for this year, billing details and a
 * 14-day trial. The owner must confirm the e-mail before signing in (0007-identity.md), unless
 * they signed up with a provider that verified it.
 */
export async function registerCompany(input: Registration, now = new Date()) {
  const db = getDb();
  if (await db.user.findUnique({ where: { email: input.email }, select: { id: true } })) {
    throw new AppError(409, "email_taken", "auth.emailTaken", { fields: { email: "auth.emailTaken" } });
  }
  const { countryCode, timeZone } = await resolveCountryAndZone(input.countryCode ?? "PT", input.timeZone);
  const year = yearOf(todayIn(timeZone, now));
  const holidays = [...(await nationalHolidays(countryCode, year)), ...(await nationalHolidays(countryCode, year + 1))];
  const { identity } = input;
  if (identity && identity.email !== input.email) throw new AppError(400, "validation", "validation.emailInvalid");
  if (!identity && !input.password) throw new AppError(400, "validation", "validation.passwordRequired");
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const emailVerifiedAt = identity?.emailVerified ? now : null;
  const { company, user } = await db.$transaction(async (tx) => {
    const company = await tx.company.create({ data: { name: input.companyName, countryCode, timeZone } });
    const team = await tx.team.create({ data: { companyId: company.id, name: getT(input.language)("onboarding.firstTeamName") } });
    const user = await tx.user.create({
      data: {
        companyId: company.id,
        email: input.email,
        fullName: input.fullName,
        role: "owner",
        passwordHash,
        emailVerifiedAt,
        preferredLanguage: input.language,
        countryCode,
        teamId: team.id,
      },
    });
    if (identity) {
      const { emailVerified: _verified, ...link } = identity;
      await tx.userIdentity.create({ data: { userId: user.id, ...link, createdAt: now } });
    }
    await tx.teamAdmin.create({ data: { teamId: team.id, userId: user.id } });
    // The owner was working there before the company signed up: a whole year's allowance.
    await tx.allowance.create({ data: { companyId: company.id, userId: user.id, year, yearly: company.defaultYearlyAllowance } });
    await addHolidays(tx, company.id, holidays.map((h) => ({ ...h, countryCode, region: null, isRecurring: false })));
    await tx.absenceCategory.createMany({ data: DEFAULT_CATEGORIES.map((c) => ({ ...c, companyId: company.id })) });
    await tx.subscription.create({
      data: { companyId: company.id, status: "trialing", trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * 86_400_000) },
    });
    await tx.billingDetails.create({
      data: {
        companyId: company.id,
        companyName: input.companyName,
        primaryContactId: user.id,
        invoiceEmail: input.billingEmail ?? input.email,
        preferredLanguage: input.language,
      },
    });
    await recordAudit(
      {
        companyId: company.id,
        actorId: user.id,
        action: "company.registered",
        entity: "company",
        entityId: company.id,
        details: {
          name: input.companyName,
          country_code: countryCode,
          time_zone: timeZone,
          first_team: team.name,
          holidays: holidays.length,
          ...(identity ? { provider: identity.provider, email_verified_by_provider: identity.emailVerified } : {}),
        },
      },
      tx,
    );
    return { company, user };
  });
  if (!emailVerifiedAt) await sendVerificationEmail(user.id);
  return { company, user };
}

/** A confirmation link, replacing any earlier one; that it was sent is recorded (support asks "did it go?"). */
export async function sendVerificationEmail(userId: string, now = new Date()) {
  const db = getDb();
  const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
  const token = await db.$transaction(async (tx) => {
    const created = await createUserToken(tx, user.id, "verify_email", now);
    await recordAudit({ companyId: user.companyId, actorId: null, action: "auth.verification_sent", entity: "user", entityId: user.id, details: { email: user.email } }, tx);
    return created;
  });
  const link = `${getEnv().APP_URL}/verify-email?token=${encodeURIComponent(token)}`;
  const language = languageOr(user.preferredLanguage);
  await queueMail({ to: user.email, companyId: user.companyId, ...verifyEmailMail(language, { name: displayName(user), link }) });
}

const settingsSelect = {
  name: true,
  countryCode: true,
  timeZone: true,
  defaultYearlyAllowance: true,
  carryOverMaxDays: true,
  carryOverExpiresOn: true,
  leaveYearStartMonth: true,
  allowanceRounding: true,
  accrualBookingAhead: true,
  certificateAfterDays: true,
} as const;

export function getCompanySettings(viewer: Viewer) {
  requireAdmin(viewer);
  return getDb().company.findUniqueOrThrow({ where: { id: viewer.companyId }, select: settingsSelect });
}

export interface CompanySettingsInput {
  name: string;
  countryCode: string;
  timeZone: string;
  defaultYearlyAllowance: number;
  carryOverMaxDays: number;
  /** MM-DD */
  carryOverExpiresOn: string;
  /** 1–12: the month the leave year starts in (decision 0080); unchanged when absent. */
  leaveYearStartMonth?: number;
  allowanceRounding?: RoundingRule;
  /** Whether people may book ahead of what an accruing allowance has earned (decision 0082); unchanged when absent. */
  accrualBookingAhead?: boolean;
  /** From which working day a sickness certificate is due (decision 0092); unchanged when absent. */
  certificateAfterDays?: number;
  /** Add the (new) country's national holidays for this year and next. */
  importHolidays?: boolean;
}

/**
 * Company admins change the company's name, country, time zone, default allowance (for people
 * who join from now on; nobody's allowance changes) and carry-over rules. Audited old → new.
 * Returns how many holidays were added.
 */
export async function updateCompanySettings(viewer: Viewer, input: CompanySettingsInput, now = new Date()) {
  requireAdmin(viewer);
  const { countryCode, timeZone } = await resolveCountryAndZone(input.countryCode, input.timeZone);
  const year = yearOf(todayIn(timeZone, now));
  const holidays = input.importHolidays ? [...(await nationalHolidays(countryCode, year)), ...(await nationalHolidays(countryCode, year + 1))] : [];
  const values = {
    name: input.name,
    countryCode,
    timeZone,
    defaultYearlyAllowance: input.defaultYearlyAllowance,
    carryOverMaxDays: input.carryOverMaxDays,
    carryOverExpiresOn: input.carryOverExpiresOn,
    leaveYearStartMonth: input.leaveYearStartMonth,
    allowanceRounding: input.allowanceRounding,
    accrualBookingAhead: input.accrualBookingAhead,
    certificateAfterDays: input.certificateAfterDays,
  };
  return getDb().$transaction(async (tx) => {
    const before = await tx.company.findUniqueOrThrow({ where: { id: viewer.companyId }, select: settingsSelect });
    await tx.company.update({ where: { id: viewer.companyId }, data: values });
    // Holidays the company already has (same country, date and name) stay as they are.
    const added = await addHolidays(tx, viewer.companyId, holidays.map((h) => ({ ...h, countryCode, region: null, isRecurring: false })));
    await recordAudit(
      {
        companyId: viewer.companyId,
        actorId: viewer.userId,
        action: "company.updated",
        entity: "company",
        entityId: viewer.companyId,
        details: { ...changes(before, values), ...(input.importHolidays ? { holidays_added: added } : {}) },
      },
      tx,
    );
    return { holidaysAdded: added };
  });
}

const apiCompanySelect = { id: true, name: true, leaveYearStartMonth: true, allowanceRounding: true, leaveUnit: true, accrualBookingAhead: true, certificateAfterDays: true } as const;

function serializeCompany(row: Prisma.CompanyGetPayload<{ select: typeof apiCompanySelect }>): ApiCompanyMe {
  return {
    id: row.id,
    name: row.name,
    leave_year_start_month: row.leaveYearStartMonth,
    allowance_rounding: parseRoundingRule(row.allowanceRounding),
    leave_unit: parseLeaveUnit(row.leaveUnit),
    accrual_booking_ahead: row.accrualBookingAhead,
    certificate_after_days: row.certificateAfterDays,
  };
}

/** GET /api/companies/me: the caller's company, with its leave year and rounding rule. */
export async function getCompany(viewer: Viewer): Promise<ApiCompanyMe> {
  return serializeCompany(await getDb().company.findUniqueOrThrow({ where: { id: viewer.companyId }, select: apiCompanySelect }));
}

export interface LeaveYearSettingsInput {
  leaveYearStartMonth?: number;
  allowanceRounding?: RoundingRule;
  /** The unit new absence types count in (decision 0081); existing types keep theirs. */
  leaveUnit?: LeaveUnit;
  /** Whether people may book ahead of what an accruing allowance has earned (decision 0082). */
  accrualBookingAhead?: boolean;
  /** From which working day a sickness certificate is due (decision 0092). */
  certificateAfterDays?: number;
}

/**
 * PATCH /api/companies/me (company admins): the leave year's start month and the rounding of
 * prorated allowances; the fields sent change, audited old → new as the settings form does.
 * Allowance rows keep their year numbers: a leave year is known by the year it starts in (0080).
 */
export async function updateLeaveYearSettings(viewer: Viewer, input: LeaveYearSettingsInput): Promise<ApiCompanyMe> {
  requireAdmin(viewer);
  return getDb().$transaction(async (tx) => {
    const before = await tx.company.findUniqueOrThrow({ where: { id: viewer.companyId }, select: apiCompanySelect });
    const values = {
      leaveYearStartMonth: input.leaveYearStartMonth ?? before.leaveYearStartMonth,
      allowanceRounding: input.allowanceRounding ?? before.allowanceRounding,
      leaveUnit: input.leaveUnit ?? before.leaveUnit,
      accrualBookingAhead: input.accrualBookingAhead ?? before.accrualBookingAhead,
      certificateAfterDays: input.certificateAfterDays ?? before.certificateAfterDays,
    };
    // The settings form's keys (updateCompanySettings audits with changes() too).
    const details = changes(
      { leaveYearStartMonth: before.leaveYearStartMonth, allowanceRounding: before.allowanceRounding, accrualBookingAhead: before.accrualBookingAhead, certificateAfterDays: before.certificateAfterDays },
      { leaveYearStartMonth: values.leaveYearStartMonth, allowanceRounding: values.allowanceRounding, accrualBookingAhead: values.accrualBookingAhead, certificateAfterDays: values.certificateAfterDays },
    );
    // Audited under the key the absence types screen writes (setCompanyLeaveUnit).
    if (values.leaveUnit !== before.leaveUnit) Object.assign(details, { leave_unit: { old: before.leaveUnit, new: values.leaveUnit } });
    if (Object.keys(details).length === 0) return serializeCompany(before);
    const after = await tx.company.update({ where: { id: viewer.companyId }, data: values, select: apiCompanySelect });
    await recordAudit({ companyId: viewer.companyId, actorId: viewer.userId, action: "company.updated", entity: "company", entityId: viewer.companyId, details }, tx);
    return serializeCompany(after);
  });
}

export async function listAllCompanies() {
  return getDb().company.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" } });
}
