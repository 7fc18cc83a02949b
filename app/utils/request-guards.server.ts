// Checks every request passes before any route runs (server.ts installs them in front of the Remix
// handler): the client's address for rate limits, the HTTP method, where a state change comes from
// (CSRF), and how big its body may be. Reasons and numbers: docs/decisions/0012-input-limits.md.
import type express from "express";
import { apiMethodsOf } from "~/lib/openapi/allow.server";
import { getLanguage, getT } from "./i18n.server";
import { urlHasControlCharacter } from "./request-input.server";
import { SESSION_COOKIE } from "./session.server";

/** Largest body per kind, in bytes. */
export const BODY_LIMITS = {
  json: 100 * 1024,
  form: 100 * 1024,
  multipart: 5 * 1024 * 1024,
  other: 16 * 1024,
} as const;

// The API's user calls carry a profile picture as a data URL inside JSON (spec section 7: invite,
// PATCH /api/users/{id}); the schema lets the picture be up to 2,000,000 characters.
const PICTURE_JSON_PATH = /^\/api\/users\/[^/]+\/?$/;
const PICTURE_JSON_LIMIT = 3 * 1024 * 1024;
// Stripe's webhook events carry whole objects (an invoice with its lines): Stripe's own limit on
// what it sends is far above ours, so its endpoint reads more than other JSON.
const WEBHOOK_PATH = "/api/billing/webhook";
const WEBHOOK_JSON_LIMIT = 1024 * 1024;
// A certificate upload (decision 0092) is a file of up to 5 MB plus the form's own bytes; the
// route itself refuses a file over 5 MB with its own message.
const CERTIFICATE_UPLOAD_PATH = /^\/vacations\/[^/]+\/certificate\/?$/;
const CERTIFICATE_UPLOAD_LIMIT = 5 * 1024 * 1024 + 64 * 1024;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
// What the routes answer. Anything else (OPTIONS, TRACE, CONNECT, WebDAV verbs…) stops here: the
// fetch Request Remix builds cannot even carry TRACE or CONNECT, and Remix's router answers
// OPTIONS with a 405 of its own, without Allow (no route serves it: CORS is never granted).
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);

type Refusal = "badRequest" | "controlCharacter" | "crossSite" | "methodNotAllowed" | "tooLarge" | "unexpected";
const STATUS: Record<Refusal, number> = { badRequest: 400, controlCharacter: 400, crossSite: 403, methodNotAllowed: 405, tooLarge: 413, unexpected: 500 };

export interface RequestGuardOptions {
  /** The app's public address (APP_URL): its origin is always this app's own. */
  appUrl: string;
}

/** The one middleware: client address, method, origin of state changes, body size. */
export function requestGuards({ appUrl }: RequestGuardOptions): express.RequestHandler {
  const appOrigin = new URL(appUrl).origin;
  return (req, res, next) => {
    // The address rate limits count by: the socket's, or what `trust proxy` (TRUST_PROXY) lets
    // Express take from X-Forwarded-For. Whatever a client sent in this header is overwritten.
    req.headers["x-client-ip"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    const host = req.headers.host;
    if (!host || !isValidHost(host)) return void refuse(req, res, "badRequest");
    if (!KNOWN_METHODS.has(req.method)) {
      // An /api path names its own methods, as its routes' 405s do (http.server.ts).
      const api = req.path === "/api" || req.path.startsWith("/api/") ? apiMethodsOf(req.path) : null;
      res.setHeader("Allow", (api ?? [...KNOWN_METHODS]).join(", "));
      return void refuse(req, res, "methodNotAllowed");
    }
    // A path that is no percent-encoding of UTF-8 (`/api/users/%ff%fe`) names nothing here; Express
    // would fail to decode it for the route and answer its own error page.
    if (isLegacyDataRequest(req.originalUrl) || !isDecodablePath(req.path)) return void refuse(req, res, "badRequest");
    // A NUL in a path parameter or a query value, for pages as for the API (request-input.server.ts).
    if (urlHasControlCharacter(req.originalUrl)) return void refuse(req, res, "controlCharacter");
    const forwardedHost = trustedForwardedHost(req);
    // A forwarded host that `trust proxy` (TRUST_PROXY) does not let Express read is nobody's word:
    // Remix would still read it (its CSRF check, the port of the URL it builds).
    if (!forwardedHost) delete req.headers["x-forwarded-host"];
    // Remix reads no body of a GET or HEAD.
    if (req.method === "GET" || req.method === "HEAD") return next();
    if (!SAFE_METHODS.has(req.method)) {
      const ownOrigins = [appOrigin, `${req.protocol}://${host}`];
      if (forwardedHost) ownOrigins.push(`${req.protocol}://${forwardedHost}`);
      if (isCrossSite(req, ownOrigins)) return void refuse(req, res, "crossSite");
      addressToOrigin(req);
    }
    const limit = bodyLimit(req);
    const declared = req.headers["content-length"];
    if (declared !== undefined && Number(declared) > limit) return void refuse(req, res, "tooLarge");
    readBody(req, limit, (outcome) => {
      if (outcome === "fits") return next();
      if (outcome === "tooLarge") return void refuse(req, res, "tooLarge");
      // The client went away or sent a broken stream: nobody is left to answer, or it gets a 400.
      if (!res.headersSent && !res.destroyed) void refuse(req, res, "badRequest");
    });
  };
}

/**
 * The last handler (server.ts installs it after the Remix handler): an error Express or the Remix
 * handler passes on is answered like a refusal, `{detail}` for /api and a small page for the rest,
 * never with Express's own page, which shows the stack trace outside production. A client's
 * mistake (an error with a 4xx status, as Express gives a path it cannot decode) is a 400; anything
 * else is logged and answered 500.
 */
export function errorAnswers(): express.ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    // Part of an answer went out: Express's own handler ends the connection.
    if (res.headersSent) return next(error);
    const status = (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
    const clientError = typeof status === "number" && status >= 400 && status < 500;
    if (!clientError) console.error(error);
    void refuse(req, res, clientError ? "badRequest" : "unexpected");
  };
}

