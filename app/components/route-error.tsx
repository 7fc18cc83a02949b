import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";

const PAGE_KEYS: Record<number, string> = {
  400: "badRequest",
  401: "unauthorized",
  403: "forbidden",
  404: "notFound",
  405: "methodNotAllowed",
  413: "tooLarge",
};

/** The errorPage.* texts for an HTTP status (shared with the root boundary). */
export function errorPageKey(status: number): string {
  return PAGE_KEYS[status] ?? "unexpected";
}

/** Error boundary of the pages inside the shell, so navigation stays usable after an error. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const key = errorPageKey(status);
  return (
    <section className="error-panel" role="alert">
      <p className="error-page__status">{status}</p>
      <h1>{t(`errorPage.${key}.title`)}</h1>
      <p>{t(`errorPage.${key}.body`)}</p>
    </section>
  );
}
