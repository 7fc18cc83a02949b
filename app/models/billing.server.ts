// Billing details, billing contacts and the payment method of the viewer's company (spec sections
// 2, 3 and 5). Company admins read and change them; every change is audited old → new.
import { languageOr, type Language } from "~/i18n";
import { DEFAULT_CURRENCY, isCurrency, type CardBrand, type Currency } from "~/lib/billing";
import { displayName } from "~/lib/people";
import { changes, recordAudit } from "~/utils/audit.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { AppError } from "~/utils/errors.server";
import { assertAllowed, managesBilling, seesBillingSetup, type Viewer } from "~/utils/permissions.server";
import { billingConfigured } from "~/utils/stripe.server";

export const MAX_BILLING_CONTACTS = 10;

/**
 * What the billing tabs say of billing being off (no Stripe key in production): how to turn it on
 * to the owner, only that it is off to other admins; nothing while it is on.
 */
export function billingOffNotice(viewer: Viewer): "setup" | "off" | null {
  assertAllowed(managesBilling(viewer));
  if (billingConfigured()) return null;
  return seesBillingSetup(viewer) ? "setup" : "off";
}

export interface BillingDetailsView {
  companyName: string;
  primaryContactId: string | null;
  companyAddress: string;
  phone: string;
  currency: Currency;
  invoiceEmail: string;
  preferredLanguage: Language;
}

/**
 * The company's billing details. A company made before billing existed has no row yet: its
 * defaults are the company's name, its owner, euros and Portuguese.
 */
export async function getBillingDetails(viewer: Viewer): Promise<BillingDetailsView> {
  assertAllowed(managesBilling(viewer));
  const db = getDb();
  const row = await db.billingDetails.findUnique({ where: { companyId: viewer.companyId } });
  if (row) {
    return {
      companyName: row.companyName,
      primaryContactId: row.primaryContactId,
      companyAddress: row.companyAddress,
      phone: row.phone,
      currency: isCurrency(row.currency) ? row.currency : DEFAULT_CURRENCY,
      invoiceEmail: row.invoiceEmail,
      preferredLanguage: languageOr(row.preferredLanguage),
    };
  }
  const [company, owner] = await Promise.all([
    db.company.findUniqueOrThrow({ where: { id: viewer.companyId }, select: { name: true } }),
    db.user.findFirst({ where: { companyId: viewer.companyId, role: "owner", deactivatedAt: null }, select: { id: true, email: true } }),
  ]);
  return { companyName: company.name, primaryContactId: owner?.id ?? null, companyAddress: "", phone: "", currency: DEFAULT_CURRENCY, invoiceEmail: owner?.email ?? "", preferredLanguage: "pt" };
}

/** Who can be the primary contact: the company's active people. */
export async function listBillingContactCandidates(viewer: Viewer) {
  assertAllowed(managesBilling(viewer));
  const people = await getDb().user.findMany({
    where: { companyId: viewer.companyId, deactivatedAt: null },
    select: { id: true, fullName: true, name: true, email: true },
    orderBy: [{ fullName: "asc" }, { email: "asc" }],
  });
  return people.map((person) => ({ id: person.id, name: displayName(person), email: person.email }));
}

export interface BillingDetailsInput {
  companyName: string;
  primaryContactId: string;
  companyAddress?: string;
  phone?: string;
  currency: Currency;
  invoiceEmail: string;
}

/**
 * Saves the billing details. The primary contact must be an active person of the company (another
 * company's id is a 404, as if it did not exist); the currency cannot change once Stripe bills
 * the company (a Stripe customer has one currency). Answers whether anything changed.
 */
export async function updateBillingDetails(viewer: Viewer, input: BillingDetailsInput): Promise<{ changed: boolean }> {
  assertAllowed(managesBilling(viewer));
  const db = getDb();
  const contact = await db.user.findFirst({ where: { id: input.primaryContactId, companyId: viewer.companyId, deactivatedAt: null }, select: { id: true } });
  if (!contact) {
    throw new AppError(404, "not_found", "billing.validation.primaryContactInvalid", { fields: { primaryContactId: "billing.validation.primaryContactInvalid" } });
  }
  const values = {
    companyName: input.companyName,
    primaryContactId: input.primaryContactId,
    companyAddress: input.companyAddress ?? "",
    phone: input.phone ?? "",
    currency: input.currency,
    invoiceEmail: input.invoiceEmail,
  };
  const before = await getBillingDetails(viewer);
  const diff = changes({ ...before } as Record<string, unknown>, values);
  if (!Object.keys(diff).length) return { changed: false };
  if (diff.currency) {
    const billed = await db.subscription.findFirst({ where: { companyId: viewer.companyId, stripeSubscriptionId: { not: null }, status: { in: ["active", "past_due", "trialing", "incomplete"] } }, select: { id: true } });
    if (billed) throw new AppError(409, "currency_locked", "billing.validation.currencyLocked", { fields: { currency: "billing.validation.currencyLocked" } });
  }
  await db.$transaction(async (tx) => {
    await tx.billingDetails.upsert({
      where: { companyId: viewer.companyId },
      create: { companyId: viewer.companyId, ...values, preferredLanguage: before.preferredLanguage },
      update: values,
    });
    await recordAudit({ companyId: viewer.companyId, actorId: viewer.userId, action: "billing.details_updated", entity: "billing_details", entityId: viewer.companyId, details: diff }, tx);
  });
  return { changed: true };
}

