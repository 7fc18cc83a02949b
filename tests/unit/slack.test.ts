// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// Slack and Teams (issue 43, decision 0094): Slack's request signature (v0 HMAC-SHA256 over
// "v0:<timestamp>:<body>", five minutes), the install state bound to one admin, the bot token
// sealed at rest, the Slack configuration (all three or none), and the typed channel and time.
import { createHmac } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isPostTime, normalizeSlackChannel, postDue, slackDecisionOf, slackEscape } from "~/lib/chat";

const SECRET = "8f742231b10e8888abcd99yyyzzz85a5";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

async function load(vars: Record<string, string> = {}) {
  for (const [key, value] of Object.entries({ NODE_ENV: "test", SESSION_SECRET: "s".repeat(32), SLACK_CLIENT_ID: "", SLACK_CLIENT_SECRET: "", SLACK_SIGNING_SECRET: "", SLACK_API_URL: "", ...vars })) vi.stubEnv(key, value);
  return { env: await import("~/utils/env.server"), slack: await import("~/utils/slack.server") };
}

const sign = (body: string, timestamp: number, secret = SECRET) => `v0=${createHmac("sha256", secret).update(`v0:${timestamp}:${body}`).digest("hex")}`;

describe("Slack's request signature", () => {
  it("accepts Slack's own example and refuses a changed body, another secret, or a missing header", async () => {
    const { slack } = await load();
    const now = 1_531_420_618_000;
    const ts = now / 1000;
    const body = "token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&command=%2Fweather";
    expect(slack.verifySlackSignature(body, String(ts), sign(body, ts), SECRET, now)).toBe("ok");
    expect(slack.verifySlackSignature(`${body}x`, String(ts), sign(body, ts), SECRET, now)).toBe("bad");
    expect(slack.verifySlackSignature(body, String(ts), sign(body, ts, "other"), SECRET, now)).toBe("bad");
    expect(slack.verifySlackSignature(body, null, sign(body, ts), SECRET, now)).toBe("bad");
    expect(slack.verifySlackSignature(body, String(ts), "v0=short", SECRET, now)).toBe("bad");
  });

  it("refuses a timestamp more than five minutes away, either way", async () => {
    const { slack } = await load();
    const now = 1_700_000_000_000;
    for (const offset of [-301, 301]) {
      const ts = now / 1000 + offset;
      expect(slack.verifySlackSignature("a=b", String(ts), sign("a=b", ts), SECRET, now)).toBe("stale");
    }
    const ts = now / 1000 - 299;
    expect(slack.verifySlackSignature("a=b", String(ts), sign("a=b", ts), SECRET, now)).toBe("ok");
  });
});

describe("the install state and the sealed token", () => {
  it("names the company and admin that started the install, until it expires, and cannot be forged", async () => {
    const { slack } = await load();
    const state = slack.slackInstallState("c1", "u1", 1_000);
    expect(slack.readSlackInstallState(state, 2_000)).toEqual({ companyId: "c1", userId: "u1" });
    expect(slack.readSlackInstallState(state, 1_000 + 16 * 60_000)).toBeNull();
    const [payload, mac] = state.split(".");
    const forged = Buffer.from(JSON.stringify({ c: "c2", u: "u1", e: 10_000 })).toString("base64url");
    expect(slack.readSlackInstallState(`${forged}.${mac}`, 2_000)).toBeNull();
    expect(slack.readSlackInstallState(`${payload}`, 2_000)).toBeNull();
  });

  it("keeps the bot token unreadable without the session secret", async () => {
    const { slack } = await load();
    const sealed = slack.sealSlackToken("xoxb-123-secret");
    expect(sealed).not.toContain("xoxb");
    expect(slack.openSlackToken(sealed)).toBe("xoxb-123-secret");
    vi.resetModules();
    const other = await load({ SESSION_SECRET: "t".repeat(32) });
    expect(() => other.slack.openSlackToken(sealed)).toThrow();
  });
});

describe("Slack's configuration", () => {
  it("is off without its settings, on with all three, and refuses half of them, naming what is missing", async () => {
    expect((await load()).slack.slackConfigured()).toBe(false);
    vi.resetModules();
    const all = await load({ SLACK_CLIENT_ID: "1234.5678", SLACK_CLIENT_SECRET: "a".repeat(32), SLACK_SIGNING_SECRET: "b".repeat(32) });
    expect(all.slack.slackConfigured()).toBe(true);
    vi.resetModules();
    const half = await load({ SLACK_CLIENT_ID: "1234.5678" });
    expect(() => half.env.getEnv()).toThrow(/SLACK_CLIENT_SECRET: required with SLACK_CLIENT_ID[\s\S]*SLACK_SIGNING_SECRET: required/);
    vi.resetModules();
    const wrong = await load({ SLACK_CLIENT_ID: "abc", SLACK_CLIENT_SECRET: "a".repeat(32), SLACK_SIGNING_SECRET: "b".repeat(32) });
    expect(() => wrong.env.getEnv()).toThrow(/SLACK_CLIENT_ID: must be the Slack app's client id/);
  });
});

describe("what an admin types, and what a click says", () => {
  it("takes a channel by id or name, stored as the id or #name", () => {
    expect(normalizeSlackChannel("C0123456789")).toBe("C0123456789");
    expect(normalizeSlackChannel("#who-is-off")).toBe("#who-is-off");
    expect(normalizeSlackChannel(" general ")).toBe("#general");
    expect(normalizeSlackChannel("Not a channel")).toBeNull();
    expect(normalizeSlackChannel("#")).toBeNull();
  });

  it("takes a post time HH:MM and says when it is due on the company's clock", () => {
    expect(["00:00", "09:30", "23:59"].every(isPostTime)).toBe(true);
    expect(["24:00", "9:30", "09:60", "", "09:30:00"].some(isPostTime)).toBe(false);
    expect(postDue("09:29:59", "09:30")).toBe(false);
    expect(postDue("09:30:00", "09:30")).toBe(true);
    expect(postDue("23:00:00", "09:30")).toBe(true);
  });

  it("reads only the Approve and Reject buttons, and escapes Slack's markup in people's text", () => {
    expect(slackDecisionOf("vacation.approve")).toBe("approve");
    expect(slackDecisionOf("vacation.reject")).toBe("reject");
    expect(slackDecisionOf("open")).toBeNull();
    expect(slackEscape("<!channel> & <@U1>")).toBe("&lt;!channel&gt; &amp; &lt;@U1&gt;");
  });
});
