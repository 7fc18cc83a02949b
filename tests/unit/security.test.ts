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
});
