// The request guards over real HTTP, wired as server.ts wires them (trust proxy from TRUST_PROXY,
// the guards, then the Remix handler), with the app's real route modules behind them in place of
// the Remix build: cross-site state changes, body sizes (declared and streamed), methods, and the
// client address rate limits count by.
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as apiLogin from "~/api/auth.login";
import * as apiVacations from "~/api/vacations._index";
import * as language from "~/routes/language";
import * as login from "~/routes/login";
import * as logout from "~/routes/logout";
import * as myCalendar from "~/routes/_app.my-calendar";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { BACKOFFS, resetRateLimits } from "~/utils/rate-limit.server";
import { BODY_LIMITS, errorAnswers, requestGuards } from "~/utils/request-guards.server";
import { createCompany, createTeam, createUser, TEST_PASSWORD } from "../support/factories";
import { args, cookiesFrom, postForm } from "../support/http";
import { fetchHandler } from "../support/fetch-handler";

type RouteModule = { loader?: (a: ReturnType<typeof args>) => unknown; action?: (a: ReturnType<typeof args>) => unknown };
/** What the request handed to Remix says of where it is addressed and where it comes from. */
const addressed = ({ request }: { request: Request }) =>
  Response.json({ url: request.url, host: request.headers.get("host"), forwardedHost: request.headers.get("x-forwarded-host"), origin: request.headers.get("origin") });
const routes: Record<string, RouteModule> = {
  "/addressed": { action: addressed },
  "/api/auth/login": apiLogin,
  "/api/vacations": apiVacations,
  "/language": language,
  "/login": login,
  "/logout": logout,
  "/my-calendar": myCalendar,
};

/** Stands in for the Remix build: runs the route module's loader or action. */
async function render(request: Request): Promise<Response> {
  const route = routes[new URL(request.url).pathname];
  const run = request.method === "GET" || request.method === "HEAD" ? route?.loader : route?.action;
  if (!run) return new Response("Not Found", { status: 404 });
  try {
    const result = await run(args(request));
    if (result instanceof Response) return result;
    const wrapped = result as { type?: string; data?: unknown; init?: ResponseInit };
    if (wrapped?.type === "DataWithResponseInit") return Response.json(wrapped.data, wrapped.init);
    return Response.json(result);
  } catch (error) {
    if (error instanceof Response) return error;
    return new Response(String(error), { status: 500 });
  }
}

async function listen(trustProxy: ReturnType<typeof getEnv>["TRUST_PROXY"], mode?: "production" | "development") {
  const app = express();
  if (mode) app.set("env", mode);
  app.set("trust proxy", trustProxy);
  app.use(requestGuards({ appUrl: "http://app.test" }));
  app.all("*", fetchHandler(render));
  app.use(errorAnswers());
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let base = "";
let proxiedBase = "";
let servers: http.Server[] = [];
let cookie = "";
let token = "";

beforeAll(async () => {
  const company = await createCompany("Guarded");
  const boss = await createUser(company.id, { role: "admin", email: "boss@guarded.test" });
  const team = await createTeam(company.id, "Guards", [boss.id]);
  const gil = await createUser(company.id, { email: "gil@guarded.test", fullName: "Gil", teamId: team.id });
  await getDb().allowance.create({ data: { companyId: company.id, userId: gil.id, year: 2027, yearly: 22, residual: 0, specialLeave: 0 } });
  const signedIn = (await login.action(args(postForm("/login", { email: "gil@guarded.test", password: TEST_PASSWORD })))) as Response;
  cookie = cookiesFrom(signedIn);
  const tokens = await apiLogin.action(
    args(new Request("http://localhost/api/auth/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: "gil@guarded.test", password: TEST_PASSWORD }) })),
  );
  token = ((await tokens.json()) as { access_token: string }).access_token;
  // The default setting (nobody is trusted), and one that trusts a proxy on this machine.
  const plain = await listen(getEnv().TRUST_PROXY);
  const proxied = await listen(["loopback"]);
  servers = [plain.server, proxied.server];
  base = plain.base;
  proxiedBase = proxied.base;
});
beforeEach(() => resetRateLimits());

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

function post(path: string, headers: Record<string, string>, body = "") {
  return fetch(base + path, { method: "POST", headers, body, redirect: "manual" });
}

/** An empty POST over node:http (fetch sends its own Host header, never the caller's). */
function postWithHost(at: string, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(at + path, { method: "POST", headers }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode!, body }));
    });
    request.on("error", reject);
    request.end();
  });
}
/** A GET over node:http with the caller's Host header. */
function getWithHost(at: string, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get(at + path, { headers }, (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode!, body }));
      })
      .on("error", reject);
  });
}
const form = { "Content-Type": "application/x-www-form-urlencoded", "Accept-Language": "en" };
const json = { "Content-Type": "application/json", "Accept-Language": "en" };
const vacation = JSON.stringify({ start_date: "2027-03-01", end_date: "2027-03-02" });

