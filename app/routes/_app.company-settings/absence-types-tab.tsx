// The absence-types tab. To be built (issue 10).
import { useTranslation } from "react-i18next";

export function AbsenceTypesTab() {
  const { t } = useTranslation();
  return (
    <div className="empty-state">
      <p>{t("placeholder.body")}</p>
    </div>
  );
}
