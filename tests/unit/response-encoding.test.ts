// The app compresses its own answers whole (response-encoding.server.ts): which answers, with what,
// and that the bytes a client receives over a real socket decode to the page that was rendered.
import type { AddressInfo } from "node:net";
import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeBody } from "~/utils/response-encoding.server";
import { createDirectHandler } from "~/utils/request-handler.server";

const page = new TextEncoder().encode(`<!DOCTYPE html><html><body>${"<p>Férias de Ana — 2027</p>".repeat(200)}</body></html>`);
const html = () => new Headers({ "Content-Type": "text/html; charset=utf-8" });
const get = (acceptEncoding?: string) => ({ method: "GET", headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } });

describe("encodeBody", () => {
  it("answers gzip when the client accepts it, whatever order it lists brotli in", async () => {
    for (const accept of ["gzip, deflate, br, zstd", "br, gzip", "br;q=1, gzip;q=1"]) {
      const encoded = await encodeBody(get(accept), 200, html(), page);
      expect(encoded.encoding, accept).toBe("gzip");
      expect(encoded.vary).toBe(true);
      expect(encoded.body.byteLength).toBeLessThan(page.byteLength / 4);
      expect(new Uint8Array(gunzipSync(encoded.body))).toEqual(page);
    }
  });

  it("uses brotli for a client that prefers it by weight or accepts nothing else", async () => {
    for (const accept of ["br", "gzip;q=0, br", "gzip;q=0.5, br;q=1"]) {
      const encoded = await encodeBody(get(accept), 200, html(), page);
      expect(encoded.encoding, accept).toBe("br");
      expect(new Uint8Array(brotliDecompressSync(encoded.body))).toEqual(page);
    }
  });

  it("sends the bytes as they are when the client accepts no compression", async () => {
    for (const accept of [undefined, "identity", "deflate", "*;q=0"]) {
      const encoded = await encodeBody(get(accept), 200, html(), page);
      expect(encoded.encoding, String(accept)).toBeUndefined();
      expect(encoded.body).toBe(page);
      // The answer still depends on the header: a cache must not hand it to a brotli client.
      expect(encoded.vary).toBe(true);
    }
  });

  it("leaves small bodies, HEAD requests and bodies already encoded alone", async () => {
    const small = new TextEncoder().encode("<p>ok</p>");
    expect(await encodeBody(get("br"), 200, html(), small)).toEqual({ body: small, vary: true });
    expect(await encodeBody({ method: "HEAD", headers: { "accept-encoding": "br" } }, 200, html(), page)).toEqual({ body: page, vary: true });
    const encodedAlready = new Headers({ "Content-Type": "text/html", "Content-Encoding": "gzip" });
    expect((await encodeBody(get("br"), 200, encodedAlready, page)).encoding).toBeUndefined();
  });

  it("never compresses what is already compressed, has no type, or may not be transformed", async () => {
    for (const type of ["image/png", "application/pdf", "application/zip"]) {
      expect(await encodeBody(get("br"), 200, new Headers({ "Content-Type": type }), page), type).toEqual({ body: page, vary: false });
    }
    expect(await encodeBody(get("br"), 200, new Headers(), page)).toEqual({ body: page, vary: false });
    const noTransform = new Headers({ "Content-Type": "text/csv", "Cache-Control": "private, no-transform" });
    expect(await encodeBody(get("br"), 200, noTransform, page)).toEqual({ body: page, vary: false });
  });

  it("compresses a large export off the main thread to the same bytes a client can decode", async () => {
    const rows = Array.from({ length: 40_000 }, (_, i) => `Pessoa ${i};pessoa${i}@empresa.test;Equipa ${i % 20};2027-03-${String((i % 28) + 1).padStart(2, "0")}`);
    const csv = new TextEncoder().encode(rows.join("\r\n"));
    expect(csv.byteLength).toBeGreaterThan(1024 * 1024);
    const csvHeaders = new Headers({ "Content-Type": "text/csv; charset=utf-8" });
    const gzipped = await encodeBody(get("gzip, br"), 200, csvHeaders, csv);
    expect(gzipped.encoding).toBe("gzip");
    // Compared as bytes at once: an element-by-element comparison of megabytes takes seconds.
    expect(gunzipSync(gzipped.body).equals(csv)).toBe(true);
    const brotli = await encodeBody(get("br"), 200, csvHeaders, csv);
    expect(brotli.encoding).toBe("br");
    expect(brotliDecompressSync(brotli.body).equals(csv)).toBe(true);
  });

  it("compresses every text-like answer the app makes: JSON, CSV, calendars", async () => {
    for (const type of ["application/json; charset=utf-8", "text/csv; charset=utf-8", "text/calendar; charset=utf-8", "text/plain"]) {
      expect((await encodeBody(get("br"), 200, new Headers({ "Content-Type": type }), page)).encoding, type).toBe("br");
    }
  });
});

describe("the request handler over a socket", () => {
  let server: http.Server;
  let base = "";

  beforeAll(async () => {
    const app = express();
    app.use(
      createDirectHandler(async (request) => {
        const { pathname } = new URL(request.url);
        if (pathname === "/events") return new Response("data: hello\n\n", { headers: { "Content-Type": "text/event-stream" } });
        if (pathname === "/empty") return new Response(null, { status: 204 });
        if (pathname === "/broken") {
          const failing = new ReadableStream({ pull: (controller) => controller.error(new Error("the export failed half-way")) });
          return new Response(failing, { headers: { "Content-Type": "text/csv", "Content-Disposition": 'attachment; filename="absences.csv"', "Set-Cookie": "flash=1" } });
        }
        return new Response(page, { headers: { "Content-Type": "text/html; charset=utf-8", Vary: "Cookie" } });
      }, () => ({ cspNonce: "nonce" })),
    );
    // Express's own last resort, quiet: the route's answer failed after it had begun.
    app.use((_error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => void res.status(500).type("text/plain").send("Something went wrong"));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** The raw answer (node:http, which does not decode bodies as fetch would). */
  function rawGet(path: string, acceptEncoding: string) {
    return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${base}${path}`, { headers: { "Accept-Encoding": acceptEncoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });
  }

  it("sends a page compressed in one piece with its length, varying on the encoding and the route's own Vary", async () => {
    const { headers, body } = await rawGet("/", "gzip, deflate, br, zstd");
    expect(headers["content-encoding"]).toBe("gzip");
    expect(Number(headers["content-length"])).toBe(body.byteLength);
    expect(headers["transfer-encoding"]).toBeUndefined();
    expect(headers.vary).toBe("Cookie, Accept-Encoding");
    expect(new Uint8Array(gunzipSync(body))).toEqual(page);

    const brotli = await rawGet("/", "br");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(new Uint8Array(brotliDecompressSync(brotli.body))).toEqual(page);
  });

  it("streams an event stream as it comes, uncompressed, and answers a bodiless status with none", async () => {
    const events = await rawGet("/events", "gzip, br");
    expect(events.headers["content-encoding"]).toBeUndefined();
    expect(events.body.toString()).toBe("data: hello\n\n");
    const empty = await rawGet("/empty", "br");
    expect(empty.headers["content-encoding"]).toBeUndefined();
    expect(empty.body.byteLength).toBe(0);
  });

  it("leaves none of the route's headers on the error page when its body fails to be read", async () => {
    const { headers, body } = await rawGet("/broken", "gzip");
    expect(body.toString()).toBe("Something went wrong");
    expect(headers["content-disposition"]).toBeUndefined();
    expect(headers["set-cookie"]).toBeUndefined();
  });
});
