// Signed outgoing webhooks (issue 43, decision 0084): the events a company may subscribe to, the
// rule for an endpoint's address, and the retry schedule. Pure, so the form, the models and the
// worker share one rule and unit tests pin it.
export const WEBHOOK_EVENTS = [
  "absence.requested",
  "absence.approved",
  "absence.rejected",
  "absence.cancelled",
  "absence.changed",
  "person.joined",
  "person.left",
  "balance.changed",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export function isWebhookEvent(value: unknown): value is WebhookEvent {
  return (WEBHOOK_EVENTS as readonly unknown[]).includes(value);
}

/** The stored JSON list of an endpoint's events, keeping only known ones (an old row may hold a retired name). */
export function parseWebhookEvents(stored: string): WebhookEvent[] {
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? WEBHOOK_EVENTS.filter((event) => value.includes(event)) : [];
  } catch {
    return [];
  }
}

export const MAX_WEBHOOK_URL_LENGTH = 2000;

const MINUTE = 60_000;
/** Retries stop this long after the first attempt. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * MINUTE;

/**
 * When attempt number `attempt` (0 is the first, sent at once) is due, counted from the event:
 * each wait three times the one before, from one minute (0, 1 min, 4, 13, 40 min, 2 h, 6 h, 18 h),
 * and a last attempt when the 24 hours are up. Null: no attempt is left, the delivery has failed.
 */
export function webhookAttemptOffsetMs(attempt: number): number | null {
  if (!Number.isInteger(attempt) || attempt < 0) return null;
  // 1 + 3 + 9 + … (attempt terms) minutes.
  const offset = ((3 ** attempt - 1) / 2) * MINUTE;
  const previous = ((3 ** Math.max(attempt - 1, 0) - 1) / 2) * MINUTE;
  if (attempt > 0 && previous >= WEBHOOK_RETRY_WINDOW_MS) return null;
  return Math.min(offset, WEBHOOK_RETRY_WINDOW_MS);
}

/** Attempts in all: the first, the retries, the one at 24 h. */
export const WEBHOOK_MAX_ATTEMPTS = (() => {
  let attempts = 0;
  while (webhookAttemptOffsetMs(attempts) !== null) attempts++;
  return attempts;
})();

/** When the next attempt is due after `attemptsMade` attempts of an event created at `createdAt`; null: none is left. */
export function nextWebhookAttemptAt(createdAt: Date, attemptsMade: number): Date | null {
  const offset = webhookAttemptOffsetMs(attemptsMade);
  return offset === null ? null : new Date(createdAt.getTime() + offset);
}
