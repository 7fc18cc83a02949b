// Tests that run the built server as production does (`node build/server.js`): the build is reused
// when it is newer than the sources, or made once here; ports are free ones on loopback.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

/**
 * Not `npm run build`: regenerating the Prisma client under other test files would break them.
 * A build older than the sources would test yesterday's server (and fail against new migrations).
 */
export function ensureBuilt() {
  if (!existsSync("build/index.js") || !existsSync("build/server.js") || newestSource() > statSync("build/index.js").mtimeMs) {
    execFileSync("npx", ["remix", "build"], { stdio: "ignore" });
    execFileSync("npm", ["run", "build:server"], { stdio: "ignore" });
  }
}

function newestSource(): number {
  const newest = (entry: string): number => {
    const stat = statSync(entry);
    if (!stat.isDirectory()) return stat.mtimeMs;
    return Math.max(stat.mtimeMs, ...readdirSync(entry).filter((name) => name !== "generated").map((name) => newest(path.join(entry, name))));
  };
  return Math.max(...["app", "server.ts", "prisma/migrations", "public/locales"].map(newest));
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Whether a server answers its health check on this port. */
export async function answers(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}

export async function waitFor(check: () => Promise<boolean> | boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}