/**
 * A `_data` query parameter: Remix's data requests before single fetch. This app's client asks
 * for `<path>.data` instead, yet Remix still hands `?_data=` to its old handler, which answers a
 * loader's plain `null` with a 500. Nobody but a hand-made URL sends it.
 */
function isLegacyDataRequest(url: string): boolean {
  const query = url.indexOf("?");
  return query !== -1 && url.includes("_data", query) && new URLSearchParams(url.slice(query + 1)).has("_data");
}

function isDecodablePath(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * The first X-Forwarded-Host, when Express takes the request's host from it: `req.hostname` reads
 * that header only from a proxy `trust proxy` trusts (Express's documented rule), the Host header
 * otherwise.
 */
function trustedForwardedHost(req: express.Request): string | undefined {
  const forwarded = req.get("x-forwarded-host")?.split(",")[0].trim();
  if (!forwarded || !isValidHost(forwarded)) return undefined;
  return new URL(`http://${forwarded}`).hostname === (req.hostname ?? "").toLowerCase() ? forwarded : undefined;
}

/**
 * A state change this guard let through reaches Remix addressed to the origin it came from.
 * Remix runs a CSRF check of its own on page and data posts: the Origin's host must equal
 * X-Forwarded-Host or Host, or it throws and the page is an empty 500. Behind a proxy that rewrites
 * Host (`proxy_set_header Host app:3000`) a post from APP_URL's own page failed it. The guard is
 * the one decision (it also covers /api and Sec-Fetch-Site); here Remix's check is made to agree
 * with it. An Origin that names no origin ("null", from a request the guard accepted by its bearer
 * token or Sec-Fetch-Site) is left out of what Remix sees. See docs/decisions/0071.
 */
function addressToOrigin(req: express.Request) {
  const origin = req.headers.origin;
  if (origin === undefined) return;
  let host = "";
  try {
    host = new URL(origin).host;
  } catch {
    // "null" or no URL at all.
  }
  if (!host) {
    delete req.headers.origin;
    return;
  }
  req.headers.host = host;
  delete req.headers["x-forwarded-host"];
}

// A host name or an IP address, and a port: nothing else. `@remix-run/express` builds the URL Remix
// serves from the host, so a Host such as `a.com/vacations?q=%00#` would have Remix serve a path
// these guards never checked.
const HOST = /^(?:[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

function isValidHost(host: string): boolean {
  return HOST.test(host);
}

/**
 * Whether a state change comes from another site. Calls with a bearer token carry no ambient
 * credential (a page on another site cannot add the header without a CORS preflight, which this
 * app never grants), so only the cookie-carrying kind is checked: browsers say where a request
 * comes from in Sec-Fetch-Site, older ones in Origin. A cookie with neither is refused too; a
 * request with no cookie and neither header is a script or CLI (curl to POST /api/auth/login).
 */
function isCrossSite(req: express.Request, ownOrigins: string[]): boolean {
  if (/^bearer\s/i.test(req.headers.authorization ?? "")) return false;
  const site = req.headers["sec-fetch-site"];
  if (site) return site !== "same-origin" && site !== "none";
  const origin = req.headers.origin;
  if (origin) return !ownOrigins.includes(origin);
  return carriesSession(req.headers.cookie);
}

/**
 * Whether a request without Origin carries the one cookie that acts for someone: the session. The
 * language and the known-device cookies (decision 0070) change nothing on their own, and an API
 * client that keeps cookies holds them after its sign-in.
 */
function carriesSession(cookie: string | undefined): boolean {
  return (cookie ?? "").split(";").some((pair) => pair.trim().startsWith(`${SESSION_COOKIE}=`));
}

function bodyLimit(req: express.Request): number {
  const type = (req.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
  if (type === "application/json" || type.endsWith("+json")) {
    if (req.path === WEBHOOK_PATH) return WEBHOOK_JSON_LIMIT;
    return PICTURE_JSON_PATH.test(req.path) ? PICTURE_JSON_LIMIT : BODY_LIMITS.json;
  }
  if (type === "application/x-www-form-urlencoded") return BODY_LIMITS.form;
  if (type === "multipart/form-data") return CERTIFICATE_UPLOAD_PATH.test(req.path) ? CERTIFICATE_UPLOAD_LIMIT : BODY_LIMITS.multipart;
  return BODY_LIMITS.other;
}

/**
 * Reads the whole body to check its size (chunked bodies declare no length), stopping as soon as it
 * passes the limit. A body that fits is put back in front of the request's stream, unread, before
 * the stream ends: the Remix handler (@remix-run/express) reads the body from the request itself.
 *
 * `done` is called synchronously from the stream's event, not through a promise: the stream emits
 * its 'end' on the next tick after its last read, and the handler must be listening by then. An
 * empty body leaves nothing to put back that would hold 'end' off (a POST with no body hung until
 * its 20 s timeout before).
 */
function readBody(req: express.Request, limit: number, done: (outcome: "fits" | "tooLarge" | "broken") => void): void {
  // Nothing was sent: the stream is left as it is, for the handler to find it empty and ended.
  if (req.complete && req.readableLength === 0) return done("fits");
  const chunks: Buffer[] = [];
  let size = 0;
  const detach = () => {
    req.off("readable", onReadable);
    req.off("error", onBroken);
    req.off("close", onBroken);
  };
  const onReadable = () => {
    let chunk: Buffer | null;
    while ((chunk = req.read() as Buffer | null) !== null) {
      size += chunk.length;
      if (size > limit) {
        detach();
        chunks.length = 0;
        return done("tooLarge");
      }
      chunks.push(chunk);
    }
    // All of it received and read; 'end' is not emitted while data is back in the buffer.
    if (req.complete) {
      detach();
      if (size > 0) req.unshift(Buffer.concat(chunks, size));
      done("fits");
    }
  };
  // A stream error, or the request closed before its body ended.
  const onBroken = () => {
    detach();
    done("broken");
  };
  req.on("readable", onReadable);
  req.on("error", onBroken);
  req.on("close", onBroken);
}

// How much of a refused body is read (and dropped) so the client, still sending, gets the answer:
// closing the connection on it makes the client see a reset instead (Node destroys a socket
// that is closed with unread data). Past this, the connection is cut.
const DISCARD_LIMIT = 64 * 1024 * 1024;

/** Reads the rest of a refused body without keeping it; cuts the connection past DISCARD_LIMIT. */
function discardBody(req: express.Request) {
  if (req.complete) return;
  let discarded = 0;
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_LIMIT) req.socket.destroy();
  });
  req.resume();
}

/** A short answer in the person's language: `{detail}` for /api, a small page for the rest. */
async function refuse(req: express.Request, res: express.Response, refusal: Refusal) {
  const status = STATUS[refusal];
  discardBody(req);
  res.setHeader("Cache-Control", "no-store");
  let language: Awaited<ReturnType<typeof getLanguage>> = "pt";
  try {
    language = await getLanguage(languageRequest(req));
  } catch {
    // A header too odd to read a language from: the default language.
  }
  const t = getT(language);
  const title = t(`errorPage.${refusal}.title`);
  const body = t(`errorPage.${refusal}.body`);
  if (res.headersSent || res.destroyed) return;
  if (req.path === "/api" || req.path.startsWith("/api/")) {
    res.status(status).json({ detail: body });
    return;
  }
  res
    .status(status)
    .type("html")
    .send(
      `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
        `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p><p><a href="/">${escapeHtml(t("errorPage.home"))}</a></p></main></body></html>`,
    );
}

/** Only what language detection reads (?lng=, the cookie, Accept-Language). */
function languageRequest(req: express.Request): Request {
  const headers = new Headers();
  for (const name of ["cookie", "accept-language"]) {
    const value = req.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  let query = "";
  const mark = req.originalUrl.indexOf("?");
  if (mark >= 0) query = req.originalUrl.slice(mark);
  return new Request(`http://localhost/${query}`, { headers });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
