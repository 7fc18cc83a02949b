// The build's scripts and stylesheets compressed at build time (scripts/precompress.ts) and sent by
// server/precompressed.ts, wired as server.ts wires it (compression, then the copies, then
// express.static): the browser gets the smallest copy it accepts, with the original's type, and
// the same bytes once decoded; the compression middleware does not encode it a second time.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIN_BYTES, precompress } from "../../scripts/precompress";
import { precompressed } from "../../server/precompressed";

const dir = mkdtempSync(path.join(tmpdir(), "precompressed-"));
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i % 37}`))};\n`;
const stylesheet = `.a { color: red; }\n`.repeat(100);
const tiny = "export {};\n";
mkdirSync(path.join(dir, "_shared"));
writeFileSync(path.join(dir, "_shared/chunk-A.js"), script);
writeFileSync(path.join(dir, "page-B.css"), stylesheet);
writeFileSync(path.join(dir, "tiny-C.js"), tiny);
let origin = "";
let server: http.Server;

beforeAll(async () => {
  precompress(dir);
  const app = express();
  app.use(compression({ threshold: 0 }));
  app.use("/build", precompressed(dir), express.static(dir, { immutable: true, maxAge: "1y" }));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The raw answer (not decoded, unlike fetch's). */
function get(url: string, acceptEncoding?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(origin + url, { headers: acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("precompressed build files", () => {
  it("are written beside the files of MIN_BYTES or more, smaller than the file", () => {
    expect(Buffer.byteLength(script)).toBeGreaterThanOrEqual(MIN_BYTES);
    expect(Buffer.byteLength(tiny)).toBeLessThan(MIN_BYTES);
    expect(readdirSync(dir, { recursive: true }).map(String).sort()).toEqual(
      ["_shared", "_shared/chunk-A.js", "_shared/chunk-A.js.br", "_shared/chunk-A.js.gz", "page-B.css", "page-B.css.br", "page-B.css.gz", "tiny-C.js"].sort(),
    );
  });

  it("are sent as brotli to a browser that takes it, with the script's type and the year's caching", async () => {
    const answer = await get("/build/_shared/chunk-A.js", "gzip, deflate, br, zstd");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["content-type"]).toMatch(/^(application|text)\/javascript/);
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    expect(answer.body.length).toBeLessThan(Buffer.byteLength(script));
    expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(script);
  });

  it("are sent as gzip to one that takes only gzip, and a stylesheet keeps its type", async () => {
    const answer = await get("/build/page-B.css", "gzip");
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.headers["content-type"]).toMatch(/^text\/css/);
    expect(zlib.gunzipSync(answer.body).toString()).toBe(stylesheet);
  });

  it("leave the file as it is for a client that takes no encoding, and a file without copies to the middleware", async () => {
    const plain = await get("/build/_shared/chunk-A.js", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    const small = await get("/build/tiny-C.js", "br");
    // The compression middleware's own answer: encoded once, the file's bytes once decoded.
    expect(small.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(small.body).toString()).toBe(tiny);
    expect((await get("/build/missing.js", "br")).status).toBe(404);
  });
});
