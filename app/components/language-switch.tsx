import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SUPPORTED_LANGUAGES } from "~/i18n";

/**
 * A plain POST form, so switching works with JavaScript off; the server answers with a redirect
 * back. With JavaScript too it loads a new document: the browser holds only the page's language.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete("lng");
  const back = location.pathname + (params.size ? `?${params}` : "");
  return (
    <Form method="post" action="/language" reloadDocument className="language-switch" aria-label={t("language.label")}>
      <input type="hidden" name="redirectTo" value={back} />
      {SUPPORTED_LANGUAGES.map((language) => (
        <button
          key={language}
          type="submit"
          name="lng"
          value={language}
          className="language-switch__option"
          aria-pressed={i18n.language === language}
          title={t(`language.${language}`)}
          lang={language}
        >
          {language.toUpperCase()}
        </button>
      ))}
    </Form>
  );
}
