// Every e-mail is first written to the EmailOutbox table, then delivered over SMTP when SMTP_URL
// is set. Without it (the local default) mail stays in the outbox, which /dev/outbox lists, so a
// newcomer can follow verification and invitation links. A failed delivery is retried on the next
// drain, up to MAX_ATTEMPTS. Each e-mail is claimed before it is sent, so app processes sharing one
// database send it once.
import type { Transporter } from "nodemailer";
import type { Language } from "~/i18n";
import { getDb } from "./db.server";
import { getEnv } from "./env.server";

export const MAX_ATTEMPTS = 5;

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  language: Language;
  companyId?: string | null;
}

// Loaded when there is mail to send over SMTP: without SMTP_URL (the local default) the process
// never holds the library in memory.
let transporter: Promise<Transporter> | undefined;
function getTransporter(): Promise<Transporter> | undefined {
  const url = getEnv().SMTP_URL;
  if (!url) return undefined;
  transporter ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(url));
  return transporter;
}

export async function queueMail(mail: OutgoingMail): Promise<string> {
  const row = await getDb().emailOutbox.create({
    data: {
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      language: mail.language,
      companyId: mail.companyId ?? null,
    },
  });
  // Delivery happens after the answer; a slow SMTP server never slows a page.
  void deliverPendingMail();
  return row.id;
}

let draining: Promise<number> | undefined;
let drainAgain = false;

/** Sends what is waiting; concurrent calls share one pass (and trigger one more after it). */
export function deliverPendingMail(): Promise<number> {
  if (draining) {
    drainAgain = true;
    return draining;
  }
  draining = (async () => {
    let sent = 0;
    let more = true;
    while (more || drainAgain) {
      drainAgain = false;
      const batch = await deliverBatch();
      sent += batch.sent;
      more = batch.full;
    }
    return sent;
  })().finally(() => {
    draining = undefined;
  });
  return draining;
}

const BATCH_SIZE = 50;
/** A claim this old belongs to a process that died while sending: the e-mail may be taken again. */
export const CLAIM_EXPIRES_MS = 5 * 60_000;

async function deliverBatch(): Promise<{ sent: number; full: boolean }> {
  const loading = getTransporter();
  if (!loading) return { sent: 0, full: false };
  const transport = await loading;
  const db = getDb();
  const claimable = () => ({ sentAt: null, OR: [{ claimedAt: null }, { claimedAt: { lt: new Date(Date.now() - CLAIM_EXPIRES_MS) } }] });
  const pending = await db.emailOutbox.findMany({
    where: { ...claimable(), attempts: { lt: MAX_ATTEMPTS } },
    orderBy: { createdAt: "asc" },
    take: BATCH_SIZE,
  });
  let sent = 0;
  for (const mail of pending) {
    // Several app processes may drain the outbox at once: only the one whose claim lands sends it.
    const claim = await db.emailOutbox.updateMany({ where: { id: mail.id, ...claimable() }, data: { claimedAt: new Date() } });
    if (claim.count === 0) continue;
    try {
      await transport.sendMail({
        from: getEnv().MAIL_FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        headers: { "Content-Language": mail.language },
      });
      await db.emailOutbox.update({ where: { id: mail.id }, data: { sentAt: new Date(), attempts: { increment: 1 } } });
      sent++;
    } catch (error) {
      await db.emailOutbox.update({
        where: { id: mail.id },
        data: { attempts: { increment: 1 }, lastError: String((error as Error).message).slice(0, 500), claimedAt: null },
      });
    }
  }
  // A full batch may mean more is waiting; failures keep attempts counting towards MAX_ATTEMPTS.
  return { sent, full: pending.length === BATCH_SIZE };
}

/** Lets tests and shutdown wait for mail already on its way. */
export async function settleMail(): Promise<void> {
  while (draining) await draining;
}
