// `npm start` / `npm run serve` stopped with SIGTERM or Ctrl-C must stop the server too: before,
// the signal ended npm and its shell while node went on answering, orphaned. Runs the real
// commands on the built app (build/ is reused, or built once here) against a scratch database.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { connect } from "node:net";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ensureBuiltApp } from "../support/built-app";
import { answers, freePort, waitFor } from "../support/built-server";
import { testEngine } from "../support/test-database";

// The servers here run on scratch SQLite files whatever the stage's engine: the PostgreSQL stage
// would run the same processes again.
const describeOnce = describe.runIf(testEngine === "sqlite");

const scratch = path.resolve(`tests/.tmp/start-stop-${randomUUID().slice(0, 8)}`);
const started: number[] = [];

beforeAll(() => {
  mkdirSync(scratch, { recursive: true });
  ensureBuiltApp();
}, 180_000);

afterEach(() => {
  // A failing run must not leave servers behind: end what this file started, by the pids seen
  // while it ran (an orphan is no longer below the started process).
  for (const pid of started.splice(0)) {
    try {
      if (isRunning(pid)) process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function descendantsOf(root: number): number[] {
  const rows = execFileSync("ps", ["-eo", "pid=,ppid="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  const queue = [root];
  while (queue.length) {
    const parent = queue.shift()!;
    for (const [pid, ppid] of rows) {
      if (ppid === parent) {
        found.push(pid);
        queue.push(pid);
      }
    }
  }
  return found;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A zombie has exited; it only waits for its parent to collect the status.
  const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, "utf8") : "";
  return !/^\d+ \(.*\) Z/.test(stat);
}

/** Starts `command` (a shell word list, as npm runs it) and waits until the server answers. */
async function startServer(command: string, args: string[], options: { group?: boolean; env?: Record<string, string> } = {}) {
  const port = await freePort();
  const output: string[] = [];
  const child: ChildProcess = spawn(command, args, {
    // Its own process group when the test plays the terminal's Ctrl-C (which signals the group).
    detached: Boolean(options.group),
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${path.join(scratch, `${port}.db`)}`,
      SEED_DEMO: "never",
      LOG_REQUESTS: "false",
      ...options.env,
    },
  });
  started.push(child.pid!);
  child.stdout!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  // Several processes start one after another: the server is up when it says so.
  const up = await waitFor(async () => /Absence planner ready/.test(output.join("")) && (await answers(port)), 60_000);
  expect(up, `the server answers on ${port}:\n${output.join("")}`).toBe(true);
  const tree = descendantsOf(child.pid!);
  started.push(...tree);
  // npm, the shell it may keep, and node: the server is somewhere below the started process.
  expect(tree.length, output.join("")).toBeGreaterThan(0);
  return { child, port, tree, exited, output };
}

async function expectStopped(server: Awaited<ReturnType<typeof startServer>>) {
  const code = await Promise.race([server.exited, new Promise<"running">((resolve) => setTimeout(() => resolve("running"), 8000))]);
  expect(code, `the started process exits:\n${server.output.join("")}`).toBe(0);
  expect(await waitFor(async () => !(await answers(server.port)), 3000), "the port stops answering").toBe(true);
  expect(await waitFor(() => server.tree.every((pid) => !isRunning(pid)), 3000), `no process is left of ${server.tree}`).toBe(true);
  expect(server.output.join("")).toContain("received: shutting down");
}

describeOnce("stopping the server started through npm", () => {
  it("`npm run serve` stops on SIGTERM to the npm process", async () => {
    const server = await startServer("npm", ["run", "serve"]);
    process.kill(server.child.pid!, "SIGTERM");
    await expectStopped(server);
  }, 90_000);

  it("`npm run serve` stops on Ctrl-C (SIGINT to the terminal's process group)", async () => {
    const server = await startServer("npm", ["run", "serve"], { group: true });
    process.kill(-server.child.pid!, "SIGINT");
    await expectStopped(server);
  }, 90_000);

  it("finishes the request in flight before exiting, however many times the signal comes", async () => {
    const server = await startServer("npm", ["run", "serve"]);
    // A sign-in whose body is still arriving: the server must wait for it.
    const socket = connect(server.port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    const body = "email=nobody%40example.test&password=wrong-password";
    const answer = new Promise<string>((resolve) => {
      let text = "";
      socket.on("data", (chunk) => (text += chunk.toString()));
      socket.on("close", () => resolve(text));
    });
    socket.write(
      `POST /login HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
        `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Ctrl-C and npm's forwarded copy, or an impatient supervisor: the first signal starts the
    // shutdown, the next ones must not cut it short.
    process.kill(server.child.pid!, "SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.kill(server.child.pid!, "SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(server.tree.some(isRunning), "the server waits for the request").toBe(true);
    socket.write(body.slice(10));
    expect(await answer).toMatch(/^HTTP\/1\.1 [2-4]\d\d /);
    await expectStopped(server);
    expect(server.output.join("").match(/received: shutting down/g)).toHaveLength(1);
  }, 90_000);

  it("the `npm start` line stops on SIGTERM once the build is done (build step skipped: build/ exists)", async () => {
    const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    expect(scripts.start).toMatch(/^npm run build && /);
    // What npm runs for `npm start`, after its build: `sh -c "<line>"`.
    const server = await startServer("sh", ["-c", scripts.start.replace(/^npm run build && /, "true && ")]);
    process.kill(server.child.pid!, "SIGTERM");
    await expectStopped(server);
  }, 90_000);
});

/** The status of a GET over a connection of its own (a new connection goes to the next process). */
function statusOnNewConnection(port: number, target: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: target, agent: false, headers: { Cookie: cookie } }, (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      })
      .on("error", reject);
  });
}

describeOnce("a server of several processes (WEB_CONCURRENCY)", () => {
  const nodeWorkers = (primary: number) => descendantsOf(primary).filter((pid) => isRunning(pid) && /node/.test(readFileSync(`/proc/${pid}/cmdline`, "utf8")));

  it("serves from two processes, replaces one that dies, and stops whole on SIGTERM", async () => {
    const server = await startServer(process.execPath, ["build/server.js"], { env: { WEB_CONCURRENCY: "2", SEED_DEMO: "always" } });
    expect(server.output.join("")).toContain("(2 processes)");
    const workers = nodeWorkers(server.child.pid!);
    expect(workers).toHaveLength(2);

    // Signed in through one connection, known on the next ones, which the processes take in turn.
    const base = `http://127.0.0.1:${server.port}`;
    const signIn = await fetch(`${base}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
      body: new URLSearchParams({ email: "employee@demo.test", password: "demo-password" }),
    });
    expect(signIn.status, server.output.join("")).toBe(302);
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    for (let i = 0; i < 4; i++) expect(await statusOnNewConnection(server.port, "/my-calendar", cookie)).toBe(200);

    process.kill(workers[0], "SIGKILL");
    expect(await waitFor(() => server.output.join("").includes("starting another"), 5000), server.output.join("")).toBe(true);
    expect(await waitFor(() => server.output.join("").includes("The new server process is serving"), 20_000), "a new process takes its place").toBe(true);
    const now = nodeWorkers(server.child.pid!);
    expect(now).not.toContain(workers[0]);
    started.push(...now);
    server.tree.push(...now);
    for (let i = 0; i < 4; i++) expect(await answers(server.port)).toBe(true);

    process.kill(server.child.pid!, "SIGTERM");
    await expectStopped(server);
    expect(server.output.join("").match(/received: shutting down/g)).toHaveLength(2);
  }, 90_000);

  it("stops on Ctrl-C, which reaches every process of the group", async () => {
    const server = await startServer(process.execPath, ["build/server.js"], { group: true, env: { WEB_CONCURRENCY: "2" } });
    process.kill(-server.child.pid!, "SIGINT");
    await expectStopped(server);
  }, 90_000);

  it("a configuration error stops it after the first process, with the message", async () => {
    const child = spawn(process.execPath, ["build/server.js"], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, WEB_CONCURRENCY: "2", PORT: String(await freePort()), SESSION_SECRET: "too-short", DATABASE_URL: `file:${path.join(scratch, "refused.db")}` },
    });
    started.push(child.pid!);
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", (exitCode) => resolve(exitCode)));
    expect(code, output).toBe(1);
    expect(output.match(/SESSION_SECRET: must be at least 32 characters/g), output).toHaveLength(1);
    expect(output).toContain("A server process failed to start");
  }, 60_000);

  it("refuses a WEB_CONCURRENCY that is not a number of processes", () => {
    const run = () =>
      execFileSync(process.execPath, ["build/server.js"], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...process.env, WEB_CONCURRENCY: "two", DATABASE_URL: `file:${path.join(scratch, "refused.db")}` },
      });
    expect(run).toThrow(/WEB_CONCURRENCY: must be a whole number of processes/);
  });
});
