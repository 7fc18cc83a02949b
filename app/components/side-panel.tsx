// A panel at the side of the page (a sheet from the bottom on phones) that does not block it.
// With JavaScript: focus moves in when it opens and back to what opened it when it closes; Escape
// or a press outside closes it. Without JavaScript it is part of the page, closed by a link.
import { Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

interface SidePanelProps {
  labelledBy: string;
  /** With JavaScript: closes it. */
  onClose?: () => void;
  /** Without JavaScript: the address of the page without the panel. */
  closeHref: string;
  /** The element that opened it, to give focus back to. */
  returnFocusTo?: HTMLElement | null;
  testId?: string;
  children: React.ReactNode;
}

export function SidePanel({ labelledBy, onClose, closeHref, returnFocusTo, testId, children }: SidePanelProps) {
  const { t } = useTranslation();
  const panel = useRef<HTMLElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!onCloseRef.current) return;
    const element = panel.current;
    element?.focus();
    const close = () => onCloseRef.current?.();
    const onKey = (event: KeyboardEvent) => {
      // A dialog opened from inside the panel (a confirmation) handles its own Escape.
      if (event.key === "Escape" && !document.querySelector("dialog[open]")) close();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (!target || element?.contains(target) || (target instanceof Element && target.closest("dialog"))) return;
      // The press that opens another panel (a bar, a name) replaces this one rather than closing it.
      if (target instanceof Element && target.closest("[aria-haspopup='dialog']")) return;
      close();
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
      if (returnFocusTo?.isConnected) returnFocusTo.focus();
    };
  }, [returnFocusTo]);

  return (
    <aside ref={panel} className="side-panel" role="dialog" aria-modal="false" aria-labelledby={labelledBy} tabIndex={-1} data-testid={testId}>
      {onClose ? (
        <button type="button" className="side-panel__close button button--small" onClick={onClose} aria-label={t("companyCalendar.close")}>
          <span aria-hidden="true">×</span>
        </button>
      ) : (
        <Link className="side-panel__close button button--small" to={closeHref} preventScrollReset aria-label={t("companyCalendar.close")}>
          <span aria-hidden="true">×</span>
        </Link>
      )}
      {children}
    </aside>
  );
}
