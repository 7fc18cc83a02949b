// The response cache in front of a page, over real HTTP (Express + compression, as server.ts
// wires them) and this file's real SQLite database. The page renderer stands in for Remix: it
// reads the database, writes the request's CSP nonce into a script tag and echoes who asked.
// The real pages behind the cache are exercised by the e2e suite, which runs with it on.
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import Database from "better-sqlite3";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqliteDataVersion } from "~/utils/data-version.server";
import { sqliteFilePath } from "~/utils/database-url";
import { getDb } from "~/utils/db.server";
import { noteCompany } from "~/utils/request-scope.server";
import { createCachingHandler } from "~/utils/request-handler.server";
import { ResponseCache } from "~/utils/response-cache.server";
import { createCompany, createTeam, createUser } from "../support/factories";

let base = "";
let renders = 0;
let close: () => Promise<void>;
const dataVersion = sqliteDataVersion(sqliteFilePath(process.env.DATABASE_URL!));

// `__session=<name>@<company>` stands for a signed-in user of that company: the renderer notes the
// company as requireUser does and shows that company's users only. Other cookies name no company.
const companyIds: Record<string, string> = {};

async function renderPage(request: Request, { cspNonce }: { cspNonce: string }) {
  renders++;
  const url = new URL(request.url);
  const company = /@(\w+)/.exec(request.headers.get("cookie") ?? "")?.[1];
  if (company) {
    noteCompany(companyIds[company]);
    if (url.searchParams.has("also")) noteCompany(companyIds[url.searchParams.get("also")!]);
    const users = await getDb().user.findMany({ where: { companyId: companyIds[company] }, select: { email: true }, orderBy: { email: "asc" } });
    return new Response(`<script nonce="${cspNonce}">1</script><ul>${users.map((u) => `<li>${u.email}</li>`).join("")}</ul>`, {
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });
  }
  if (url.searchParams.has("slow")) await new Promise((resolve) => setTimeout(resolve, 100));
  const companies = await getDb().company.findMany({ select: { name: true }, orderBy: { name: "asc" } });
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
  if (url.searchParams.has("flash")) headers.append("Set-Cookie", "flash=; Max-Age=0");
  const items = companies.map((c) => `<li>${c.name}</li>`).join("");
  // Long enough for the compression middleware to compress misses too.
  const filler = "<p>Férias aprovadas · vacaciones</p>".repeat(100);
  return new Response(`<script nonce="${cspNonce}">1</script><p>${request.headers.get("cookie")}</p><ul>${items}</ul>${filler}`, { headers });
}

beforeAll(async () => {
  await createCompany("Acme");
  for (const name of ["north", "south"]) {
    const company = await createCompany(name);
    companyIds[name] = company.id;
    await createUser(company.id, { email: `first@${name}.test` });
  }
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    res.setHeader("X-Test-Nonce", res.locals.cspNonce as string);
    next();
  });
  app.use(compression({ level: 1 }));
  app.use(
    createCachingHandler({
      render: renderPage,
      fallback: (_req, res) => void res.status(418).send("not cached"),
      getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string }),
      caching: {
        store: new ResponseCache({ maxBytes: 4 * 1024 * 1024, ttlMs: 60_000 }),
        dataVersion: dataVersion.current,
        companyVersion: dataVersion.company,
        today: () => "2027-01-04",
      },
    }),
  );
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});

afterAll(async () => {
  await close();
  dataVersion.close();
});

async function get(path: string, cookie = "__session=ana") {
  const response = await fetch(base + path, { headers: { Cookie: cookie, "Accept-Encoding": "gzip" } });
  return { status: response.status, cache: response.headers.get("X-Response-Cache"), nonce: response.headers.get("X-Test-Nonce")!, encoding: response.headers.get("Content-Encoding"), body: await response.text() };
}

