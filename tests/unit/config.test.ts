import { afterEach, describe, expect, it, vi } from "vitest";
import { databaseEngine, sqliteFilePath } from "~/utils/database-url";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

async function loadEnv(vars: Record<string, string>) {
  for (const [key, value] of Object.entries(vars)) vi.stubEnv(key, value);
  const { getEnv } = await import("~/utils/env.server");
  return getEnv;
}

describe("configuration", () => {
  it("tells SQLite from PostgreSQL URLs and refuses others", () => {
    expect(databaseEngine("file:./data/x.db")).toBe("sqlite");
    expect(databaseEngine("postgresql://u:p@localhost/db")).toBe("postgresql");
    expect(() => databaseEngine("mysql://localhost/db")).toThrow(/must start with file:/);
    expect(sqliteFilePath("file:/tmp/a.db?mode=rw")).toBe("/tmp/a.db");
  });

  it("uses safe defaults", async () => {
    const getEnv = await loadEnv({ NODE_ENV: "test", SESSION_SECRET: "x".repeat(32), PORT: "", DATABASE_URL: "" });
    vi.stubEnv("PORT", undefined as unknown as string);
    vi.stubEnv("DATABASE_URL", undefined as unknown as string);
    const env = getEnv();
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBe("file:./data/absences.db");
    expect(env.WEBHOOK_TIMEOUT_MS).toBe(10_000);
  });

  it("takes a webhook timeout from 1 to 60 seconds", async () => {
    const getEnv = await loadEnv({ NODE_ENV: "test", WEBHOOK_TIMEOUT_MS: "500" });
    expect(() => getEnv()).toThrow(/WEBHOOK_TIMEOUT_MS: must be at least 1000/);
  });

  it("takes a PostgreSQL pool of 2 to 100 connections per process, 10 by default", async () => {
    vi.stubEnv("DATABASE_POOL_SIZE", undefined as unknown as string);
    expect((await loadEnv({ NODE_ENV: "test" }))().DATABASE_POOL_SIZE).toBe(10);
    vi.resetModules();
    expect((await loadEnv({ NODE_ENV: "test", DATABASE_POOL_SIZE: "25" }))().DATABASE_POOL_SIZE).toBe(25);
    for (const [value, message] of [
      ["1", /DATABASE_POOL_SIZE: must be at least 2/],
      ["500", /DATABASE_POOL_SIZE: must be at most 100/],
      ["ten", /DATABASE_POOL_SIZE: must be a whole number of connections/],
    ] as const) {
      vi.resetModules();
      const getEnv = await loadEnv({ NODE_ENV: "test", DATABASE_POOL_SIZE: value });
      expect(() => getEnv()).toThrow(message);
    }
  });

  it("explains what is wrong", async () => {
    const getEnv = await loadEnv({ NODE_ENV: "test", PORT: "99999", DATABASE_URL: "mysql://x" });
    expect(() => getEnv()).toThrow(/PORT: .*\n.*DATABASE_URL: must start with file:/);
  });

  it("requires SESSION_SECRET in production", async () => {
    const getEnv = await loadEnv({ NODE_ENV: "production", SESSION_SECRET: "", DATABASE_URL: "file:./x.db" });
    vi.stubEnv("SESSION_SECRET", undefined as unknown as string);
    expect(() => getEnv()).toThrow(/SESSION_SECRET: required in production/);
  });

  it("trusts no proxy by default and validates TRUST_PROXY", async () => {
    const defaults = await loadEnv({ NODE_ENV: "test", SESSION_SECRET: "x".repeat(32) });
    expect(defaults().TRUST_PROXY).toBe(false);
    vi.resetModules();
    const hops = await loadEnv({ NODE_ENV: "test", SESSION_SECRET: "x".repeat(32), TRUST_PROXY: "1" });
    expect(hops().TRUST_PROXY).toBe(1);
    vi.resetModules();
    const list = await loadEnv({ NODE_ENV: "test", SESSION_SECRET: "x".repeat(32), TRUST_PROXY: "loopback, 10.0.0.0/8,::1" });
    expect(list().TRUST_PROXY).toEqual(["loopback", "10.0.0.0/8", "::1"]);
    for (const bad of ["yes", "10.0.0.0/33", "proxy.example", "999"]) {
      vi.resetModules();
      const getEnv = await loadEnv({ NODE_ENV: "test", SESSION_SECRET: "x".repeat(32), TRUST_PROXY: bad });
      expect(() => getEnv(), bad).toThrow(/TRUST_PROXY: must be false, true, a number of proxy hops/);
    }
  });
});