describe("cross-site state changes", () => {
  it("lets a POST without Origin through when its cookies act for no one (language, known device), as an API client's jar holds them", async () => {
    for (const jar of ["lng=en", "device=someone:nonce.signature", "lng=en; device=x.y"]) {
      const api = await post("/api/auth/login", { ...json, Cookie: jar }, JSON.stringify({ email: "nobody@guarded.test", password: "wrong-password" }));
      expect(api.status, jar).not.toBe(403);
    }
    const withSession = await post("/api/auth/login", { ...json, Cookie: `lng=en; ${cookie}` }, JSON.stringify({ email: "nobody@guarded.test", password: "wrong-password" }));
    expect(withSession.status).toBe(403);
  });

  it("refuses a cross-site POST carrying the session cookie on the API, logout, language and a form action", async () => {
    const origins: Record<string, string>[] = [{ "Sec-Fetch-Site": "cross-site" }, { "Sec-Fetch-Site": "same-site" }, { Origin: "http://evil.example" }, { Origin: "null" }, {}];
    for (const from of origins) {
      const api = await post("/api/vacations", { ...json, ...from, Cookie: cookie }, vacation);
      expect(api.status, JSON.stringify(from)).toBe(403);
      expect(await api.json()).toEqual({ detail: "This change came from another site, so it was not made. Open the app and do it there." });
      for (const [path, body] of [
        ["/logout", ""],
        ["/language", "lng=en&redirectTo=/"],
        ["/my-calendar", "startDate=2027-03-01&endDate=2027-03-02&categoryId=yearly_allowance"],
      ]) {
        const page = await post(path, { ...form, ...from, Cookie: cookie }, body);
        expect(page.status, `${path} ${JSON.stringify(from)}`).toBe(403);
        expect(page.headers.get("Content-Type")).toMatch(/^text\/html/);
        expect(await page.text()).toContain("<h1>Request refused</h1>");
      }
    }
    // The session survived every one of them, and a same-origin sign-out works.
    const own = cookiesFrom((await login.action(args(postForm("/login", { email: "gil@guarded.test", password: TEST_PASSWORD })))) as Response);
    const signedOut = await post("/logout", { ...form, "Sec-Fetch-Site": "same-origin", Cookie: own });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Set-Cookie")).toMatch(/__session=;/);
  });

  it("answers in the person's language", async () => {
    const page = await post("/logout", { ...form, "Accept-Language": "pt-PT", "Sec-Fetch-Site": "cross-site", Cookie: cookie });
    expect(await page.text()).toContain("Pedido recusado");
  });

  it("lets same-origin requests through, told by Sec-Fetch-Site or by Origin (the host's or APP_URL's)", async () => {
    const fresh = cookiesFrom((await login.action(args(postForm("/login", { email: "gil@guarded.test", password: TEST_PASSWORD })))) as Response);
    expect((await post("/language", { ...form, "Sec-Fetch-Site": "same-origin", Cookie: fresh }, "lng=en&redirectTo=/")).status).toBe(302);
    expect((await post("/language", { ...form, Origin: base, Cookie: fresh }, "lng=en&redirectTo=/")).status).toBe(302);
    expect((await post("/language", { ...form, Origin: "http://app.test", Cookie: fresh }, "lng=en&redirectTo=/")).status).toBe(302);
    const created = await post("/api/vacations", { ...json, Origin: base, Cookie: fresh }, vacation);
    expect(created.status, await created.clone().text()).toBe(201);
  });

  it("hands a state change it lets through addressed to its origin, so Remix's own check (Origin against Host) agrees", async () => {
    const fresh = cookiesFrom((await login.action(args(postForm("/login", { email: "gil@guarded.test", password: TEST_PASSWORD })))) as Response);
    const addressedTo = async (at: string, headers: Record<string, string>) => {
      const answer = await postWithHost(at, "/addressed", { ...form, Cookie: fresh, ...headers });
      return { status: answer.status, ...((answer.status === 200 ? JSON.parse(answer.body) : {}) as Record<string, string | null>) };
    };
    // APP_URL's page behind a proxy that rewrites Host: the request says where it came from.
    expect(await addressedTo(base, { Origin: "http://app.test", Host: "app:3000" })).toEqual({ status: 200, url: "http://app.test/addressed", host: "app.test", forwardedHost: null, origin: "http://app.test" });
    // A forwarded host from a sender TRUST_PROXY does not name counts for nothing, anywhere.
    expect(await addressedTo(base, { Origin: "http://public.example", "X-Forwarded-Host": "public.example" })).toEqual({ status: 403 });
    expect(await addressedTo(base, { Origin: base, "X-Forwarded-Host": "elsewhere.example" })).toMatchObject({ status: 200, host: new URL(base).host, forwardedHost: null });
    // From a trusted proxy it names the public host.
    expect(await addressedTo(proxiedBase, { Origin: "https://public.example", "X-Forwarded-Host": "public.example", "X-Forwarded-Proto": "https" })).toEqual({
      status: 200,
      url: "https://public.example/addressed",
      host: "public.example",
      forwardedHost: null,
      origin: "https://public.example",
    });
    // Accepted by Sec-Fetch-Site with an Origin that names no origin: Remix is not shown it.
    expect(await addressedTo(base, { "Sec-Fetch-Site": "same-origin", Origin: "null" })).toMatchObject({ status: 200, origin: null });
    expect(await addressedTo(proxiedBase, { Origin: "https://evil.example", "X-Forwarded-Host": "public.example", "X-Forwarded-Proto": "https" })).toEqual({ status: 403 });
  });

  it("leaves bearer-token calls and cookie-less clients alone", async () => {
    const created = await post("/api/vacations", { ...json, Origin: "http://evil.example", "Sec-Fetch-Site": "cross-site", Authorization: `Bearer ${token}` }, JSON.stringify({ start_date: "2027-04-05", end_date: "2027-04-06" }));
    expect(created.status).toBe(201);
    const loggedIn = await post("/api/auth/login", json, JSON.stringify({ email: "gil@guarded.test", password: TEST_PASSWORD }));
    expect(loggedIn.status).toBe(200);
  });
});

