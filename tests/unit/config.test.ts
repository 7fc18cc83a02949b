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

  it("keeps certificates on disk by default, and in an S3 bucket only when told with a bucket and region", async () => {
    const base = { NODE_ENV: "test", SESSION_SECRET: "x".repeat(32) };
    const defaults = (await loadEnv(base))();
    expect(defaults).toMatchObject({ CERTIFICATE_STORE: "disk", CERTIFICATE_DIR: "data/certificates" });
    expect(defaults.S3_BUCKET).toBeUndefined();
    vi.resetModules();
    const s3 = (await loadEnv({ ...base, CERTIFICATE_STORE: "s3", S3_BUCKET: "folga-certificates", S3_REGION: "eu-central-1", S3_ENDPOINT: "http://127.0.0.1:9000", S3_FORCE_PATH_STYLE: "true", S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "secret" }))();
    expect(s3).toMatchObject({ CERTIFICATE_STORE: "s3", S3_BUCKET: "folga-certificates", S3_REGION: "eu-central-1", S3_ENDPOINT: "http://127.0.0.1:9000", S3_FORCE_PATH_STYLE: true });
    vi.resetModules();
    vi.unstubAllEnvs();
    // Without a key pair the SDK's own chain answers (a role): allowed.
    expect((await loadEnv({ ...base, CERTIFICATE_STORE: "s3", S3_BUCKET: "b-1", S3_REGION: "auto" }))().S3_ACCESS_KEY_ID).toBeUndefined();
  });

  it("says what is missing or wrong in the certificate store's settings, and never prints a secret", async () => {
    const base = { NODE_ENV: "test", SESSION_SECRET: "x".repeat(32) };
    const cases: [Record<string, string>, RegExp][] = [
      [{ CERTIFICATE_STORE: "s3" }, /S3_BUCKET: required with CERTIFICATE_STORE=s3[^\n]*\n\s+S3_REGION: required with CERTIFICATE_STORE=s3/],
      [{ CERTIFICATE_STORE: "s3", S3_REGION: "eu-west-1" }, /S3_BUCKET: required with CERTIFICATE_STORE=s3/],
      [{ CERTIFICATE_STORE: "s3", S3_BUCKET: "b-1" }, /S3_REGION: required with CERTIFICATE_STORE=s3/],
      [{ CERTIFICATE_STORE: "s3", S3_BUCKET: "b-1", S3_REGION: "eu-west-1", S3_ACCESS_KEY_ID: "id" }, /S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID/],
      [{ CERTIFICATE_STORE: "s3", S3_BUCKET: "b-1", S3_REGION: "eu-west-1", S3_SECRET_ACCESS_KEY: "very-secret-value" }, /S3_ACCESS_KEY_ID: required with S3_SECRET_ACCESS_KEY/],
      // S3 settings with the disk store: the files would quietly land on the local disk.
      [{ S3_BUCKET: "b-1", S3_REGION: "eu-west-1" }, /S3_REGION: set without CERTIFICATE_STORE=s3[^\n]*\n\s+S3_BUCKET: set without CERTIFICATE_STORE=s3/],
      [{ CERTIFICATE_STORE: "disk", S3_FORCE_PATH_STYLE: "false" }, /S3_FORCE_PATH_STYLE: set without CERTIFICATE_STORE=s3/],
      [{ CERTIFICATE_STORE: "minio" }, /CERTIFICATE_STORE: must be disk or s3/],
      [{ CERTIFICATE_STORE: "s3", S3_BUCKET: "My_Bucket", S3_REGION: "eu-west-1" }, /S3_BUCKET: must be a bucket name/],
      [{ CERTIFICATE_STORE: "s3", S3_BUCKET: "b-1", S3_REGION: "eu-west-1", S3_ENDPOINT: "127.0.0.1:9000" }, /S3_ENDPOINT: must be an absolute URL/],
      [{ CERTIFICATE_STORE: "s3", S3_BUCKET: "b-1", S3_REGION: "eu-west-1", S3_ENDPOINT: "ftp://minio:9000" }, /S3_ENDPOINT: must be an http:\/\/ or https:\/\/ URL/],
      [{ CERTIFICATE_STORE: "s3", S3_BUCKET: "b-1", S3_REGION: "eu-west-1", S3_FORCE_PATH_STYLE: "yes" }, /S3_FORCE_PATH_STYLE: must be true or false/],
    ];
    for (const [vars, message] of cases) {
      vi.resetModules();
      vi.unstubAllEnvs();
      const getEnv = await loadEnv({ ...base, ...vars });
      expect(() => getEnv(), JSON.stringify(vars)).toThrow(message);
      expect(() => getEnv(), JSON.stringify(vars)).toThrow(/See \.env\.example\./);
      try {
        getEnv();
      } catch (error) {
        expect((error as Error).message).not.toContain("very-secret-value");
      }
    }
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
