import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { applyPortugalPluralRules, DEFAULT_LANGUAGE, i18nConfig, isLanguage } from "~/i18n";
import { loadDocumentMessages } from "~/lib/document-messages";
import { setTitleTranslator } from "~/lib/meta";

// The server already chose the language (query, cookie, profile, Accept-Language), wrote it in
// <html lang> and named its messages in the document; the browser follows it, so hydration matches,
// and keeps it in local storage (spec), under the key i18next's language detector uses.
const language = isLanguage(document.documentElement.lang) ? document.documentElement.lang : DEFAULT_LANGUAGE;
try {
  localStorage.setItem("i18nextLng", language);
} catch {
  // Storage may be off (private mode, policy): the server's choice still holds.
}

// Without its messages the page stays as the server rendered it, which works without JavaScript.
void loadDocumentMessages().then((messages) => messages && hydrate(messages));

async function hydrate(messages: Record<string, unknown>) {
  await i18next
    .use(initReactI18next)
    .init({ ...i18nConfig, lng: language, ns: getInitialNamespaces(), resources: { [language]: { common: messages } } });
  applyPortugalPluralRules(i18next);
  i18next.on("languageChanged", (changed) => {
    try {
      localStorage.setItem("i18nextLng", changed);
    } catch {
      // As above.
    }
  });
  setTitleTranslator((lng, key) => i18next.getFixedT(lng)(key));

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
}