/**
 * A request over a raw socket: what the server answers, and how many body bytes the server had
 * taken (writes wait for the socket to drain) when the answer came.
 */
function rawRequest(head: string, body: (write: (chunk: Buffer) => Promise<boolean>) => Promise<void> | void) {
  return new Promise<{ status: number; text: string; sent: number }>((resolve, reject) => {
    const url = new URL(base);
    const socket = net.connect(Number(url.port), url.hostname);
    let sent = 0;
    let answer = "";
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      socket.destroy();
      if (answer.includes("\r\n\r\n")) resolve({ status: Number(answer.slice(9, 12)), text: answer, sent });
      else reject(new Error(`no answer after ${sent} bytes`));
    };
    socket.on("data", (data) => {
      answer += data.toString("latin1");
      // The whole (small) answer: headers and a body that ends the connection or has a length.
      if (answer.includes("\r\n\r\n")) setTimeout(finish, 20);
    });
    // The server may close while we still write (it answered already): the answer decides.
    socket.on("error", () => undefined);
    socket.on("close", finish);
    socket.write(head);
    void body(async (chunk) => {
      if (done || answer || socket.destroyed) return false;
      sent += chunk.length;
      if (!socket.write(chunk)) await new Promise((resolve) => socket.once("drain", resolve).once("close", resolve));
      return !done && !answer;
    });
  });
}