/** The language of invoices and billing e-mails (saved on its own, as the spec's screen does). */
export async function setBillingLanguage(viewer: Viewer, language: Language) {
  assertAllowed(managesBilling(viewer));
  const before = await getBillingDetails(viewer);
  if (before.preferredLanguage === language) return;
  await getDb().$transaction(async (tx) => {
    const { preferredLanguage: _old, ...rest } = before;
    await tx.billingDetails.upsert({
      where: { companyId: viewer.companyId },
      create: { companyId: viewer.companyId, ...rest, preferredLanguage: language },
      update: { preferredLanguage: language },
    });
    await recordAudit(
      { companyId: viewer.companyId, actorId: viewer.userId, action: "billing.language_updated", entity: "billing_details", entityId: viewer.companyId, details: { preferred_language: { old: before.preferredLanguage, new: language } } },
      tx,
    );
  });
}

export async function listBillingContacts(viewer: Viewer) {
  assertAllowed(managesBilling(viewer));
  return getDb().billingContact.findMany({ where: { companyId: viewer.companyId }, select: { id: true, name: true, email: true }, orderBy: { name: "asc" } });
}

/** Another person who receives billing e-mails (an accountant, say); at most MAX_BILLING_CONTACTS. */
export async function addBillingContact(viewer: Viewer, input: { name: string; email: string }) {
  assertAllowed(managesBilling(viewer));
  return getDb().$transaction(async (tx) => {
    const existing = await tx.billingContact.findMany({ where: { companyId: viewer.companyId }, select: { email: true } });
    if (existing.length >= MAX_BILLING_CONTACTS) {
      throw new AppError(409, "too_many_contacts", "billing.contacts.tooMany", { params: { count: String(MAX_BILLING_CONTACTS) } });
    }
    if (existing.some((contact) => contact.email.toLowerCase() === input.email.toLowerCase())) {
      throw new AppError(409, "contact_exists", "billing.contacts.exists", { fields: { email: "billing.contacts.exists" } });
    }
    const contact = await tx.billingContact.create({ data: { companyId: viewer.companyId, name: input.name, email: input.email }, select: { id: true, name: true, email: true } });
    await recordAudit({ companyId: viewer.companyId, actorId: viewer.userId, action: "billing.contact_added", entity: "billing_contact", entityId: contact.id, details: { name: contact.name, email: contact.email } }, tx);
    return contact;
  });
}

export async function removeBillingContact(viewer: Viewer, contactId: string) {
  assertAllowed(managesBilling(viewer));
  return getDb().$transaction(async (tx) => {
    const contact = await tx.billingContact.findFirst({ where: { id: contactId, companyId: viewer.companyId }, select: { id: true, name: true, email: true } });
    if (!contact) throw new AppError(404, "not_found", "billing.contacts.notFound");
    await tx.billingContact.delete({ where: { id: contact.id } });
    await recordAudit({ companyId: viewer.companyId, actorId: viewer.userId, action: "billing.contact_removed", entity: "billing_contact", entityId: contact.id, details: { name: contact.name, email: contact.email } }, tx);
    return contact;
  });
}

export interface PaymentMethodInput {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

export async function getPaymentMethod(viewer: Viewer) {
  assertAllowed(managesBilling(viewer));
  return getDb().paymentMethod.findUnique({ where: { companyId: viewer.companyId }, select: { brand: true, last4: true, expMonth: true, expYear: true, updatedAt: true } });
}

/** The card on file (brand, last four digits, expiry): never the number itself. */
export async function savePaymentMethod(viewer: Viewer, input: PaymentMethodInput) {
  assertAllowed(managesBilling(viewer));
  const db = getDb();
  await db.$transaction(async (tx) => {
    const before = await tx.paymentMethod.findUnique({ where: { companyId: viewer.companyId }, select: { brand: true, last4: true, expMonth: true, expYear: true } });
    await tx.paymentMethod.upsert({ where: { companyId: viewer.companyId }, create: { companyId: viewer.companyId, ...input }, update: input });
    await recordAudit(
      {
        companyId: viewer.companyId,
        actorId: viewer.userId,
        action: "billing.payment_method_saved",
        entity: "payment_method",
        entityId: viewer.companyId,
        details: before ? changes(before, input) : { brand: input.brand, last4: input.last4, exp_month: input.expMonth, exp_year: input.expYear },
      },
      tx,
    );
  });
}

/** The privacy documents' address (PRIVACY_URL, else the public page's privacy section). */
export function privacyUrl(): string {
  const env = getEnv();
  return env.PRIVACY_URL ?? `${env.APP_URL}/public#privacy`;
}
