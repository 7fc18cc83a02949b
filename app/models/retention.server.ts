// What the outboxes keep once their work is done (decision 0084's delivery log, 0088's digest
// claims, the mail outbox): nobody reads it after a while, and it holds addresses and the text of
// mails. Each process prunes on a timer; deleting is idempotent, so several instances need no claim.
import { addDays, type IsoDate } from "~/lib/dates";
import { getDb } from "~/utils/db.server";

const DAY_MS = 24 * 60 * 60_000;
/** A webhook delivery's log line and a sent e-mail stay this long: enough to answer "did it go out?". */
export const KEEP_FINISHED_DAYS = 30;
/** A digest claim only guards its own date against a second send; a week covers every zone and retry. */
export const KEEP_DIGEST_CLAIM_DAYS = 7;

export interface Pruned {
  webhookDeliveries: number;
  sentEmails: number;
  digestClaims: number;
  chatMessages: number;
  chatPostClaims: number;
}

export async function pruneFinishedRecords(now = new Date()): Promise<Pruned> {
  const db = getDb();
  const before = new Date(now.getTime() - KEEP_FINISHED_DAYS * DAY_MS);
  // Dates are compared as YYYY-MM-DD text; the UTC date is a day off at most, and a week is kept.
  const claimsBefore: IsoDate = addDays(now.toISOString().slice(0, 10) as IsoDate, -KEEP_DIGEST_CLAIM_DAYS);
  const [webhookDeliveries, sentEmails, digestClaims, chatMessages, chatPostClaims] = await Promise.all([
    // Pending ones are still on their retry schedule, however old.
    db.webhookDelivery.deleteMany({ where: { status: { in: ["delivered", "failed"] }, createdAt: { lt: before } } }),
    db.emailOutbox.deleteMany({ where: { sentAt: { lt: before } } }),
    db.digestSend.deleteMany({ where: { date: { lt: claimsBefore } } }),
    // Slack and Teams (decision 0094) keep their outbox and daily claims by the same rules.
    db.chatMessage.deleteMany({ where: { status: { in: ["sent", "failed"] }, createdAt: { lt: before } } }),
    db.chatDailyPost.deleteMany({ where: { date: { lt: claimsBefore } } }),
  ]);
  return { webhookDeliveries: webhookDeliveries.count, sentEmails: sentEmails.count, digestClaims: digestClaims.count, chatMessages: chatMessages.count, chatPostClaims: chatPostClaims.count };
}

/** Prunes at start and then every few hours. */
export function scheduleRetention(intervalMs = 6 * 60 * 60_000) {
  const tick = () => pruneFinishedRecords().catch((error) => console.error("Pruning old records failed:", error));
  void tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
