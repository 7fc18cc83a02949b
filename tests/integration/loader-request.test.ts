// A page runs several loaders (the shell's and the screen's) for one request, and each asks who is
// signed in. The app reads that once per request, keyed on the Request its loaders are given; Remix
// gave every loader its own copy of the Request, so the person, their session and an admin's review
// routing were read again by each loader (patches/@remix-run+server-runtime+*.patch, decision 0042).
// The built app is driven in this process and its SQLite statements counted.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuiltApp } from "../support/built-app";
import { createCompany, createTeam, createUser, TEST_PASSWORD } from "../support/factories";
import { testEngine } from "../support/test-database";

describe.runIf(testEngine === "sqlite")("a page's loaders and the signed-in person", () => {
  let handle: (request: Request) => Promise<Response>;
  let cookie = "";
  const statements: string[] = [];

  beforeAll(async () => {
    ensureBuiltApp();
    const company = await createCompany("Loaders Ltd");
    const admin = await createUser(company.id, { email: "loaders-admin@loaders.test", role: "admin", preferredLanguage: "en" });
    await createTeam(company.id, "Loaders team", [admin.id]);
    const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
    const handler = createRequestHandler(build, "production");
    handle = (request) => handler(request, { cspNonce: "test-nonce" });
    // Every statement the app's SQLite connection runs (one native prototype for every database).
    const prototype = Object.getPrototypeOf(new Database(":memory:").prepare("SELECT 1")) as Record<string, (...args: unknown[]) => unknown>;
    for (const method of ["all", "get", "run", "iterate"]) {
      const original = prototype[method];
      prototype[method] = function (this: { source: string }, ...args: unknown[]) {
        statements.push(this.source);
        return original.apply(this, args);
      };
    }
    const login = await handle(
      new Request("http://localhost/login", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost", Host: "localhost" },
        body: new URLSearchParams({ email: "loaders-admin@loaders.test", password: TEST_PASSWORD }),
      }),
    );
    expect(login.status).toBe(302);
    cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
  }, 240_000);

  const sessionReads = () => statements.filter((sql) => /FROM\s+(?:`main`\.)?[`"]Session[`"]/.test(sql)).length;
  const routingReads = () => statements.filter((sql) => /[`"]substituteApproverId[`"] = /.test(sql)).length;

  for (const page of ["/my-calendar", "/vacations", "/approvals", "/vacations?index"]) {
    it(`${page}: the session and an admin's review routing are read once`, async () => {
      statements.length = 0;
      const response = await handle(new Request(`http://localhost${page}`, { headers: { Cookie: cookie } }));
      expect(response.status).toBe(200);
      await response.text();
      expect(sessionReads()).toBe(1);
      expect(routingReads()).toBe(1);
    });
  }
});
