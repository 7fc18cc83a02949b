// npm run bench — seeds a company of 200 people with ~3,000 vacations (and one of 1,000 people with
// 15,000 for the reports) into a scratch SQLite file,
// starts the built server in production mode, and loads each target with 10 concurrent
// connections for 10 s over loopback. Prints req/s, p50, p99 and the server's peak RSS.
// The server keeps no rendered page, so every request measured is a first render.
// Options: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 10); BENCH_ONLY=<text> runs only
// the targets whose name contains it; BENCH_NODE_ARGS adds Node flags to the server's (e.g.
// "--cpu-prof --cpu-prof-dir=bench/.tmp/prof" to see where its time goes); BENCH_DB=postgresql
// runs the pages on PostgreSQL, with one instance, then two behind a round-robin proxy, then two
// again connecting through a PgBouncer in transaction mode (docs/deploy.md; decision 0099);
// BENCH_PROCESSES (default 2) is the number of processes of the SQLite run's second round.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { connect, createServer } from "node:net";
import path from "node:path";
import { addDays } from "../app/lib/dates";
import { nationalHolidays } from "../app/models/holiday-catalogue.server";
import { DEFAULT_CATEGORIES } from "../app/models/absence-category.server";
import { createDb } from "../app/utils/db.server";
import { applyMigrations } from "../app/utils/migrations.server";
import { startPgbouncer, throughPgbouncer } from "../tests/support/pgbouncer";
import { startPostgresqlCluster } from "../tests/support/postgresql-cluster";
import { hashPassword } from "../app/utils/password.server";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const YEAR = 2027;
const PASSWORD = "bench-password";
const LARGE_PEOPLE = 1000;
const ONLY = process.env.BENCH_ONLY ?? "";
const ENGINE = process.env.BENCH_DB === "postgresql" ? "postgresql" : "sqlite";
// SQLite: the pages again from a server of this many processes (WEB_CONCURRENCY); 1 skips that round.
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 2);
const chosen = (name: string) => name.includes(ONLY);

interface SeedCompany {
  name: string;
  people: number;
  teams: number;
  /** E-mails are <prefix><n>@bench.test; the first `admins` are admins, the first of each team its admin. */
  prefix: string;
  admins: number;
}

/** One company: people in teams, allowances, 15 vacations each in YEAR (mixed statuses), PT holidays. */
async function seedCompany(db: ReturnType<typeof createDb>, spec: SeedCompany, passwordHash: string) {
  const company = await db.company.create({ data: { name: spec.name } });
  const companyId = company.id;
  await db.absenceCategory.createMany({ data: DEFAULT_CATEGORIES.map((c) => ({ ...c, companyId })) });
  await db.holiday.createMany({ data: (await nationalHolidays("PT", YEAR)).map((h) => ({ ...h, companyId, countryCode: "PT", isRecurring: false })) });
  const teams = await Promise.all(Array.from({ length: spec.teams }, (_, i) => db.team.create({ data: { companyId, name: `Team ${i + 1}` } })));
  await db.user.createMany({
    data: Array.from({ length: spec.people }, (_, i) => ({
      companyId,
      email: `${spec.prefix}${i}@bench.test`,
      fullName: `Person ${i}`,
      passwordHash,
      role: i < spec.admins ? "admin" : "user",
      teamId: teams[i % spec.teams].id,
      emailVerifiedAt: new Date(),
      countryCode: "PT",
    })),
  });
  const users = await db.user.findMany({ where: { companyId }, select: { id: true, email: true, teamId: true } });
  const index = (email: string) => Number(email.slice(spec.prefix.length, email.indexOf("@")));
  await db.teamAdmin.createMany({ data: users.filter((u) => index(u.email) < spec.teams).map((u) => ({ teamId: u.teamId!, userId: u.id })) });
  await db.allowance.createMany({ data: users.map((u) => ({ companyId, userId: u.id, year: YEAR, yearly: 22, residual: 3 })) });
  const statuses = ["approved", "approved", "pending", "rejected", "approved"];
  await db.vacation.createMany({
    data: users.flatMap((u) => {
      const i = index(u.email);
      return Array.from({ length: 15 }, (_, k) => {
        const start = addDays(`${YEAR}-01-04`, k * 24 + (i % 11));
        return { companyId, userId: u.id, startDate: start, endDate: addDays(start, i % 4), status: statuses[(i + k) % 5] };
      });
    }),
  });
  return db.vacation.count({ where: { companyId } });
}

