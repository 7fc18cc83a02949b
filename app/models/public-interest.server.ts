// The public page's interest form (spec: "public interest e-mail must contain '@'"): the address is
// kept to write back later. No account, no company: it runs without a viewer.
import type { Language } from "~/i18n";
import { getDb } from "~/utils/db.server";
import { consumeLimit, LIMITS } from "~/utils/rate-limit.server";

export interface InterestInput {
  email: string;
  /** The honeypot field, hidden from people: whatever fills it is a bot. */
  website?: string;
}

/**
 * Stores the address once (the same address again is not stored twice, and the answer does not
 * say whether it was). A filled honeypot gets the same thank-you and stores nothing. At most
 * LIMITS.publicInterestPerIp attempts per client address an hour (429).
 */
export async function registerInterest(input: InterestInput, language: Language, clientAddress: string): Promise<void> {
  await consumeLimit(LIMITS.publicInterestPerIp, clientAddress);
  if (input.website?.trim()) return;
  const email = input.email.trim().toLowerCase();
  const db = getDb();
  if (await db.publicInterest.findFirst({ where: { email }, select: { id: true } })) return;
  await db.publicInterest.create({ data: { email, language } });
}
