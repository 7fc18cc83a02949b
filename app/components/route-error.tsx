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

/** The errorPage.* texts for an HTTP status: its own, else the general one of its class. */
export function errorPageKey(status: number): string {
  return PAGE_KEYS[status] ?? (status >= 400 && status < 500 ? "refused" : "unexpected");
}

/**
 * The one rendering of an error, for the root boundary and the pages' boundary: its status, a
 * title for that status, and the model's own message when there is one (a loader's AppError, see
 * app/utils/form-errors.server.ts), else the status's general explanation.
 */
export function useErrorContent() {
  const error = useRouteError();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const key = errorPageKey(status);
  const detail = isRouteErrorResponse(error) ? (error.data as { message?: unknown; params?: Record<string, string> } | null) : null;
  const message = typeof detail?.message === "string" ? t(detail.message, detail.params ?? {}) : t(`errorPage.${key}.body`);
  if (!isRouteErrorResponse(error)) console.error(error);
  return { status, title: t(`errorPage.${key}.title`), message };
}

/** Error boundary of the pages inside the shell, so navigation stays usable after an error. */
export function RouteErrorBoundary() {
  const { status, title, message } = useErrorContent();
  return (
    <section className="error-panel" role="alert">
      <p className="error-page__status">{status}</p>
      <h1>{title}</h1>
      <p>{message}</p>
    </section>
  );
}
