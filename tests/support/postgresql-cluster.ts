// A throwaway PostgreSQL cluster for the tests: a temporary data directory, a free port on
// 127.0.0.1, run by a non-root user (PostgreSQL refuses root: `postgres` when that user exists,
// else one created for it), durability off (nothing here outlives the run), and removed at the end.
// A small watchdog removes it too when the process that started it dies without cleaning up
// (a killed test run or e2e server), so no cluster is left running.
import { execFileSync, spawn } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

export interface PostgresqlCluster {
  /** postgresql:// URL of one database of the cluster (superuser `postgres`, no password). */
  url(database: string): string;
  /** Runs one statement as the superuser on the `postgres` database. */
  admin(sql: string): Promise<void>;
  /** Synchronous, so that a process's "exit" handler can call it. */
  stop(): void;
}

const RUN_AS_FALLBACK = "folga-pg";

/** The newest PostgreSQL server installed (PG_BIN overrides), e.g. /usr/lib/postgresql/15/bin. */
export function postgresqlBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(path.join(root, v, "bin/initdb"))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error("PostgreSQL is not installed: no /usr/lib/postgresql/<version>/bin/initdb (apt-get install postgresql-15, or set PG_BIN).");
  return path.join(root, newest, "bin");
}

function userExists(name: string): boolean {
  try {
    execFileSync("id", ["-u", name], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Who runs the server: this process's own user, or (as root) a non-root one. */
export function serverUser(): string | null {
  if (process.getuid?.() !== 0) return null;
  if (userExists("postgres")) return "postgres";
  if (!userExists(RUN_AS_FALLBACK)) {
    execFileSync("useradd", ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", RUN_AS_FALLBACK], { stdio: "ignore" });
  }
  return RUN_AS_FALLBACK;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export async function startPostgresqlCluster(): Promise<PostgresqlCluster> {
  const bin = postgresqlBinDir();
  const user = serverUser();
  const dir = mkdtempSync(path.join(tmpdir(), "folga-pg-"));
  const data = path.join(dir, "data");
  const run = (command: string, args: string[]) => {
    const [file, argv] = user ? ["runuser", ["-u", user, "--", path.join(bin, command), ...args]] : [path.join(bin, command), args];
    execFileSync(file, argv, { stdio: ["ignore", "pipe", "pipe"], cwd: dir });
  };
  try {
    if (user) {
      const { uid, gid } = { uid: Number(execFileSync("id", ["-u", user]).toString()), gid: Number(execFileSync("id", ["-g", user]).toString()) };
      chownSync(dir, uid, gid);
    }
    // C.UTF-8 sorts text by code point, as SQLite does, so both engines order names alike.
    run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8", "--no-sync"]);
    const port = await freePort();
    const options = [
      `-p ${port}`,
      `-k ${dir}`,
      "-c listen_addresses=127.0.0.1",
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
      "-c max_connections=300",
      "-c shared_buffers=64MB",
      // Far from UTC, so a timestamp taken in the server's zone instead of UTC shows in the tests.
      "-c timezone=Pacific/Kiritimati",
    ].join(" ");
    run("pg_ctl", ["-D", data, "-l", path.join(dir, "server.log"), "-o", options, "-w", "-t", "60", "start"]);
    const watchdog = startWatchdog(dir, data);
    const url = (database: string) => `postgresql://postgres@127.0.0.1:${port}/${database}`;
    return {
      url,
      async admin(sql: string) {
        const client = new pg.Client({ connectionString: url("postgres") });
        await client.connect();
        try {
          await client.query(sql);
        } finally {
          await client.end();
        }
      },
      stop() {
        // The watchdog goes last: if this process is killed half-way, it still cleans up.
        try {
          run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
        } finally {
          rmSync(dir, { recursive: true, force: true });
          watchdog.kill();
        }
      },
    };
  } catch (error) {
    const log = path.join(dir, "server.log");
    const detail = existsSync(log) ? execFileSync("tail", ["-n", "20", log]).toString() : "";
    rmSync(dir, { recursive: true, force: true });
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? "";
    throw new Error(`Could not start a PostgreSQL cluster: ${(error as Error).message}\n${stderr}${detail}`);
  }
}

/** Stops the server (immediate shutdown) and removes its directory once this process is gone. */
function startWatchdog(dir: string, data: string) {
  return watchOver(dir, `${data}/postmaster.pid`, "QUIT");
}

/**
 * Once this process is gone, sends `signal` to the process named on the first line of `pidFile`,
 * waits up to ten seconds for it to end and removes `dir`. Kill the returned child to call it off.
 */
export function watchOver(dir: string, pidFile: string, signal: "QUIT" | "TERM") {
  const script = `
    while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done
    pid=$(head -n 1 "${pidFile}" 2>/dev/null) && kill -${signal} "$pid" 2>/dev/null
    for i in 1 2 3 4 5 6 7 8 9 10; do [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && sleep 1; done
    rm -rf "${dir}"`;
  const child = spawn("sh", ["-c", script], { detached: true, stdio: "ignore" });
  child.unref();
  return child;
}
