// The daily who's-off e-mail (issue 43, decision 0088): what a person may ask for, and when a
// company's day's digest is due.

export const DIGEST_SCOPES = ["off", "team", "company"] as const;
export type DigestScope = (typeof DIGEST_SCOPES)[number];

export function isDigestScope(value: unknown): value is DigestScope {
  return typeof value === "string" && (DIGEST_SCOPES as readonly string[]).includes(value);
}

/** Rows written before the column existed, or a value no screen writes, read as off. */
export function digestScopeOr(value: unknown): DigestScope {
  return isDigestScope(value) ? value : "off";
}

/**
 * The company's local hour from which the day's digest goes out: before most people start work,
 * late enough that the night's decisions are in. A process that was down at 07:00 sends it when it
 * comes back, the same day.
 */
export const DIGEST_HOUR = 7;

/** Whether a local wall-clock time "HH:MM:SS" is at or after the digest hour. */
export function digestDue(localTime: string): boolean {
  return Number(localTime.slice(0, 2)) >= DIGEST_HOUR;
}
