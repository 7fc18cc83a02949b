import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { applyPortugalPluralRules, DEFAULT_LANGUAGE, i18nConfig, isLanguage } from "~/i18n";
import { readDocumentMessages } from "~/lib/document-messages";

// The server already chose the language (query, cookie, profile, Accept-Language), wrote it in
// <html lang> and put its messages in the document; the browser follows it, so hydration matches,
// and keeps it in local storage (spec), under the key i18next's language detector uses.
const language = isLanguage(document.documentElement.lang) ? document.documentElement.lang : DEFAULT_LANGUAGE;
try {
  localStorage.setItem("i18nextLng", language);
} catch {
  // Storage may be off (private mode, policy): the server's choice still holds.
}

i18next
  .use(initReactI18next)
  .init({ ...i18nConfig, lng: language, resources: { [language]: { common: readDocumentMessages() } } })
  .then(() => {
    applyPortugalPluralRules(i18next);
    startTransition(() => {
      hydrateRoot(
        document,
        <I18nextProvider i18n={i18next}>
          <StrictMode>
            <RemixBrowser />
          </StrictMode>
        </I18nextProvider>,
      );
    });
  });
