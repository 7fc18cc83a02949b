import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import LanguageDetector from "i18next-browser-languagedetector";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { applyPortugalPluralRules, i18nConfig, resources } from "~/i18n";

// The server already chose the language (query, cookie, profile, Accept-Language) and wrote it in
// <html lang>; the browser follows it so hydration matches, and caches it in local storage (spec).
i18next
  .use(initReactI18next)
  .use(LanguageDetector)
  .init({ ...i18nConfig, resources, detection: { order: ["htmlTag"], caches: ["localStorage"] } })
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
