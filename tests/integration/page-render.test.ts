// A page as the built server sends it: the doctype, the rendered screen, and the loader data the
// browser hydrates from, to the stream's end (without it the page never becomes interactive); a
// screen's error with its status; the request guards and Remix's own CSRF check agreeing on a
// form post, and a path that cannot be decoded.
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuiltApp } from "../support/built-app";
import { answers, freePort, waitFor } from "../support/built-server";
import { createCompany, createTeam, createUser, TEST_PASSWORD } from "../support/factories";

describe("a page rendered by the built server", () => {
  let child: ChildProcess;
  let base = "";
  const output: string[] = [];
  let cookie = "";

  beforeAll(async () => {
    ensureBuiltApp();
    const company = await createCompany("Rendered Ltd");
    const team = await createTeam(company.id, "Render team");
    await createUser(company.id, { email: "render@rendered.test", fullName: "Rita Render", teamId: team.id, preferredLanguage: "en" });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ["build/server.js"], {
      stdio: ["ignore", "pipe", "pipe"],
      // As the build was made (by ensureBuiltApp, under vitest's NODE_ENV=test), on this file's database.
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "test", SESSION_SECRET: "page-render-secret-0123456789-abcdefghij", APP_URL: base, SEED_DEMO: "never", LOG_REQUESTS: "false" },
    });
    child.stdout!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    expect(await waitFor(() => answers(port), 60_000), output.join("")).toBe(true);
    const login = await fetch(`${base}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
      body: new URLSearchParams({ email: "render@rendered.test", password: TEST_PASSWORD }),
    });
    expect(login.status, output.join("")).toBe(302);
    cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
  }, 240_000);

  afterAll(async () => {
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 10_000).unref();
    });
  });

  it("sends the doctype, the screen and its loader data to the stream's end", async () => {
    const response = await fetch(`${base}/my-calendar`, { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await response.text();
    expect(html.startsWith("<!DOCTYPE html><html lang=\"en\"")).toBe(true);
    expect(html).toContain('data-testid="year-summary"');
    // The loader data, in the scripts that feed the browser's copy of the stream, then its end.
    const enqueued = [...html.matchAll(/streamController\.enqueue\((".*?")\);<\/script>/g)].map((match) => JSON.parse(match[1]) as string).join("");
    expect(enqueued).toContain("Rita Render");
    expect(html).toMatch(/streamController\.close\(\);<\/script>(<!--\/\$-->)*$/);
  });

  /** Over node:http: fetch sends its own Host header, never the caller's. */
  function send(method: string, path: string, headers: Record<string, string>, body = "") {
    return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      const request = http.request(base + path, { method, headers: { "Accept-Language": "en", ...headers } }, (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode!, type: String(response.headers["content-type"]), body: text }));
      });
      request.on("error", reject);
      request.end(body);
    });
  }

  it("takes a sign-in posted from APP_URL's page through a proxy that rewrites Host, and refuses one from another site with the app's page", async () => {
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    const body = new URLSearchParams({ email: "render@rendered.test", password: TEST_PASSWORD }).toString();
    // Remix's own check compared the Origin with Host (or any X-Forwarded-Host) and threw: an empty 500.
    const behindProxies: Record<string, string>[] = [{ Host: "app-internal:3000" }, { "X-Forwarded-Host": "elsewhere.example" }, { Host: "app-internal:3000", "Sec-Fetch-Site": "same-origin" }];
    for (const headers of behindProxies) {
      const page = await send("POST", "/login", { ...form, Origin: base, ...headers }, body);
      expect(page.status, `${JSON.stringify(headers)}: ${page.body}`).toBe(302);
      const data = await send("POST", "/login.data", { ...form, Origin: base, ...headers }, body);
      expect(data.status, `${JSON.stringify(headers)} .data`).toBe(202);
    }
    const crossSite: Record<string, string>[] = [{ Origin: "https://evil.example" }, { Origin: "https://evil.example", Host: "app-internal:3000", "X-Forwarded-Host": "evil.example" }];
    for (const headers of crossSite) {
      const refused = await send("POST", "/login", { ...form, ...headers }, body);
      expect(refused.status, JSON.stringify(headers)).toBe(403);
      expect(refused.body).toContain("<h1>Request refused</h1>");
    }
  });

  it("answers 400 to a path that is no percent-encoded UTF-8, {detail} on the API, without a stack trace", async () => {
    const api = await send("GET", "/api/users/%ff%fe", { Cookie: cookie });
    expect(api.status).toBe(400);
    expect(JSON.parse(api.body)).toEqual({ detail: "The data sent could not be read. Go back and try again." });
    const page = await send("GET", "/people/%ff", { Cookie: cookie });
    expect(page.status).toBe(400);
    expect(page.type).toMatch(/^text\/html/);
    for (const text of [api.body, page.body]) expect(text).not.toMatch(/URIError|node_modules|at \w/);
  });

  it("renders a screen's error with its status (a person who does not exist)", async () => {
    const response = await fetch(`${base}/people/no-such-person`, { headers: { Cookie: cookie } });
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(html).toContain("streamController.close();");
  });
});
