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

/**
 * A 403 is not a dead end: what the person can do about it, and the way to their own calendar,
 * which everyone signed in may open. A plain link: it works whatever state the page is in.
 */
export function ErrorNextStep({ status }: { status: number }) {
  const { t } = useTranslation();
  if (status !== 403) return null;
  return (
    <p data-testid="error-next-step">
      {t("errorPage.forbidden.next")} <a href="/my-calendar">{t("errorPage.forbidden.toCalendar")}</a>
    </p>
  );
}

/**
 * Error boundary of the pages inside the shell, so navigation stays usable after an error. A page
 * may name its own headline for a failure to load (spec: 'Falha a carregar calendário').
 */
export function RouteErrorBoundary({ loadFailedKey }: { loadFailedKey?: string } = {}) {
  const { status, title, message } = useErrorContent();
  const { t } = useTranslation();
  return (
    <section className="error-panel" role="alert">
      <p className="error-page__status">{status}</p>
      <h1>{loadFailedKey && status >= 500 ? t(loadFailedKey) : title}</h1>
      <p>{message}</p>
      <ErrorNextStep status={status} />
    </section>
  );
}
