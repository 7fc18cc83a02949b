import { useTranslation } from "react-i18next";

/** A screen whose content a later issue builds; it already has its title and place in the shell. */
export function PagePlaceholder({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="page__title">{t(titleKey)}</h1>
      <div className="empty-state">
        <p>{t("placeholder.body")}</p>
      </div>
    </>
  );
}
