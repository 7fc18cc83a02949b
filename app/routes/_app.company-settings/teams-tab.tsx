// The teams tab. To be built (issue 10).
import { useTranslation } from "react-i18next";

export function TeamsTab() {
  const { t } = useTranslation();
  return (
    <div className="empty-state">
      <p>{t("placeholder.body")}</p>
    </div>
  );
}
