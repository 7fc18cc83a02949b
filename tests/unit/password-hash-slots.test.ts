// Password hashes take turns: each holds scrypt's 16 MB and a libuv thread for ~50 ms, so a burst
// of sign-ins must not run them all at once (app/utils/password.server.ts).
import type * as Crypto from "node:crypto";
import { describe, expect, it, vi } from "vitest";

const hashes = vi.hoisted(() => ({ running: 0, most: 0 }));

vi.mock("node:crypto", async (importOriginal) => {
  const real = await importOriginal<typeof Crypto>();
  // The real scrypt, counting how many run at the same moment.
  const scrypt = (...args: unknown[]) => {
    const done = args.pop() as (error: Error | null, key: Buffer) => void;
    hashes.running++;
    hashes.most = Math.max(hashes.most, hashes.running);
    try {
      (real.scrypt as (...rest: unknown[]) => void)(...args, (error: Error | null, key: Buffer) => {
        hashes.running--;
        done(error, key);
      });
    } catch (error) {
      // Parameters scrypt refuses throw at once, without the callback.
      hashes.running--;
      throw error;
    }
  };
  return { ...real, default: { ...real, scrypt }, scrypt };
});

const { hashPassword, verifyPassword, PASSWORD_HASHES_AT_ONCE } = await import("~/utils/password.server");

describe("password hashes at once", () => {
  it("run at most PASSWORD_HASHES_AT_ONCE at a time, and every check still gets its own answer", async () => {
    const stored = await hashPassword("the-right-password");
    hashes.most = 0;
    const tries = ["the-right-password", "wrong-1", "the-right-password", "wrong-2", "wrong-3", "the-right-password", "wrong-4", "wrong-5"];
    const answers = await Promise.all(tries.map((password) => verifyPassword(password, stored)));
    expect(answers).toEqual(tries.map((password) => password === "the-right-password"));
    expect(PASSWORD_HASHES_AT_ONCE).toBe(2);
    expect(hashes.most).toBe(PASSWORD_HASHES_AT_ONCE);
    expect(hashes.running).toBe(0);
  });

  it("lets the next hash start when one fails", async () => {
    // An impossible cost makes scrypt throw at once: a slot it kept would leave the check queued
    // behind the two failing ones waiting forever (the test would time out).
    const broken = "scrypt$3$8$1$c2FsdA==$a2V5";
    const stored = await hashPassword("pw");
    const results = await Promise.allSettled([verifyPassword("pw", broken), verifyPassword("pw", broken), verifyPassword("pw", stored)]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "fulfilled"]);
    expect(results[2]).toEqual({ status: "fulfilled", value: true });
    expect(hashes.running).toBe(0);
  });
});