/** The 200-person company of the page figures, and the 1,000-person one of the report figures (issue 12). */
async function seed(url: string) {
  await applyMigrations(url);
  const db = createDb(url);
  const passwordHash = await hashPassword(PASSWORD);
  const vacations = await seedCompany(db, { name: "Bench Co", people: 200, teams: 10, prefix: "person", admins: 10 }, passwordHash);
  const largeVacations = await seedCompany(db, { name: "Bench Large", people: LARGE_PEOPLE, teams: 20, prefix: "large", admins: 20 }, passwordHash);
  await db.$disconnect();
  return { vacations, largeVacations };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/login`, {
    method: "POST",
    body: new URLSearchParams({ email, password: PASSWORD }),
    redirect: "manual",
  });
  if (response.status !== 302) throw new Error(`Sign-in of ${email} failed: ${response.status}`);
  return response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

// What Chromium asks for, so the server compresses as it does for people's browsers (gzip, decision 0047).
const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";
// And the languages a Brazilian's Chromium sends: every page reads them when no language was chosen.
const BROWSER_ACCEPT_LANGUAGE = "pt-BR,pt;q=0.9,en-US;q=0.8,en;q=0.7";

/** One GET as a browser sends it, read to the end without decompressing; its status. */
function getStatus(agent: http.Agent, url: string, cookie: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const request = http.get(url, { agent, headers: { Cookie: cookie, "Accept-Encoding": BROWSER_ACCEPT_ENCODING, "Accept-Language": BROWSER_ACCEPT_LANGUAGE } }, (response) => {
      response.on("data", () => {});
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/**
 * Loads one URL from CONNECTIONS keep-alive connections for `seconds`. The client is plain
 * node:http and does not decompress bodies (as wrk or autocannon), so the CPU it takes from the
 * server on this shared 2-core machine stays small; `expectPage` checked the content beforehand.
 */
async function load(url: string, cookie: string, seconds = SECONDS, connections = CONNECTIONS) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const once = () => getStatus(agent, url, cookie);
  const worker = async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      try {
        if ((await once()) !== 200) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - started);
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - began) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { rps: latencies.length / elapsed, p50: pick(0.5), p99: pick(0.99), errors, requests: latencies.length };
}

const MIX_PEOPLE = 200;
const WRITE_EVERY_MS = 200;

/**
 * What a working company looks like: every one of the 200 people signed in, each connection
 * loading some person's own pages in turn (My Calendar most, then their vacations and the company
 * month; admins also their approvals), while every 200 ms someone requests a day off or an admin
 * approves the last request (through the JSON API, as the screens' forms do the same model
 * calls). Each write changes the data the next pages are rendered from.
 */
/** Rounds of the mix so far in this run: each books its own weeks (see the writer below). */
let mixRounds = 0;

async function realisticMix(base: string, rss: PeakRss) {
  const round = mixRounds++;
  const people: { cookie: string; admin: boolean }[] = [];
  for (let i = 0; i < MIX_PEOPLE; i++) people.push({ cookie: await signIn(base, `person${i}@bench.test`), admin: i < 10 });
  rss.signedIn();
  const pagesOf = (admin: boolean) => [`/my-calendar?year=${YEAR}`, `/my-calendar?year=${YEAR}`, "/vacations", `/company-calendar?month=${YEAR}-03`, admin ? "/approvals" : `/my-calendar?year=${YEAR}`];
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let errors = 0;
  let writes = 0;
  let writeErrors = 0;
  const failures: string[] = [];
  const deadline = performance.now() + SECONDS * 1000;
  const get = (path: string, cookie: string) => getStatus(agent, `${base}${path}`, cookie);
  const reader = async () => {
    while (performance.now() < deadline) {
      const person = people[Math.floor(Math.random() * people.length)];
      const pages = pagesOf(person.admin);
      const started = performance.now();
      try {
        if ((await get(pages[Math.floor(Math.random() * pages.length)], person.cookie)) !== 200) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - started);
    }
  };
  // Requests on days of the year after, one day each, never twice the same day for a person, nor
  // a day an earlier round booked (the PostgreSQL mode runs the mix again on the same data).
  // The request to approve next, and the admin of its requester's team (person k, k < 10, is the
  // admin of team k; person i is in team i mod 10), who may decide it.
  let lastCreated: { id: string; reviewer: number } | null = null;
  const writer = async () => {
    for (let n = 0; performance.now() < deadline; n++) {
      const tick = performance.now();
      try {
        if (n % 2 === 0 || !lastCreated) {
          const requester = 10 + (n % (MIX_PEOPLE - 10));
          const person = people[requester];
          const day = addDays(`${YEAR + 1}-01-04`, (round * 10 + Math.floor(n / (MIX_PEOPLE - 10))) * 7);
          const response = await fetch(`${base}/api/vacations`, {
            method: "POST",
            headers: { Cookie: person.cookie, Origin: base, "Content-Type": "application/json" },
            body: JSON.stringify({ start_date: day, end_date: day, description: "bench" }),
          });
          if (response.status === 201) {
            const created = (await response.json()) as { id: string; status: string };
            // Approved at once when nobody else could review it: nothing left to approve then.
            lastCreated = created.status === "pending" ? { id: created.id, reviewer: requester % 10 } : null;
          } else {
            writeErrors++;
            failures.push(`create ${response.status} ${(await response.text()).slice(0, 120)}`);
          }
        } else {
          const response = await fetch(`${base}/api/vacations/${lastCreated.id}/approve`, { method: "POST", headers: { Cookie: people[lastCreated.reviewer].cookie, Origin: base } });
          const text = await response.text();
          if (!response.ok) {
            writeErrors++;
            failures.push(`approve ${response.status} ${text.slice(0, 120)}`);
          }
          lastCreated = null;
        }
      } catch {
        writeErrors++;
      }
      writes++;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, WRITE_EVERY_MS - (performance.now() - tick))));
    }
  };
  const began = performance.now();
  await Promise.all([...Array.from({ length: CONNECTIONS }, reader), writer()]);
  const elapsed = (performance.now() - began) / 1000;
  rss.note("mix");
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  if (failures.length) console.log(`Failed writes: ${[...new Set(failures)].join(" | ")}`);
  return { rps: latencies.length / elapsed, p50: pick(0.5), p99: pick(0.99), errors, writes, writeErrors };
}

/** The target answers 200 with the content it should (decompressed), or the bench stops. */
/** Checks the page is the real one and returns its size (uncompressed, as the browser parses it). */
async function expectPage(url: string, cookie: string, marker: string): Promise<number> {
  const response = await fetch(url, { headers: { Cookie: cookie, "Accept-Encoding": BROWSER_ACCEPT_ENCODING, "Accept-Language": BROWSER_ACCEPT_LANGUAGE } });
  const body = await response.text();
  if (response.status !== 200 || !body.includes(marker)) {
    throw new Error(`${url} answered ${response.status} without "${marker}": ${body.slice(0, 200)}`);
  }
  return Buffer.byteLength(body);
}

const IMPORT_ROWS = 10_000;

/**
 * A holiday CSV of IMPORT_ROWS rows over ten years of its own (file `index`), so every row is new
 * and each import starts from a company with few holidays in its dates, like a real one.
 */
function holidayCsv(index: number): string {
  const lines = ["date,name,country_code,is_recurring"];
  for (let i = 0; i < IMPORT_ROWS; i++) {
    const date = `${YEAR + 1 + 10 * index + (i % 10)}-${String(1 + (i % 12)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}`;
    lines.push(`${date},Feriado ${index} nº ${i} — Implantação,PT,false`);
  }
  return "\uFEFF" + lines.join("\r\n") + "\r\n";
}

/**
 * POST /api/holidays/import-csv with a 10,000-row file, as an admin's browser sends it
 * (multipart, same origin): the server's whole work — read the upload, the spec's checks, parse,
 * validate, find duplicates, write in one transaction with its audit entry. Each file is new, so
 * every row is written. Returns the wall time of each request in ms.
 */
async function importBench(base: string, cookie: string, dryRun: boolean, files: number[]): Promise<number[]> {
  const times: number[] = [];
  for (const index of files) {
    const body = new FormData();
    body.set("file", new File([holidayCsv(index)], "holidays.csv", { type: "text/csv" }));
    const started = performance.now();
    const response = await fetch(`${base}/api/holidays/import-csv?dry_run=${dryRun}`, { method: "POST", body, headers: { Cookie: cookie, Origin: base } });
    const answer = (await response.json()) as { created?: number; errors?: unknown[] };
    times.push(performance.now() - started);
    if (response.status !== 200 || answer.created !== IMPORT_ROWS || answer.errors?.length) {
      throw new Error(`import answered ${response.status}: ${JSON.stringify(answer).slice(0, 200)}`);
    }
  }
  return times;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The kernel's peak RSS of a process in MB, or null once it has exited. */
function peakRssMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return null;
  }
}

/**
 * CPU time (user + system) the processes have used, in ms. Per request, it is the figure a busy
 * machine changes least: req/s falls when other work takes the cores, the work per request does not.
 */
function cpuMs(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // A process that has exited has nothing more to count.
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

/** A server's processes: itself and, with WEB_CONCURRENCY > 1, the workers it forked (none once it has exited). */
function processesOf(pid: number): number[] {
  try {
    const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number),
    );
    return [pid, ...children];
  } catch {
    return [];
  }
}

/**
 * The servers' peak RSS by stage: the page targets, the mix, the reports, and the whole life. A
 * sign-in checks the password with scrypt, which is memory-hard by design: it holds a 16 MB buffer
 * for ~50 ms. So after each batch of sign-ins the kernel's peak (VmHWM) is read into the
 * whole-life figure and reset (`/proc/<pid>/clear_refs`, "5"), and each stage's figure is its own.
 */
class PeakRss {
  private readonly peaks = new Map<string, Map<number, number>>();
  private resettable = true;

  constructor(private readonly servers: () => ChildProcess[]) {}

  pids(): number[] {
    return this.servers().flatMap((server) => processesOf(server.pid!));
  }

  /** Each process's peak since the last reset, kept under `stage` and under the whole life. */
  note(stage: string) {
    for (const pid of this.pids()) {
      const mb = peakRssMb(pid);
      if (mb === null) continue;
      for (const name of [stage, "whole life"]) {
        const byPid = this.peaks.get(name) ?? new Map<number, number>();
        byPid.set(pid, Math.max(byPid.get(pid) ?? 0, mb));
        this.peaks.set(name, byPid);
      }
    }
  }

  /** After sign-ins: their peak goes to the whole-life figure only, and the count starts again. */
  signedIn() {
    this.note("sign-ins");
    for (const pid of this.pids()) {
      try {
        writeFileSync(`/proc/${pid}/clear_refs`, "5");
      } catch (error) {
        // A process that has just exited has nothing left to count; any other refusal means the
        // figures that follow include the sign-ins.
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") this.resettable = false;
      }
    }
  }

  /** "180 MB", or "primary 50 MB; workers 170, 168 MB", per server (first, second), for `stage`. */
  format(stage: string): string {
    const byPid = this.peaks.get(stage);
    // A stage BENCH_ONLY left out was never noted.
    if (!byPid) return "not run";
    const mb = (pid: number) => byPid.get(pid)?.toFixed(0) ?? "?";
    const text = this.servers().map((server) => {
      const [primary, ...workers] = processesOf(server.pid!);
      if (!workers.length) return `${mb(primary)} MB`;
      return `primary ${mb(primary)} MB; workers ${workers.map(mb).join(", ")} MB`;
    });
    return text.join(", ") + (this.resettable ? "" : " (the kernel's peak could not be reset: sign-ins included)");
  }

  /** The line the bench prints: the page targets' peak, the mix's, and the whole life's so far (sign-ins included). */
  describe(): string {
    return `the page targets ${this.format("pages")}; the realistic mix ${this.format("mix")}; the whole life so far, with the sign-ins (scrypt's 16 MB each): ${this.format("whole life")}`;
  }
}

/** `npm run serve`'s command: its variables and Node's arguments (BENCH_NODE_ARGS first). */
function serveCommand() {
  // The same command and Node flags as `npm run serve`, so the figures are those of production.
  // (`NAME=value … exec node <flags> build/server.js`: the variables, then node's arguments.)
  const serveScript = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { serve: string } }).scripts.serve;
  const words = serveScript.split(/\s+/);
  const nodeAt = words.indexOf("node");
  const env = Object.fromEntries(words.slice(0, nodeAt).filter((word) => word.includes("=")).map((word) => word.split("=", 2)));
  const args = [...(process.env.BENCH_NODE_ARGS ?? "").split(/\s+/).filter(Boolean), ...words.slice(nodeAt + 1)];
  return { env, args };
}

