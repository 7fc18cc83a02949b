// npx tsx bench/handler-loop.ts <path>… — the built app's Remix request handler called in a loop,
// in this process, on an existing database (DATABASE_URL, e.g. a copy of bench/.tmp/bench.db after
// `npm run bench`), signed in as BENCH_WHO (default person0@bench.test, an admin of the bench
// company). Prints each path's CPU ms a request over 5 rounds of BENCH_REQUESTS (default 100).
// No HTTP, no load generator sharing the cores: steadier than the bench for A/B runs of two
// checkouts (run it alternately in each, on its own build and database). Session 37, bench/README.
// An /api path goes through the whole app's build here, not the API's own as in server.ts (0107).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";

const ORIGIN = "http://127.0.0.1:3000";
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const context = () => ({ cspNonce: "bench", requestScope: {} });

async function main() {
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  const handle = createRequestHandler(build, "production");
  const login = await handle(
    new Request(`${ORIGIN}/login`, { method: "POST", body: new URLSearchParams({ email: process.env.BENCH_WHO ?? "person0@bench.test", password: "bench-password" }) }),
    context(),
  );
  if (login.status !== 302) throw new Error(`sign-in answered ${login.status}`);
  const cookie = login.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
  for (const target of process.argv.slice(2)) {
    const get = async () => {
      const response = await handle(new Request(ORIGIN + target, { headers: { cookie, "accept-language": "pt-BR,pt;q=0.9,en;q=0.7" } }), context());
      await response.text();
      if (response.status !== 200) throw new Error(`${target} answered ${response.status}`);
    };
    for (let i = 0; i < 50; i++) await get();
    const rounds: number[] = [];
    for (let round = 0; round < 5; round++) {
      const start = process.cpuUsage();
      for (let i = 0; i < REQUESTS; i++) await get();
      const used = process.cpuUsage(start);
      rounds.push((used.user + used.system) / 1000 / REQUESTS);
    }
    rounds.sort((a, b) => a - b);
    console.log(`${target}: CPU ms a request, min ${rounds[0].toFixed(2)}, median ${rounds[2].toFixed(2)}`);
  }
}

void main().then(() => process.exit(0));
