import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import type { i18n as I18n } from "i18next";
import { renderToStringSegments } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { NonceContext } from "~/components/nonce";
import { pluralLocale, type Language } from "~/i18n";
import { createLiteI18n } from "~/lib/i18n-lite";
import { resources } from "~/i18n-resources.server";
import { getLanguage } from "~/utils/i18n.server";
import { pageBytes, readLoaderDataAhead } from "~/utils/render-page.server";

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

// Pages render with the browser's own translator (app/lib/i18n-lite.ts), one per language, built
// once: the text is the same as i18next's (tests/unit/i18n-lite.test.ts checks every message of
// every language), hydration meets the same code on both sides, and a page's few hundred lookups
// cost a fraction of i18next's (about 5 % of a page's CPU before). i18next stays for e-mails.
const translators = new Map<Language, I18n>();
function i18nFor(language: Language): I18n {
  let translator = translators.get(language);
  if (!translator) {
    // react-i18next reads only the part of i18next's interface the lite translator has.
    translator = createLiteI18n(language, resources[language].common, pluralLocale) as unknown as I18n;
    translators.set(language, translator);
  }
  return translator;
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
  const i18n = i18nFor(await getLanguage(request));
  const nonce = loadContext.cspNonce;

  // The page is rendered by React's string renderer and sent whole (decisions 0039 and 0044). Every
  // loader has finished before rendering starts; what streaming could send later is only the loader
  // data's scripts, and React's streaming renderer encodes each of a page's thousands of small
  // pieces into bytes on its own (~13 % of My Calendar's CPU) where the string renderer joins them
  // into a few segments.
  await readLoaderDataAhead(remixContext, streamTimeout + 1000);
  const segments = renderToStringSegments(
    <NonceContext.Provider value={nonce}>
      <I18nextProvider i18n={i18n}>
        <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
      </I18nextProvider>
    </NonceContext.Provider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Cache-Control", PAGE_CACHE_CONTROL);
  // The streaming renderer wrote the doctype itself on meeting <html>; the string renderer does not.
  return new Response(pageBytes(["<!DOCTYPE html>", ...segments]), { headers: responseHeaders, status: responseStatusCode });
}
