import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

export interface VacationDrawerProps {
  title: string;
  /** Where closing goes without JavaScript (the page without ?new=1). */
  closeHref: string;
  /** With JavaScript: close at once; return true when the link must still navigate (to drop ?new=1). */
  onClose: () => boolean;
  /** Opened by the person (not server-rendered open): move focus into the panel. */
  focusOnOpen: boolean;
  children: React.ReactNode;
}

/**
 * A side panel over the page. Without JavaScript it is simply part of the page (opened by
 * ?new=1, closed by a link); with JavaScript it takes focus, closes on Escape and gives focus back.
 */
export function VacationDrawer({ title, closeHref, onClose, focusOnOpen, children }: VacationDrawerProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const latest = useRef({ onClose, closeHref, navigate });
  useEffect(() => {
    latest.current = { onClose, closeHref, navigate };
  });

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (focusOnOpen) headingRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !event.defaultPrevented) {
        event.preventDefault();
        const { onClose: closeNow, closeHref: href, navigate: go } = latest.current;
        if (closeNow()) go(href, { replace: true, preventScrollReset: true });
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      if (previous && previous !== document.body && previous.isConnected) previous.focus();
    };
    // Only on opening: focus must not jump back to the heading while the person fills the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const close = (event: React.MouseEvent) => {
    if (!onClose()) event.preventDefault();
  };

  return (
    <>
      <Link to={closeHref} className="drawer-backdrop" aria-hidden="true" tabIndex={-1} onClick={close} preventScrollReset replace />
      <aside className="drawer" role="dialog" aria-modal="false" aria-labelledby="absence-drawer-title" data-testid="vacation-drawer">
        <header className="drawer__header">
          <h2 id="absence-drawer-title" ref={headingRef} tabIndex={-1}>
            {title}
          </h2>
          <Link to={closeHref} className="button button--ghost drawer__close" onClick={close} preventScrollReset replace>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">{t("absences.form.close")}</span>
          </Link>
        </header>
        <div className="drawer__body">{children}</div>
      </aside>
    </>
  );
}
