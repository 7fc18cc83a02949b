import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** Error boundary of the pages inside the shell, so navigation stays usable after an error. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const key = status === 404 ? "notFound" : status === 403 ? "forbidden" : status === 401 ? "unauthorized" : "unexpected";
  return (
    <section className="error-panel" role="alert">
      <p className="error-page__status">{status}</p>
      <h1>{t(`errorPage.${key}.title`)}</h1>
      <p>{t(`errorPage.${key}.body`)}</p>
    </section>
  );
}
