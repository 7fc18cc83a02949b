import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  assemble,
  assembleGzip,
  cacheKeyOf,
  isStorable,
  ResponseCache,
  storedBody,
  type CachedResponse,
} from "~/utils/response-cache.server";

const page = (over: Partial<Parameters<typeof cacheKeyOf>[0]> = {}) =>
  cacheKeyOf({ method: "GET", host: "app.test", url: "/my-calendar?year=2027", cookie: "__session=abc", ...over });

function response(text: string, nonce: string | null = null): CachedResponse {
  return { status: 200, headers: [["content-type", "text/html; charset=utf-8"]], ...storedBody(text, nonce) };
}

describe("cacheKeyOf", () => {
  it("keys signed-in GETs of the screens and read APIs, and their single-fetch twins", () => {
    for (const url of ["/my-calendar", "/vacations?status=pending", "/approvals", "/vacations.data?_routes=routes%2F_app.vacations", "/api/vacations/search?date_from=2027-03-01", "/api/users/me"]) {
      expect(page({ url }), url).not.toBeNull();
    }
  });

  it("never keys writes, anonymous requests, sign-in pages, links with tokens or exports", () => {
    expect(page({ method: "POST" })).toBeNull();
    expect(page({ method: "HEAD" })).toBeNull();
    expect(page({ cookie: undefined })).toBeNull();
    for (const url of ["/login", "/verify-email?token=x", "/vacation-decision?token=x", "/vacations.export.csv", "/api/auth/refresh", "/dev/outbox", "/audit", "/api/companies/all", "/my-calendar/../login"]) {
      expect(page({ url }), url).toBeNull();
    }
  });

  it("gives different people, languages and credentials different keys", () => {
    const keys = new Set([
      page(),
      page({ cookie: "__session=other" }),
      page({ acceptLanguage: "es" }),
      page({ cookie: undefined, authorization: "Bearer a" }),
      page({ cookie: undefined, authorization: "Bearer b" }),
      page({ url: "/my-calendar?year=2028" }),
      page({ host: "other.test" }),
    ]);
    expect(keys.size).toBe(7);
  });
});

describe("ResponseCache", () => {
  const stamp = (dataVersion: number, companyId: string | null = null, companyVersion = 0) => ({ dataVersion, companyId, companyVersion });
  const atVersion = (version: number) => (kept: { dataVersion: number }) => kept.dataVersion === version;

  it("serves a kept response only while it is current, for the same date and within the TTL", () => {
    let now = 1_000;
    const cache = new ResponseCache({ maxBytes: 1_000_000, ttlMs: 10_000, now: () => now });
    cache.set("k", "2027-01-04", stamp(7), response("hello"));
    expect(cache.get("k", "2027-01-04", atVersion(7))).not.toBeNull();
    expect(cache.get("k", "2027-01-05", atVersion(7))).toBeNull();
    cache.set("k", "2027-01-04", stamp(7), response("hello"));
    expect(cache.get("k", "2027-01-04", atVersion(8))).toBeNull();
    cache.set("k", "2027-01-04", stamp(8), response("hello"));
    now += 10_000;
    expect(cache.get("k", "2027-01-04", atVersion(8))).toBeNull();
    expect(cache.size).toBe(0);
  });

  it("hands the kept freshness to the check", () => {
    const cache = new ResponseCache({ maxBytes: 1_000_000, ttlMs: 10_000 });
    cache.set("k", "d", stamp(3, "acme", 41), response("hello"));
    const seen: unknown[] = [];
    cache.get("k", "d", (kept) => (seen.push(kept), true));
    expect(seen).toEqual([stamp(3, "acme", 41)]);
  });

  it("drops the least recently used entries beyond its size and refuses huge bodies", () => {
    // About 720 bytes each with the key, the compressed copy and the bookkeeping: four fit.
    const body = "x".repeat(500);
    const cache = new ResponseCache({ maxBytes: 3_000, ttlMs: 60_000 });
    const always = () => true;
    for (const key of ["a", "b", "c", "d"]) cache.set(key, "d", stamp(1), response(body));
    cache.get("a", "d", always); // a is now the most recent
    cache.set("e", "d", stamp(1), response(body));
    expect(cache.get("b", "d", always)).toBeNull();
    expect(cache.get("a", "d", always)).not.toBeNull();
    expect(cache.get("e", "d", always)).not.toBeNull();
    cache.set("huge", "d", stamp(1), response("y".repeat(4_000)));
    expect(cache.get("huge", "d", always)).toBeNull();
  });
});

describe("stored bodies", () => {
  const cases: [string, string, string | null][] = [
    ["no nonce (JSON)", '[{"id":"1","start_date":"2027-03-01"}]', null],
    ["nonce in the middle", '<script nonce="N0NCE">a</script><p>ação · año</p><script nonce="N0NCE">b</script>', "N0NCE"],
    ["nonce at both ends and side by side", "N0NCEN0NCE<p>é</p>N0NCE", "N0NCE"],
    ["a body larger than a deflate stored block", `<script nonce="N0NCE"></script>${"<td>dia útil</td>".repeat(20_000)}<script nonce="N0NCE"></script>`, "N0NCE"],
  ];

  for (const [name, text, nonce] of cases) {
    it(`writes the new nonce back, plain and gzip: ${name}`, () => {
      const fresh = "fresh+nonce/24characters=";
      const expected = nonce ? text.replaceAll(nonce, fresh) : text;
      const stored = storedBody(text, nonce);
      expect(Buffer.concat(assemble(stored.parts, fresh)).toString("utf8")).toBe(expected);
      expect(gunzipSync(Buffer.concat(assembleGzip(stored, fresh))).toString("utf8")).toBe(expected);
    });
  }

  it("compresses the kept body", () => {
    const text = "<tr><td>2027-01-04</td><td>Aprovado</td></tr>".repeat(2_000);
    const gzip = Buffer.concat(assembleGzip(storedBody(text, null), "n"));
    expect(gzip.length).toBeLessThan(text.length / 10);
  });
});

describe("isStorable", () => {
  it("keeps plain successes only", () => {
    expect(isStorable(200, new Headers({ "Content-Type": "text/html" }))).toBe(true);
    expect(isStorable(200, new Headers({ "Set-Cookie": "__session=x" }))).toBe(false);
    expect(isStorable(302, new Headers({ Location: "/login" }))).toBe(false);
    expect(isStorable(404, new Headers())).toBe(false);
    expect(isStorable(500, new Headers())).toBe(false);
  });
});
