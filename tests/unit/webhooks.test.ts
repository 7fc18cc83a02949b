import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isPublicAddress, webhookUrlProblem } from "~/lib/webhook-address";
import { nextWebhookAttemptAt, parseWebhookEvents, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_WINDOW_MS, webhookAttemptOffsetMs } from "~/lib/webhooks";

const MINUTE = 60_000;

describe("the webhook retry schedule", () => {
  it("sends at once, then waits three times longer each time, and makes a last attempt at 24 h", () => {
    const offsets = Array.from({ length: WEBHOOK_MAX_ATTEMPTS }, (_, attempt) => webhookAttemptOffsetMs(attempt)! / MINUTE);
    expect(offsets).toEqual([0, 1, 4, 13, 40, 121, 364, 1093, 1440]);
    expect(webhookAttemptOffsetMs(WEBHOOK_MAX_ATTEMPTS)).toBeNull();
    expect(webhookAttemptOffsetMs(-1)).toBeNull();
  });

  it("waits longer each time until the last attempt, which keeps within the 24 hours", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: WEBHOOK_MAX_ATTEMPTS - 3 }), (attempt) => {
        const wait = webhookAttemptOffsetMs(attempt + 1)! - webhookAttemptOffsetMs(attempt)!;
        const before = webhookAttemptOffsetMs(attempt)! - webhookAttemptOffsetMs(attempt - 1)!;
        expect(wait).toBe(3 * before);
      }),
    );
    expect(webhookAttemptOffsetMs(WEBHOOK_MAX_ATTEMPTS - 1)).toBe(WEBHOOK_RETRY_WINDOW_MS);
  });

  it("counts from the event, so a late worker does not stretch the schedule", () => {
    const created = new Date("2026-11-27T10:00:00.000Z");
    expect(nextWebhookAttemptAt(created, 2)?.toISOString()).toBe("2026-11-27T10:04:00.000Z");
    expect(nextWebhookAttemptAt(created, WEBHOOK_MAX_ATTEMPTS - 1)?.toISOString()).toBe("2026-11-28T10:00:00.000Z");
    expect(nextWebhookAttemptAt(created, WEBHOOK_MAX_ATTEMPTS)).toBeNull();
  });
});

describe("the addresses a delivery may reach (SSRF)", () => {
  it("allows public IPv4 and IPv6 addresses", () => {
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:2800:220:1:248:1893:25c8:1946", "::ffff:8.8.8.8"]) expect(isPublicAddress(address), address).toBe(true);
  });

  it("refuses private, loopback, link-local, unique-local and other non-public ranges", () => {
    for (const address of [
      "10.0.0.1",
      "172.16.5.4",
      "192.168.1.1",
      "127.0.0.1",
      "127.8.9.10",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "fc12:3456::1",
      "::ffff:127.0.0.1",
      "::ffff:10.1.2.3",
      "2002:0a00:0001::1",
      "64:ff9b::a00:1",
      "not an address",
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });
});

describe("an endpoint's address", () => {
  it("is HTTPS; plain HTTP only to this machine outside production", () => {
    expect(webhookUrlProblem("https://hooks.example.com/folga", true)).toBeNull();
    expect(webhookUrlProblem("http://hooks.example.com/folga", false)).toBe("webhooks.validation.httpsOnly");
    expect(webhookUrlProblem("http://localhost:8080/hook", false)).toBeNull();
    expect(webhookUrlProblem("http://127.0.0.1:8080/hook", false)).toBeNull();
    expect(webhookUrlProblem("http://localhost:8080/hook", true)).toBe("webhooks.validation.httpsOnly");
    expect(webhookUrlProblem("ftp://example.com/", false)).toBe("webhooks.validation.httpsOnly");
    expect(webhookUrlProblem("not a url", false)).toBe("webhooks.validation.urlInvalid");
  });

  it("in production names no private or loopback IP, and carries no password", () => {
    expect(webhookUrlProblem("https://10.0.0.5/hook", true)).toBe("webhooks.validation.privateAddress");
    expect(webhookUrlProblem("https://[::1]/hook", true)).toBe("webhooks.validation.privateAddress");
    expect(webhookUrlProblem("https://localhost/hook", true)).toBe("webhooks.validation.privateAddress");
    expect(webhookUrlProblem("https://user:pw@hooks.example.com/", false)).toBe("webhooks.validation.urlCredentials");
    expect(webhookUrlProblem(`https://example.com/${"a".repeat(2000)}`, false)).toBe("webhooks.validation.urlTooLong");
  });
});

describe("an endpoint's stored events", () => {
  it("keeps the known ones, in the list's order", () => {
    expect(parseWebhookEvents('["person.left","retired.event","absence.requested"]')).toEqual(["absence.requested", "person.left"]);
    expect(parseWebhookEvents("not json")).toEqual([]);
  });
});
