import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { createInstance, type i18n as I18n } from "i18next";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { NonceContext } from "~/components/nonce";
import { applyPortugalPluralRules, i18nConfig, type Language } from "~/i18n";
import { resources } from "~/i18n-resources.server";
import { getLanguage } from "~/utils/i18n.server";

// server.ts reaches the app's server-side hooks through the build (build.entry.module.runtime).
export * as runtime from "./server-runtime.server";

export const streamTimeout = 5000;

// Requests the app refuses on purpose (a method a route does not serve, a path that does not exist)
// and Remix's warning about an old-style `?_data=` query are the client's business: logging each
// with a stack would let anyone fill the log. Faults are logged as Remix would, except for requests
// the client abandoned.
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if (error instanceof Error && error.message.startsWith("Warning: Single fetch-enabled apps should not be making ?_data requests")) return;
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  console.error(inner ?? error);
};

// One i18next instance per language, built once: creating and initialising one per request cost
// more than rendering a small page. A request never changes its instance's language.
const instances = new Map<Language, Promise<I18n>>();
function i18nFor(language: Language): Promise<I18n> {
  let instance = instances.get(language);
  if (!instance) {
    const created = createInstance();
    instance = created
      .use(initReactI18next)
      .init({ ...i18nConfig, lng: language, resources })
      .then(() => {
        applyPortugalPluralRules(created);
        return created;
      });
    instances.set(language, instance);
  }
  return instance;
}

// Pages and their data are rendered for one person (session, language, nonce) and never worth
// keeping: no shared cache may store them, and the browser must not show a signed-in page again
// from its cache (Back after signing out on a shared computer). Static files keep their caching
// (server.ts); /api routes set their own.
const PAGE_CACHE_CONTROL = "private, no-store";

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", PAGE_CACHE_CONTROL);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const i18n = await i18nFor(await getLanguage(request));
  const nonce = loadContext.cspNonce;
  // Crawlers get the whole document at once; people get the shell as soon as it is ready.
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Cleared when the body is done: a pending timer would keep every finished render (its
    // whole React tree and HTML) in memory for the full timeout.
    const abortTimer = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
        </I18nextProvider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          body.on("close", () => clearTimeout(abortTimer));
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.set("Cache-Control", PAGE_CACHE_CONTROL);
          resolve(
            new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are already handled by error boundaries; log the rest.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
