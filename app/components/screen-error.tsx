// Kept apart from route-error.tsx (which every page loads) so only the screens that use it carry it.
import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorNextStep, useErrorContent } from "./route-error";

/**
 * The boundary of a screen whose spec names its load failures ('Falha ao carregar relatórios',
 * 'Erro {status} ao carregar relatórios'): the same panel, with that line before the reason, and
 * for a 401 the spec's text with a link to sign in again that comes back here.
 */
export function ScreenErrorBoundary({ failedKey }: { failedKey: (status: number) => string }) {
  const { status, title, message } = useErrorContent();
  const { t } = useTranslation();
  const location = useLocation();
  const login = `/login?${new URLSearchParams({ redirectTo: location.pathname + location.search })}`;
  return (
    <section className="error-panel" role="alert">
      <p className="error-page__status">{status}</p>
      <h1>{title}</h1>
      {status === 401 ? (
        <p>
          {t("auth.notAuthenticated")} <a href={login}>{t("export.signInAgain")}</a>
        </p>
      ) : (
        <>
          <p>{t(failedKey(status), { status })}</p>
          <p>{message}</p>
          <ErrorNextStep status={status} />
        </>
      )}
    </section>
  );
}
