// A throwaway PgBouncer in transaction mode in front of a test cluster (issue 44, decision 0099):
// the PostgreSQL integration stage of `npm test` reaches its databases through it, so the app is
// proved the way docs/deploy.md runs it behind PgBouncer. Debian's /usr/sbin/pgbouncer
// (PGBOUNCER_BIN overrides), a free port on 127.0.0.1, any database of the cluster by name, no
// password (trust, as the cluster), run by the cluster's own non-root user (PgBouncer refuses
// root) and removed at the end; a watchdog stops it if the process that started it dies first.
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort, serverUser, watchOver } from "./postgresql-cluster";

export interface Pgbouncer {
  port: number;
  /** The admin console (`SHOW POOLS`, `SHOW CLIENTS`, …), as the cluster's superuser. */
  adminUrl: string;
  /** Synchronous, so that a process's "exit" handler can call it. */
  stop(): void;
}

export function pgbouncerBinary(): string {
  const binary = process.env.PGBOUNCER_BIN ?? "/usr/sbin/pgbouncer";
  if (!existsSync(binary)) throw new Error(`PgBouncer is not installed: no ${binary} (apt-get install pgbouncer, or set PGBOUNCER_BIN).`);
  return binary;
}

/** The same URL with its host and port those of the PgBouncer. */
export function throughPgbouncer(url: string, port: number): string {
  const parsed = new URL(url);
  parsed.hostname = "127.0.0.1";
  parsed.port = String(port);
  return parsed.toString();
}

/**
 * Pools of 20 server connections per database: every test file has a database of its own, and the
 * two-instance test has three processes of 10 client connections each on one, so clients do queue
 * for servers as in production, without a test waiting long on it.
 */
function config(dir: string, port: number, upstream: URL) {
  return `[databases]
* = host=${upstream.hostname} port=${upstream.port}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${path.join(dir, "users.txt")}
admin_users = ${upstream.username}
pool_mode = transaction
default_pool_size = 20
max_client_conn = 500
logfile = ${path.join(dir, "pgbouncer.log")}
pidfile = ${path.join(dir, "pgbouncer.pid")}
`;
}

/** Starts PgBouncer in front of the cluster whose superuser URL this is (any of its databases). */
export async function startPgbouncer(clusterUrl: string): Promise<Pgbouncer> {
  const binary = pgbouncerBinary();
  const upstream = new URL(clusterUrl);
  const user = serverUser();
  const dir = mkdtempSync(path.join(tmpdir(), "folga-pgbouncer-"));
  const log = path.join(dir, "pgbouncer.log");
  const pidFile = path.join(dir, "pgbouncer.pid");
  try {
    const port = await freePort();
    // trust still wants each user named in the auth file.
    writeFileSync(path.join(dir, "users.txt"), `"${upstream.username}" ""\n`);
    writeFileSync(path.join(dir, "pgbouncer.ini"), config(dir, port, upstream));
    if (user) {
      const [uid, gid] = ["-u", "-g"].map((flag) => Number(execFileSync("id", [flag, user]).toString()));
      for (const file of ["", "users.txt", "pgbouncer.ini"]) chownSync(path.join(dir, file), uid, gid);
    }
    // -d: it detaches once listening and writes its pid file, so this returns when it is up.
    const args = ["-d", path.join(dir, "pgbouncer.ini")];
    execFileSync(user ? "runuser" : binary, user ? ["-u", user, "--", binary, ...args] : args, { stdio: ["ignore", "pipe", "pipe"] });
    const watchdog = watchOver(dir, pidFile, "TERM");
    const adminUrl = `postgresql://${upstream.username}@127.0.0.1:${port}/pgbouncer`;
    await answering(adminUrl);
    return {
      port,
      adminUrl,
      stop() {
        try {
          const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
          if (pid) process.kill(pid, "SIGTERM");
        } catch {
          // Already gone.
        } finally {
          rmSync(dir, { recursive: true, force: true });
          watchdog.kill();
        }
      },
    };
  } catch (error) {
    const detail = existsSync(log) ? execFileSync("tail", ["-n", "20", log]).toString() : "";
    if (existsSync(pidFile)) process.kill(Number(readFileSync(pidFile, "utf8").split("\n")[0]), "SIGTERM");
    rmSync(dir, { recursive: true, force: true });
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? "";
    throw new Error(`Could not start PgBouncer: ${(error as Error).message}\n${stderr}${detail}`);
  }
}

/** Waits (up to 10 s) for the admin console to answer. */
async function answering(adminUrl: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const client = new pg.Client({ connectionString: adminUrl });
    try {
      await client.connect();
      // The admin console speaks the simple protocol only.
      await client.query("SHOW VERSION");
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

/** Rows of an admin console command (`SHOW POOLS`, …) as objects. */
export async function adminConsole(adminUrl: string, command: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query(command)).rows;
  } finally {
    await client.end();
  }
}
