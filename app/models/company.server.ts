import { displayName } from "~/lib/people";
import { languageOr, type Language } from "~/i18n";
import { verifyEmailMail } from "~/emails/identity.server";
import { TRIAL_DAYS } from "~/lib/constants";
import { recordAudit } from "~/utils/audit.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { AppError } from "~/utils/errors.server";
import { queueMail } from "~/utils/mail.server";
import { hashPassword } from "~/utils/password.server";
import type { Viewer } from "~/utils/permissions.server";
import { DEFAULT_CATEGORIES } from "./absence-category.server";
import { createUserToken } from "./user-token.server";


export interface Registration {
  companyName: string;
  billingEmail?: string;
  fullName: string;
  email: string;
  password: string;
  language: Language;
}

/**
 * A new company with its owner, default absence categories, billing details and a 14-day trial.
 * The owner must confirm the e-mail before signing in (docs/decisions/0007-identity.md).
 */
export async function registerCompany(input: Registration, now = new Date()) {
  const db = getDb();
  if (await db.user.findUnique({ where: { email: input.email }, select: { id: true } })) {
    throw new AppError(409, "email_taken", "auth.emailTaken", { fields: { email: "auth.emailTaken" } });
  }
  const passwordHash = await hashPassword(input.password);
  const { company, user } = await db.$transaction(async (tx) => {
    const company = await tx.company.create({ data: { name: input.companyName } });
    const user = await tx.user.create({
      data: {
        companyId: company.id,
        email: input.email,
        fullName: input.fullName,
        role: "owner",
        passwordHash,
        preferredLanguage: input.language,
        countryCode: company.countryCode,
      },
    });
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
    await recordAudit({ companyId: company.id, actorId: user.id, action: "company.registered", entity: "company", entityId: company.id, details: { name: input.companyName } }, tx);
    return { company, user };
  });
  await sendVerificationEmail(user.id);
  return { company, user };
}

export async function sendVerificationEmail(userId: string) {
  const user = await getDb().user.findUniqueOrThrow({ where: { id: userId } });
  const token = await createUserToken(user.id, "verify_email");
  const link = `${getEnv().APP_URL}/verify-email?token=${encodeURIComponent(token)}`;
  const language = languageOr(user.preferredLanguage);
  await queueMail({ to: user.email, companyId: user.companyId, ...verifyEmailMail(language, { name: displayName(user), link }) });
}

export async function getCompany(viewer: Viewer) {
  return getDb().company.findUniqueOrThrow({ where: { id: viewer.companyId }, select: { id: true, name: true } });
}

export async function listAllCompanies() {
  return getDb().company.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" } });
}
