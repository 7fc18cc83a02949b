// Slack plumbing (issue 43, decision 0094): the Web API client, the check of Slack's request
// signature, the OAuth state that binds an install to the admin who started it, and the bot token's
// encryption at rest. Server only (node:crypto).
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { LogLevel, WebClient } from "@slack/web-api";
import { getEnv, SLACK_SETTINGS } from "./env.server";

/** The scopes the bot asks for: post (also to public channels it has not joined) and find people by e-mail. */
export const SLACK_SCOPES = ["chat:write", "chat:write.public", "users:read", "users:read.email"] as const;
export const SLACK_AUTHORIZE_URL = "https://slack.com/oauth/v2/authorize";
/** Slack's own rule: a request signed more than five minutes ago is refused, so a captured one cannot be replayed later. */
export const SLACK_SIGNATURE_WINDOW_S = 5 * 60;
/** An install started and not finished within this time must be started again. */
const STATE_TTL_MS = 15 * 60_000;

export function slackConfigured(): boolean {
  const env = getEnv();
  return SLACK_SETTINGS.every((name) => Boolean(env[name]));
}

/**
 * A Web API client. No retries of its own: the chat worker retries on its schedule, and an
 * interaction must answer within Slack's three seconds.
 */
export function slackClient(token?: string): WebClient {
  const url = getEnv().SLACK_API_URL;
  return new WebClient(token, { ...(url ? { slackApiUrl: url.endsWith("/") ? url : `${url}/` } : {}), retryConfig: { retries: 0 }, logLevel: LogLevel.ERROR, timeout: 10_000 });
}

/**
 * Whether a request comes from Slack: "v0=" and the HMAC-SHA256, under the signing secret, of
 * "v0:<timestamp>:<raw body>", its timestamp within five minutes of now. Compared in constant time.
 */
export function verifySlackSignature(body: string, timestamp: string | null, signature: string | null, secret: string, now = Date.now()): "ok" | "stale" | "bad" {
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return "bad";
  if (Math.abs(Math.floor(now / 1000) - Number(timestamp)) > SLACK_SIGNATURE_WINDOW_S) return "stale";
  const expected = Buffer.from(`v0=${createHmac("sha256", secret).update(`v0:${timestamp}:${body}`).digest("hex")}`);
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? "ok" : "bad";
}

function keyFor(purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", getEnv().SESSION_SECRET, "folga-slack", purpose, 32));
}

/** The OAuth state: who started the install and until when, signed, so the callback installs for that admin's company only. */
export function slackInstallState(companyId: string, userId: string, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ c: companyId, u: userId, e: now + STATE_TTL_MS })).toString("base64url");
  const mac = createHmac("sha256", keyFor("state")).update(payload).digest("base64url");
  return `${payload}.${mac}`;
}

export function readSlackInstallState(state: string, now = Date.now()): { companyId: string; userId: string } | null {
  const [payload, mac, extra] = state.split(".");
  if (!payload || !mac || extra !== undefined) return null;
  const expected = Buffer.from(createHmac("sha256", keyFor("state")).update(payload).digest("base64url"));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const value = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { c?: unknown; u?: unknown; e?: unknown };
    if (typeof value.c !== "string" || typeof value.u !== "string" || typeof value.e !== "number" || value.e < now) return null;
    return { companyId: value.c, userId: value.u };
  } catch {
    return null;
  }
}

/** The bot token at rest: AES-256-GCM under a key derived from SESSION_SECRET, so a copy of the database alone cannot post as the bot. */
export function sealSlackToken(token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor("token"), iv);
  const sealed = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
  return `v1.${iv.toString("base64url")}.${cipher.getAuthTag().toString("base64url")}.${sealed.toString("base64url")}`;
}

export function openSlackToken(sealed: string): string {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || !data) throw new Error("unreadable Slack token");
  const decipher = createDecipheriv("aes-256-gcm", keyFor("token"), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}