async function startServer(url: string, processes = 1, script = "build/server.js"): Promise<{ base: string; server: ChildProcess }> {
  const port = await freePort();
  const command = serveCommand();
  const args = command.args.map((arg) => (arg === "build/server.js" ? script : arg));
  const server = spawn(process.execPath, args, {
    env: { ...process.env, ...command.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: url, SESSION_SECRET: "bench-secret-bench-secret-bench-secret-1234", LOG_REQUESTS: "false", SEED_DEMO: "never", WEB_CONCURRENCY: String(processes) },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      if (i > 150) throw new Error("The server did not start");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return { base, server };
}

/** A TCP proxy handing each new connection to the next instance in turn (as a balancer would). */
async function roundRobin(bases: string[]): Promise<{ base: string; close: () => void }> {
  const ports = bases.map((base) => Number(new URL(base).port));
  let next = 0;
  const proxy = createServer((client) => {
    const upstream = connect(ports[next++ % ports.length], "127.0.0.1");
    client.pipe(upstream).pipe(client);
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
  });
  const port = await freePort();
  await new Promise<void>((resolve) => proxy.listen(port, "127.0.0.1", resolve));
  return { base: `http://127.0.0.1:${port}`, close: () => proxy.close() };
}

/** The pages one by one; with the floor's req/s of the same run, each also as a share of it. */
async function pageTargets(base: string, vacations: number, title: string, rss: PeakRss, floorRps = 0) {
  const admin = await signIn(base, "person0@bench.test");
  const employee = await signIn(base, "person42@bench.test");
  rss.signedIn();
  // name, path, who, and a piece of the answer that shows it is the real page
  const targets: [string, string, string, string][] = [
    ["/healthz (Express alone, the ceiling)", "/healthz", "", "ok"],
    ["/login (signed out: the app's cost per request)", "/login", "", 'name="password"'],
    ["/my-calendar (employee)", `/my-calendar?year=${YEAR}`, employee, 'data-testid="year-summary"'],
    ["/vacations (admin view)", "/vacations", admin, 'data-testid="company-vacations"'],
    ["/approvals (admin)", "/approvals", admin, 'data-testid="pending-approvals"'],
    ["/company-calendar (employee, a month of 200 people)", `/company-calendar?month=${YEAR}-03`, employee, 'data-testid="company-month"'],
    ["GET /api/vacations/search (month, company)", `/api/vacations/search?date_from=${YEAR}-03-01&date_to=${YEAR}-03-31&limit=1000`, admin, `"start_date":"${YEAR}-03-`],
  ];
  console.log(`\n${title}. Data: 200 people, ${vacations} absences in ${YEAR}; ${CONNECTIONS} connections × ${SECONDS} s per target\n`);
  console.log(`| target | req/s | p50 ms | p99 ms | errors | HTML kB | server CPU ms/request |${floorRps ? " % of the floor |" : ""}`);
  console.log(`|---|---:|---:|---:|---:|---:|---:|${floorRps ? "---:|" : ""}`);
  for (const [name, target, cookie, marker] of targets.filter(([name]) => chosen(name))) {
    const bytes = await expectPage(`${base}${target}`, cookie, marker);
    await load(`${base}${target}`, cookie, 2); // warm-up: JIT and query plans
    const cpuBefore = cpuMs(rss.pids());
    const r = await load(`${base}${target}`, cookie);
    const cpu = (cpuMs(rss.pids()) - cpuBefore) / r.requests;
    const share = floorRps ? ` ${((100 * r.rps) / floorRps).toFixed(1)} |` : "";
    console.log(`| ${name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${(bytes / 1024).toFixed(0)} | ${cpu.toFixed(2)} |${share}`);
  }
  if (targets.some(([name]) => chosen(name))) rss.note("pages");
  if (chosen("realistic mix")) {
    const mix = await realisticMix(base, rss);
    console.log(`\n| realistic mix: ${MIX_PEOPLE} people signed in, ${CONNECTIONS} connections, a write every ${WRITE_EVERY_MS} ms | req/s | p50 ms | p99 ms | errors | writes |`);
    console.log("|---|---:|---:|---:|---:|---:|");
    console.log(`| each person's own pages (My Calendar, absences, company month; approvals for admins) | ${mix.rps.toFixed(0)} | ${mix.p50.toFixed(1)} | ${mix.p99.toFixed(1)} | ${mix.errors} | ${mix.writes} (${mix.writeErrors} failed) |\n`);
  }
  return admin;
}

const FLOOR = "an empty Remix page (bench/floor: the stack's floor)";

/**
 * The app's cost per request against the stack's own: `/healthz`, the sign-in page and the page of
 * an empty Remix app (bench/floor: the same dependencies, command and request handler, nothing of
 * the app's), each in turn from one process, as a share of `/healthz`. The sign-in page cannot be
 * cheaper than the floor, so the floor's share is the most any target on `/login` can ask. Returns
 * the floor's req/s, by which the one-process pages are then measured (issue 37).
 */
async function floorTargets(base: string): Promise<number> {
  const built = spawnSync("npx", ["remix", "build", "bench/floor"], { stdio: ["ignore", "ignore", "inherit"] });
  if (built.status !== 0) throw new Error("bench/floor did not build");
  const floor = await startServer("", 1, "bench/floor/server.js");
  try {
    const targets: [string, string, string][] = [
      ["/healthz (the app's Express alone)", `${base}/healthz`, "ok"],
      ["/login (signed out)", `${base}/login`, 'name="password"'],
      [FLOOR, `${floor.base}/`, 'name="password"'],
    ];
    console.log(`\nThe app's own cost per request against the stack's floor, one process each; ${CONNECTIONS} connections × ${SECONDS} s per target\n`);
    console.log("| target | req/s | p50 ms | p99 ms | % of /healthz |");
    console.log("|---|---:|---:|---:|---:|");
    let ceiling = 0;
    let floorRps = 0;
    for (const [name, url, marker] of targets) {
      await expectPage(url, "", marker);
      await load(url, "", 2);
      const r = await load(url, "");
      ceiling ||= r.rps;
      floorRps = r.rps;
      console.log(`| ${name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${((100 * r.rps) / ceiling).toFixed(1)} |`);
    }
    return floorRps;
  } finally {
    floor.server.kill("SIGTERM");
  }
}

async function main() {
  const dir = path.resolve("bench/.tmp");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // BENCH_DB=postgresql: a throwaway cluster (durability off, as in the tests: the figures are
  // those of the app, not of the disk), then one instance, two behind a round-robin proxy, and two
  // through PgBouncer.
  const cluster = ENGINE === "postgresql" ? await startPostgresqlCluster() : null;
  let url = `file:${path.join(dir, "bench.db")}`;
  if (cluster) {
    await cluster.admin("CREATE DATABASE bench");
    url = cluster.url("bench");
  }
  const servers: ChildProcess[] = [];
  try {
    const { vacations, largeVacations } = await seed(url);
    const first = await startServer(url);
    servers.push(first.server);
    const base = first.base;
    // On PostgreSQL the second instance joins the first; on SQLite the several-process server has a watch of its own.
    const rss = new PeakRss(() => (cluster ? servers : [first.server]));
    // The floor first, so that the pages of one process can be read as a share of it.
    const floorRps = !cluster && chosen(FLOOR) ? await floorTargets(base) : 0;
    const admin = await pageTargets(base, vacations, cluster ? "PostgreSQL, one instance" : "SQLite, one instance", rss, floorRps);
    if (cluster) {
      const second = await startServer(url);
      servers.push(second.server);
      const proxy = await roundRobin([first.base, second.base]);
      try {
        await pageTargets(proxy.base, vacations, "PostgreSQL, two instances behind a round-robin proxy", rss);
      } finally {
        proxy.close();
      }
      // Each server's figure is the larger of the two rounds it served (the first serves both).
      console.log(`\nServers' peak RSS (first, second instance): ${rss.describe()}\n`);
      // The same two instances' work through PgBouncer, on the same data: the direct pair stops
      // first, so both rounds have the machine to themselves.
      for (const server of servers.splice(0)) server.kill("SIGTERM");
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const pgbouncer = await startPgbouncer(cluster.url("postgres"));
      try {
        const pooled = throughPgbouncer(url, pgbouncer.port);
        const pair = [await startServer(pooled), await startServer(pooled)];
        servers.push(...pair.map((instance) => instance.server));
        const pairRss = new PeakRss(() => pair.map((instance) => instance.server));
        const pairProxy = await roundRobin(pair.map((instance) => instance.base));
        try {
          await pageTargets(pairProxy.base, vacations, "PostgreSQL, two instances through PgBouncer (transaction mode) behind a round-robin proxy", pairRss);
        } finally {
          pairProxy.close();
        }
        console.log(`\nServers' peak RSS through PgBouncer (first, second instance): ${pairRss.describe()}\n`);
        for (const server of servers.splice(0)) server.kill("SIGTERM");
        await new Promise((resolve) => setTimeout(resolve, 1500));
      } finally {
        pgbouncer.stop();
      }
      return;
    }
    // Before the reports, whose figure is their own.
    console.log(`\nPeak RSS of the one-process server: ${rss.describe()}\n`);
    // Both cores: the same pages from a server of two processes (WEB_CONCURRENCY=2, server.ts).
    if (PROCESSES > 1) {
      const several = await startServer(url, PROCESSES);
      servers.push(several.server);
      const severalRss = new PeakRss(() => [several.server]);
      await pageTargets(several.base, vacations, `SQLite, ${PROCESSES} processes (WEB_CONCURRENCY=${PROCESSES})`, severalRss);
      console.log(`\nPeak RSS of the ${PROCESSES}-process server: ${severalRss.describe()}\n`);
      several.server.kill("SIGTERM");
    }
    // Issue 12: the year report and the absences CSV of 1,000 people, one request at a time (what
    // an admin waits for), target ≤ 150 ms.
    const largeAdmin = await signIn(base, "large0@bench.test");
    rss.signedIn();
    const reportTargets: [string, string, string][] = [
      ["GET /api/reports/vacations?year (year report, JSON)", `/api/reports/vacations?year=${YEAR}`, '"yearlyRemaining"'],
      ["/reports (year tab: table page, totals, both pictures)", `/reports?year=${YEAR}`, 'data-testid="chart-days-left"'],
      ["/reports/allowances.csv (year report, CSV)", `/reports/allowances.csv?year=${YEAR}`, "Person 0"],
      ["/reports/absences.csv (every absence of the year, CSV)", `/reports/absences.csv?from=${YEAR}-01-01&to=${YEAR}-12-31`, `${YEAR}-01-04`],
    ];
    console.log(`\nData: ${LARGE_PEOPLE} people, ${largeVacations} absences in ${YEAR}; 1 connection × ${SECONDS} s per target\n`);
    console.log("| target | req/s | p50 ms | p99 ms | errors |");
    console.log("|---|---:|---:|---:|---:|");
    for (const [name, target, marker] of reportTargets.filter(([name]) => chosen(name))) {
      await expectPage(`${base}${target}`, largeAdmin, marker);
      await load(`${base}${target}`, largeAdmin, 2, 1);
      const r = await load(`${base}${target}`, largeAdmin, SECONDS, 1);
      console.log(`| ${name} | ${r.rps.toFixed(1)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} |`);
    }
    if (reportTargets.some(([name]) => chosen(name))) rss.note("reports");
    console.log(`\nPeak RSS of the one-process server for the reports of 1,000 people: ${rss.format("reports")}\n`);

    // After the pages, so their figures stay those of the data set above.
    if (!chosen("holiday CSV import")) return;
    const dry = await importBench(base, admin, true, [0, 1, 2]);
    const written = await importBench(base, admin, false, [3, 4, 5]);
    console.log(`| holiday CSV import, ${IMPORT_ROWS.toLocaleString("en")} rows | each of 3 files, ms | median ms |`);
    console.log("|---|---|---:|");
    console.log(`| dry run (parse + validate + duplicates) | ${dry.map((t) => t.toFixed(0)).join(", ")} | ${median(dry).toFixed(0)} |`);
    console.log(`| import (parse + validate + write) | ${written.map((t) => t.toFixed(0)).join(", ")} | ${median(written).toFixed(0)} |\n`);
  } finally {
    for (const server of servers) server.kill("SIGTERM");
    // Give the servers their graceful stop before the database goes away.
    if (cluster) {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      cluster.stop();
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
