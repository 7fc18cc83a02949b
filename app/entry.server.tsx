import { type AppLoadContext, type EntryContext, type HandleDataRequestFunction, type HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { NonceContext } from "~/components/nonce";
import { pageBytes } from "~/utils/html-stream.server";
import { createPageI18n, i18nServer } from "~/utils/i18n.server";

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

// Remix's entry.server template, its bot branch for every request: every loader has finished before
// rendering starts and no page suspends, so sending the shell first would gain nothing, and waiting
// for the whole page lets a render error still answer a 500 page rather than a cut one.
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const i18n = await createPageI18n(await i18nServer.getLocale(request), i18nServer.getRouteNamespaces(remixContext));
  const nonce = loadContext.cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Past single fetch's own timeout for the loader data, so its rejections reach the page first;
    // cleared once the page is whole, or each timer would keep its render's memory for seconds.
    const timer = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          clearTimeout(timer);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.set("Cache-Control", PAGE_CACHE_CONTROL);
          pageBytes(pipe).then((body) => resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode })), reject);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors in the shell are passed to onShellError; these are logged once there.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