describe("response cache", () => {
  it("answers a second request from memory, compressed, with that response's own nonce", async () => {
    const first = await get("/my-calendar");
    const second = await get("/my-calendar");
    expect([first.cache, second.cache]).toEqual(["miss", "hit"]);
    expect(second.encoding).toBe("gzip");
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.body).toContain(`<script nonce="${second.nonce}">`);
    expect(second.body).not.toContain(first.nonce);
    expect(second.body).toBe(first.body.replace(first.nonce, second.nonce));
  });

  it("renders again after a commit through the app's database client", async () => {
    await get("/vacations");
    expect((await get("/vacations")).cache).toBe("hit");
    await createCompany("Zeta Lda");
    const after = await get("/vacations");
    expect(after.cache).toBe("miss");
    expect(after.body).toContain("<li>Zeta Lda</li>");
  });

  it("renders again after a commit by another connection (the CLI job, another server)", async () => {
    await get("/approvals");
    const other = new Database(sqliteFilePath(process.env.DATABASE_URL!));
    other.prepare("UPDATE Company SET name = 'Acme Renamed' WHERE name = 'Acme'").run();
    other.close();
    const after = await get("/approvals");
    expect(after.cache).toBe("miss");
    expect(after.body).toContain("<li>Acme Renamed</li>");
  });

  it("never gives one person's page to another", async () => {
    await get("/company-calendar", "__session=ana");
    const bob = await get("/company-calendar", "__session=bob");
    expect(bob.cache).toBe("miss");
    expect(bob.body).toContain("<p>__session=bob</p>");
    expect(bob.body).not.toContain("__session=ana");
  });

  it("does not keep responses that set a cookie, nor answer paths it does not cover", async () => {
    expect((await get("/reports?flash")).cache).toBe("miss");
    expect((await get("/reports?flash")).cache).toBe("miss");
    const login = await get("/login");
    expect([login.status, login.cache]).toEqual([418, null]);
  });

  it("renders a page once for simultaneous requests", async () => {
    const before = renders;
    const results = await Promise.all(Array.from({ length: 5 }, () => get("/national-holidays?slow")));
    expect(renders - before).toBe(1);
    expect(results.map((r) => r.cache).sort()).toEqual(["hit", "hit", "hit", "hit", "miss"]);
    for (const result of results) expect(result.body).toContain(`<script nonce="${result.nonce}">`);
  });

  describe("per company", () => {
    const north = "__session=ana@north";

    it("keeps a company's pages when another company writes", async () => {
      await get("/my-calendar?c=1", north);
      await createUser(companyIds.south, { email: "new@south.test" });
      await getDb().company.update({ where: { id: companyIds.south }, data: { name: "South Renamed" } });
      expect((await get("/my-calendar?c=1", north)).cache).toBe("hit");
    });

    const writes: [string, () => Promise<unknown>][] = [
      ["a row with the company's id", () => createUser(companyIds.north, { email: `more${Math.random()}@north.test` })],
      ["the company itself", () => getDb().company.update({ where: { id: companyIds.north }, data: { countryCode: "ES" } })],
      [
        "a row of one of its users (a session signed out)",
        async () => {
          const user = await getDb().user.findFirstOrThrow({ where: { companyId: companyIds.north } });
          const session = await getDb().session.create({ data: { userId: user.id, expiresAt: new Date(Date.now() + 60_000) } });
          return getDb().session.delete({ where: { id: session.id } });
        },
      ],
      [
        "a row of one of its teams (a team admin)",
        async () => {
          const user = await getDb().user.findFirstOrThrow({ where: { companyId: companyIds.north } });
          return createTeam(companyIds.north, `Team ${Math.random()}`, [user.id]);
        },
      ],
    ];
    for (const [what, write] of writes) {
      it(`renders a company's page again after a write to ${what}`, async () => {
        await get("/my-calendar?c=2", north);
        expect((await get("/my-calendar?c=2", north)).cache).toBe("hit");
        await write();
        expect((await get("/my-calendar?c=2", north)).cache).toBe("miss");
      });
    }

    it("treats a page that named two companies as depending on every write", async () => {
      await get("/my-calendar?also=south", north);
      await createUser(companyIds.south, { email: `other${Math.random()}@south.test` });
      expect((await get("/my-calendar?also=south", north)).cache).toBe("miss");
    });

    it("shows the company's new data after its write", async () => {
      await get("/my-calendar?c=3", north);
      await createUser(companyIds.north, { email: "zz-latest@north.test" });
      expect((await get("/my-calendar?c=3", north)).body).toContain("<li>zz-latest@north.test</li>");
    });
  });
});