describe("body size", () => {
  const megabytes = (n: number) => n * 1024 * 1024;

  it("refuses a declared 64 MB body at once, without waiting for it", async () => {
    const started = Date.now();
    const answer = await rawRequest(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${megabytes(64)}\r\n\r\n`,
      () => undefined,
    );
    expect(answer.status).toBe(413);
    expect(answer.sent).toBe(0);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("refuses a 2 MB JSON body with {detail}, and a 2 MB form with a page", async () => {
    const big = "x".repeat(megabytes(2));
    const api = await post("/api/auth/login", json, JSON.stringify({ email: big, password: "x" }));
    expect(api.status).toBe(413);
    expect(await api.json()).toEqual({ detail: "What was sent is larger than this app accepts. Send less at a time (a smaller file, a shorter text)." });
    const page = await post("/login", form, `email=${big}`);
    expect(page.status).toBe(413);
    expect(await page.text()).toContain("Too much data");
  });

  it("stops reading a chunked body without a length once it passes the limit", async () => {
    const chunk = Buffer.alloc(64 * 1024, "a");
    const answer = await rawRequest(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
      async (write) => {
        // Up to 64 MB, unless the answer comes first.
        for (let i = 0; i < 1024; i++) {
          if (!(await write(Buffer.from(`${chunk.length.toString(16)}\r\n${chunk.toString("latin1")}\r\n`, "latin1")))) return;
        }
      },
    );
    expect(answer.status).toBe(413);
    expect(answer.text).toContain('"detail"');
    // The limit plus what was in flight in socket buffers: nowhere near 64 MB.
    expect(answer.sent).toBeLessThan(megabytes(8));
  });

  it("answers a POST whose body is empty, declared or chunked, instead of holding it", async () => {
    // The route finds no fields and says so; before, the request waited for a body end it had missed.
    const declared = await post("/login", form, "");
    expect(declared.status).toBe(400);
    const chunked = await rawRequest(`POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`, async (write) => {
      await write(Buffer.from("0\r\n\r\n", "latin1"));
    });
    expect(chunked.status).toBe(400);
  }, 10_000);

  it("hands the bounded body to the route whole", async () => {
    const fresh = cookiesFrom((await login.action(args(postForm("/login", { email: "gil@guarded.test", password: TEST_PASSWORD })))) as Response);
    const description = "é".repeat(400);
    const created = await post("/api/vacations", { ...json, "Sec-Fetch-Site": "same-origin", Cookie: fresh }, JSON.stringify({ start_date: "2027-05-03", end_date: "2027-05-04", description }));
    expect(created.status).toBe(201);
    expect(((await created.json()) as { description: string }).description).toBe(description);
    expect(BODY_LIMITS.json).toBeLessThan(megabytes(1));
  });
});

describe("malformed requests", () => {
  function send(method: string, path: string, headers: Record<string, string> = {}, body = "") {
    return new Promise<{ status: number; type: string; body: string; allow?: string }>((resolve, reject) => {
      const request = http.request(base + path, { method, headers: { "Accept-Language": "en", ...headers } }, (response) => {
        let text = "";
        response.on("data", (data) => (text += data));
        response.on("end", () => resolve({ status: response.statusCode!, type: String(response.headers["content-type"]), body: text, allow: response.headers.allow }));
      });
      request.on("error", reject);
      request.end(body);
    });
  }

  it("answers 405 to methods no route serves (TRACE cannot even become a fetch Request), naming an /api path's own in Allow", async () => {
    for (const method of ["TRACE", "PROPFIND", "MKCOL", "OPTIONS"]) {
      const api = await send(method, "/api/vacations", { Cookie: cookie });
      expect(api.status, method).toBe(405);
      expect(JSON.parse(api.body)).toEqual({ detail: "This address does not accept this kind of request." });
      expect(api.allow).toBe("GET, HEAD, POST");
      const page = await send(method, "/my-calendar");
      expect(page.status).toBe(405);
      expect(page.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE");
    }
    const wrongVerb = await send("PUT", "/api/vacations", { "Content-Type": "application/json", Authorization: `Bearer ${token}` }, vacation);
    expect(wrongVerb.status).toBe(405);
    // The route serves GET (its loader) and POST (its action): Allow names both, as the API document does.
    expect(wrongVerb.allow).toBe("GET, HEAD, POST");
  });

  it("answers 400, not 500, to a form action given a body that is no form", async () => {
    const signedIn = { Cookie: cookie, "Sec-Fetch-Site": "same-origin" };
    const bodies: [string, string][] = [
      ["multipart/form-data; boundary=xx", "garbage"],
      ["multipart/form-data", "--x\r\n"],
      ["application/json", '{"startDate":"2027-03-01"}'],
      ["text/plain", "hello"],
    ];
    for (const [type, body] of bodies) {
      const answer = await send("POST", "/my-calendar", { ...signedIn, "Content-Type": type }, body);
      expect(answer.status, type).toBe(400);
    }
    expect((await send("POST", "/login", { "Content-Type": "multipart/form-data; boundary=zz" }, "--zz\r\nbroken")).status).toBe(400);
  });

  it("answers 400 to Remix's old `?_data=` data requests, which the app's single-fetch client never sends", async () => {
    for (const query of ["_data=", "_data=routes%2Flogin", "q=1&_data=root"]) {
      const answer = await send("GET", `/login?${query}`);
      expect(answer.status, query).toBe(400);
    }
    // A parameter that merely contains the letters is an ordinary query.
    expect((await send("GET", "/login?q=_data")).status).toBe(200);
  });

  it("answers 400 to a path that is no percent-encoded UTF-8: {detail} on the API, a page elsewhere, no stack trace in production or development", async () => {
    for (const mode of ["production", "development"] as const) {
      const { server, base: modeBase } = await listen(false, mode);
      servers.push(server);
      for (const path of ["/api/users/%ff%fe", "/api/vacations/%E0%A4%A", "/people/%ff", "/50%off"]) {
        const answer = await fetch(modeBase + path, { headers: { "Accept-Language": "en" } });
        const text = await answer.text();
        expect(answer.status, `${mode} ${path}`).toBe(400);
        expect(text).not.toMatch(/URIError|node_modules|at \w/);
        if (path.startsWith("/api/")) expect(JSON.parse(text)).toEqual({ detail: "The data sent could not be read. Go back and try again." });
        else expect(text).toContain("<h1>Request not understood</h1>");
      }
    }
  });

  it("answers 400 to a Host header that is no host", async () => {
    const answer = await rawRequest("GET / HTTP/1.1\r\nHost: a b\r\n\r\n", () => undefined);
    expect(answer.status).toBe(400);
    // The URL Remix serves is built from the host: a host with a path, query or fragment would have
    // it serve another address than the one checked here.
    for (const host of ["a.com/people/%00?x=", "a.com#", "a.com?q=%00", "a.com:80/x"]) {
      expect((await getWithHost(base, "/", { Host: host })).status, host).toBe(400);
    }
    for (const host of ["localhost:3000", "app.example.com", "[::1]:3000", "my_app:3000"]) {
      expect((await getWithHost(base, "/", { Host: host })).status, host).not.toBe(400);
    }
  });
});

describe("client address for rate limits", () => {
  const failLogin = (target: string, i: number) =>
    fetch(target + "/api/auth/login", {
      method: "POST",
      headers: { ...json, "X-Forwarded-For": `10.9.${i >> 8}.${i & 255}`, "X-Client-IP": `10.8.0.${i & 255}` },
      body: JSON.stringify({ email: `nobody${i}@guarded.test`, password: "wrong" }),
    });

  it("is the socket's by default: a changing X-Forwarded-For (or X-Client-IP) does not escape the limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await failLogin(base, i)).status);
    expect(statuses.slice(0, BACKOFFS.loginPerAddress.freeFailures).every((status) => status === 401)).toBe(true);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(30);
  });

  it("follows X-Forwarded-For only from a proxy TRUST_PROXY names", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await failLogin(proxiedBase, i)).status);
    expect(statuses.every((status) => status === 401)).toBe(true);
  });
});
