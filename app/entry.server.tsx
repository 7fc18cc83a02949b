import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
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
