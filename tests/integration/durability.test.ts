// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// Durability: a server killed with SIGKILL while people are requesting days off loses no request
// it had answered 201 for. The built server runs as in production on a new database of the engine
// under test (SQLite, or PostgreSQL with TEST_DB=postgresql); several people post requests side by
// side, the process is killed mid-flight, and the database is then read by a fresh client: every
// acknowledged request is there.
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "~/lib/dates";
import { createDb } from "~/utils/db.server";
import { ensureBuiltApp } from "../support/built-app";
import { answers, freePort, waitFor } from "../support/built-server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let server: ChildProcess | undefined;
let database: TestDatabase;

beforeAll(async () => {
  ensureBuiltApp();
  // Empty: the server migrates it at start, as in production.
  database = await createTestDatabase({ migrated: false });
}, 180_000);

afterAll(async () => {
  server?.kill("SIGKILL");
  await database?.drop();
});

const PEOPLE = ["employee@demo.test", "admin@demo.test", "owner@demo.test", "master@demo.test"];

async function signIn(base: string, email: string): Promise<string> {
  const answer = await post(`${base}/login`, { "Content-Type": "application/x-www-form-urlencoded" }, new URLSearchParams({ email, password: "demo-password" }).toString());
  expect(answer?.status, `sign-in of ${email}`).toBe(302);
  return answer!.cookies.map((cookie) => cookie.split(";")[0]).join("; ");
}

/**
 * A POST over a connection of its own; null when the connection fails (the server was killed),
 * with every socket error handled here rather than left to surface after the test.
 */
function post(url: string, headers: Record<string, string>, body: string): Promise<{ status: number; body: string; cookies: string[] } | null> {
  return new Promise((resolve) => {
    const request = http.request(url, { method: "POST", agent: false, headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), cookies: response.headers["set-cookie"] ?? [] }));
      response.on("error", () => resolve(null));
      response.on("aborted", () => resolve(null));
    });
    request.on("error", () => resolve(null));
    request.end(body);
  });
}

describe("a server killed under write load", () => {
  it("keeps every request it acknowledged", async () => {
    const port = await freePort();
    const url = database.url;
    const output: string[] = [];
    server = spawn(process.execPath, ["build/server.js"], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: url, SEED_DEMO: "always", LOG_REQUESTS: "false" },
    });
    server.stdout!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    server.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    expect(await waitFor(() => answers(port), 60_000), output.join("")).toBe(true);
    const base = `http://127.0.0.1:${port}`;
    const cookies = await Promise.all(PEOPLE.map((email) => signIn(base, email)));

    // Each person requests one day after another, far ahead; the server is killed once enough
    // have been answered, with requests still in flight.
    const acknowledged: string[] = [];
    let killed = false;
    const writer = async (cookie: string, person: number) => {
      for (let n = 0; !killed; n++) {
        const day = addDays("2031-01-06", n * 7 + person);
        const answer = await post(`${base}/api/vacations`, { Cookie: cookie, Origin: base, "Content-Type": "application/json" }, JSON.stringify({ start_date: day, end_date: day, description: `durability ${person}-${n}` }));
        // The connection died with the server: never acknowledged.
        if (!answer) return;
        if (answer.status === 201) acknowledged.push((JSON.parse(answer.body) as { id: string }).id);
        else expect(killed, `request ${person}-${n} answered ${answer.status}: ${answer.body}\n${output.join("").slice(-3000)}`).toBe(true);
      }
    };
    const writers = cookies.map((cookie, person) => writer(cookie, person));
    await waitFor(() => acknowledged.length >= 60, 60_000);
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    killed = true;
    server.kill("SIGKILL");
    await exited;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThanOrEqual(60);

    const db = createDb(url);
    try {
      const found = await db.vacation.findMany({ where: { id: { in: acknowledged } }, select: { id: true } });
      expect(found.length).toBe(acknowledged.length);
    } finally {
      await db.$disconnect();
    }
  }, 180_000);
});
