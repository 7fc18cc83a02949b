// A person's leave certificate and data export: plain links to the files (resource routes), so
// they download with or without JavaScript. Shown to the person and to company admins, who are
// the ones the routes answer (decision 0095).
import { useTranslation } from "react-i18next";

export function ExitExportLinks({ userId, heading: Heading = "h2" }: { userId: string; heading?: "h2" | "h3" }) {
  const { t } = useTranslation();
  const base = `/people/${encodeURIComponent(userId)}/export`;
  return (
    <section className="card exit-export" aria-labelledby="exit-export-heading" data-testid="exit-export">
      <Heading id="exit-export-heading" className="card__title">
        {t("exitExport.links.title")}
      </Heading>
      <p>{t("exitExport.links.intro")}</p>
      <ul className="exit-export__links">
        <li>
          <a href={`${base}/certificate.pdf`} download>
            {t("exitExport.links.certificate")}
          </a>
        </li>
        <li>
          <a href={`${base}/data.zip`} download>
            {t("exitExport.links.data")}
          </a>
        </li>
      </ul>
    </section>
  );
}
