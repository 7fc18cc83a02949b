import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/lib/safe-redirect";
import { hashPassword, verifyPassword } from "~/utils/password.server";

describe("passwords", () => {
  it("hashes with a salt and verifies only the right password", async () => {
    const a = await hashPassword("s3cret-password");
    const b = await hashPassword("s3cret-password");
    expect(a).not.toBe(b);
    expect(a.startsWith("scrypt$16384$8$1$")).toBe(true);
    expect(await verifyPassword("s3cret-password", a)).toBe(true);
    expect(await verifyPassword("s3cret-passworD", a)).toBe(false);
  });

  it("rejects missing or malformed hashes instead of throwing", async () => {
    expect(await verifyPassword("x", null)).toBe(false);
    expect(await verifyPassword("x", "md5$abc")).toBe(false);
  });
});

describe("safeRedirect", () => {
  it("keeps local paths and refuses other origins", () => {
    expect(safeRedirect("/vacations?status=pending")).toBe("/vacations?status=pending");
    expect(safeRedirect("//evil.example")).toBe("/my-calendar");
    expect(safeRedirect("/\\evil.example")).toBe("/my-calendar");
    expect(safeRedirect("https://evil.example")).toBe("/my-calendar");
    expect(safeRedirect(null, "/")).toBe("/");
  });

  // What a browser would do with each one: leave the site, or break the Location header.
  const nasty = [
    "/\t/evil.example",
    "/\t\t/evil.example",
    "\t//evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/\r/evil.example",
    "/ok\r\nSet-Cookie: x=1",
    "/\u0000/evil.example",
    "/\u007f/evil.example",
    "/\u0085/evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "\\/evil.example",
    "//evil.example",
    "///evil.example",
    "//evil.example/%2F..",
    "/..//evil.example",
    "/%2e%2e//evil.example",
    "/./..//evil.example",
    "https:evil.example",
    "https://evil.example",
    "http:/evil.example",
    "javascript:alert(1)",
    "data:text/html,hi",
    "evil.example",
    " /evil",
    "%2F%2Fevil.example",
    "%2F%09%2Fevil.example",
    "",
  ];
  it.each(nasty)("refuses %j", (candidate) => {
    expect(safeRedirect(candidate)).toBe("/my-calendar");
  });

  // Encoded characters stay encoded: a browser reads them as part of a path on this site.
  const local = [
    ["/%09/evil.example", "/%09/evil.example"],
    ["/%2F/evil.example", "/%2F/evil.example"],
    ["/%5Cevil.example", "/%5Cevil.example"],
    ["/%0d%0aSet-Cookie:x", "/%0d%0aSet-Cookie:x"],
    ["/company-calendar?month=2027-03#today", "/company-calendar?month=2027-03#today"],
    ["/vacations?q=é", "/vacations?q=%C3%A9"],
    ["/férias", "/f%C3%A9rias"],
    ["/a b", "/a%20b"],
  ] as const;
  it.each(local)("keeps %j on this site as %j", (candidate, expected) => {
    const result = safeRedirect(candidate);
    expect(result).toBe(expected);
    expect(new URL(result, "https://folga.example").origin).toBe("https://folga.example");
    // Always a valid header value.
    expect(() => new Headers({ Location: result })).not.toThrow();
    expect(result).toMatch(/^[\x21-\x7e]+$/);
  });
});
