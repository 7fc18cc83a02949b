import type { LinksFunction, MetaFunction } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNonce } from "~/components/nonce";
import { ErrorNextStep, useErrorContent } from "~/components/route-error";
import { DEFAULT_LANGUAGE, isLanguage } from "~/i18n";
import { MESSAGES_ELEMENT_ID } from "~/lib/document-messages";
import styles from "~/styles/base.css";
import { loader } from "./root.server";

export { loader };

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [{ title: "Folga" }];

// remix-i18next's namespaces for a page: every message lives in "common".
export const handle = { i18n: "common" };

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const { i18n } = useTranslation();
  const language = rootData?.language ?? (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);
  const nonce = useNonce();
  // The public landing page and the API's page are plain HTML and CSS: no scripts, no messages for
  // them, nothing to download but the page (the root loader decides by its address).
  const scripts = rootData?.scripts ?? true;
  const messages = rootData?.messages ?? null;
  return (
    <html lang={language} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {/* i18next's messages, which entry.client fetches before hydrating: prefetched at low priority meanwhile, after the page's own requests (document-messages.ts). */}
        {scripts && messages ? <link id={MESSAGES_ELEMENT_ID} rel="prefetch" as="fetch" crossOrigin="anonymous" href={messages} /> : null}
        <Links />
      </head>
      <body>
        {children}
        {scripts ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  const rootData = useRouteLoaderData<typeof loader>("root");
  useLanguageFromServer(rootData?.language ?? DEFAULT_LANGUAGE, rootData?.messages ?? null);
  // Lets end-to-end tests (and monitoring) tell when the page has become interactive.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

/**
 * Follows the language the server chose when it changes without a new document (the profile's
 * language after signing in): the browser holds only its first page's messages, so it fetches
 * the new language's before switching.
 */
function useLanguageFromServer(language: string, messagesUrl: string | null) {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (i18n.language === language) return;
    let current = true;
    const load = i18n.hasResourceBundle(language, "common")
      ? Promise.resolve()
      : fetch(messagesUrl ?? `/locales/${language}`)
          .then((response) => response.json() as Promise<Record<string, unknown>>)
          .then((messages) => void i18n.addResourceBundle(language, "common", messages));
    load
      .then(async () => {
        if (current) await i18n.changeLanguage(language);
      })
      .catch(() => window.location.reload());
    return () => {
      current = false;
    };
  }, [language, messagesUrl, i18n]);
}

export function ErrorBoundary() {
  const { status, title, message } = useErrorContent();
  const { t } = useTranslation();
  return (
    <main className="error-page">
      <p className="error-page__status">{status}</p>
      <h1>{title}</h1>
      <p>{message}</p>
      <ErrorNextStep status={status} />
      <a className="button" href="/">
        {t("errorPage.home")}
      </a>
    </main>
  );
}
