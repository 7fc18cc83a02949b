// The built app (build/index.js and build/server.js) for tests that start real servers: built
// here when missing or older than the sources. Not `npm run build`: regenerating the Prisma client
// under other test files would break them. A lock directory keeps two test files (two vitest
// workers) from building at once.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";

const LOCK = path.resolve("tests/.tmp/build.lock");

function newestSource(): number {
  const newest = (entry: string): number => {
    const stat = statSync(entry);
    if (!stat.isDirectory()) return stat.mtimeMs;
    return Math.max(stat.mtimeMs, ...readdirSync(entry).filter((name) => name !== "generated").map((name) => newest(path.join(entry, name))));
  };
  return Math.max(...["app", "server.ts", "prisma/migrations", "prisma/postgresql/migrations", "public/locales"].map(newest));
}

const stale = () => !existsSync("build/index.js") || !existsSync("build/server.js") || newestSource() > statSync("build/index.js").mtimeMs;

function sleep(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

export function ensureBuiltApp() {
  mkdirSync(path.dirname(LOCK), { recursive: true });
  for (const deadline = Date.now() + 300_000; ; ) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      // A lock left by a killed run is taken over after five minutes.
      if (Date.now() - statSync(LOCK, { throwIfNoEntry: false })!.mtimeMs > 300_000 || Date.now() > deadline) rmSync(LOCK, { recursive: true, force: true });
      sleep(500);
    }
  }
  try {
    if (stale()) {
      // A production build, as `npm run build` makes: under vitest NODE_ENV is "test", and Remix
      // would then compile JSX for development (jsxDEV), which the production server cannot run.
      const env = { ...process.env, NODE_ENV: "production" as const };
      execFileSync("npx", ["remix", "build"], { stdio: "ignore", env });
      execFileSync("npm", ["run", "build:server"], { stdio: "ignore", env });
    }
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
