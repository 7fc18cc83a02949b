import { RemixBrowser } from "@remix-run/react";
import type { i18n as I18n } from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { DEFAULT_LANGUAGE, isLanguage, pluralLocale } from "~/i18n";
import { loadDocumentMessages } from "~/lib/document-messages";
import { createLiteI18n } from "~/lib/i18n-lite";
import { setTitleTranslator } from "~/lib/meta";

// The server already chose the language (query, cookie, profile, Accept-Language), wrote it in
// <html lang> and put its messages in the document; the browser follows it, so hydration matches,
// and keeps it in local storage (spec), under the key i18next's language detector uses.
const language = isLanguage(document.documentElement.lang) ? document.documentElement.lang : DEFAULT_LANGUAGE;
try {
  localStorage.setItem("i18nextLng", language);
} catch {
  // Storage may be off (private mode, policy): the server's choice still holds.
}

// Without its messages the page stays as the server rendered it, which works without JavaScript.
void loadDocumentMessages().then((messages) => messages && hydrate(messages));

function hydrate(messages: Record<string, unknown>) {
  const i18n = createLiteI18n(language, messages, pluralLocale);
  i18n.on("languageChanged", (changed) => {
    try {
      localStorage.setItem("i18nextLng", String(changed));
    } catch {
      // As above.
    }
  });
  setTitleTranslator((lng, key) => i18n.getFixedT(lng)(key));

  startTransition(() => {
    hydrateRoot(
      document,
      // react-i18next reads only the part of i18next's interface the lite translator has.
      <I18nextProvider i18n={i18n as unknown as I18n}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}
