// Destructive actions ask first, with and without JavaScript (server half:
// app/utils/confirmation.server.ts). With JavaScript a button opens a modal <dialog> (focus kept
// inside, Escape closes, focus returns to the button) and "Yes" posts its form with confirmed=1.
// Without JavaScript the same button posts without confirmed=1, the server answers with the
// question, and <ConfirmationStep> shows it with a "Yes" form and a "No" link.
import { Form, Link, useLocation, useSubmit } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "~/hooks/use-hydrated";

export interface Confirmation {
  title: string;
  question: string;
  /** "Yes, cancel request": says what happens. */
  confirm: string;
  /** "No, keep it". */
  cancel: string;
}

interface ConfirmSubmitButtonProps {
  confirmation: Confirmation;
  name: string;
  value: string;
  className?: string;
  disabled?: boolean;
  "aria-label"?: string;
  children: React.ReactNode;
}

/** A submit button of a form that asks before the form is sent with its name and value. */
export function ConfirmSubmitButton({ confirmation, name, value, className, disabled, children, ...rest }: ConfirmSubmitButtonProps) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const onClick = (event: React.MouseEvent<HTMLButtonElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    setOpen(true);
  };
  const onConfirm = () => {
    const form = button.current?.form;
    setOpen(false);
    if (!form) return;
    const formData = new FormData(form);
    formData.set(name, value);
    formData.set("confirmed", "1");
    submit(formData, { method: "post", action: form.getAttribute("action") ?? undefined, preventScrollReset: true });
  };
  return (
    <>
      <button ref={button} type="submit" name={name} value={value} className={className} disabled={disabled} aria-label={rest["aria-label"]} onClick={onClick} aria-haspopup={hydrated ? "dialog" : undefined}>
        {children}
      </button>
      {open ? <ConfirmDialog confirmation={confirmation} onConfirm={onConfirm} onClose={() => setOpen(false)} returnFocusTo={button} /> : null}
    </>
  );
}

interface ConfirmDialogProps {
  confirmation: Confirmation;
  onConfirm: () => void;
  onClose: () => void;
  returnFocusTo: React.RefObject<HTMLElement>;
}

function ConfirmDialog({ confirmation, onConfirm, onClose, returnFocusTo }: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const questionId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    const trigger = returnFocusTo.current;
    return () => {
      if (element.open) element.close();
      // Back to the button that opened it (when it still exists: a cancelled row may be gone).
      if (trigger?.isConnected) trigger.focus();
    };
  }, [returnFocusTo]);
  // A modal dialog makes the page inert; Tab still cycles through the browser's own controls, so
  // the two buttons hand focus to each other.
  const onKeyDown = (event: React.KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab") return;
    const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>("button")];
    const first = buttons[0];
    const last = buttons[buttons.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
  return (
    // Escape fires "cancel" then "close"; either way the parent forgets the dialog.
    <dialog ref={dialog} className="confirm-dialog" aria-labelledby={titleId} aria-describedby={questionId} onClose={onClose} onKeyDown={onKeyDown}>
      <h2 id={titleId} className="confirm-dialog__title">
        {confirmation.title}
      </h2>
      <p id={questionId}>{confirmation.question}</p>
      <div className="confirm-dialog__actions">
        {/* First, so the dialog opens with the focus on the harmless answer. */}
        <button type="button" className="button" onClick={onClose}>
          {confirmation.cancel}
        </button>
        <button type="button" className="button button--danger" onClick={onConfirm}>
          {confirmation.confirm}
        </button>
      </div>
    </dialog>
  );
}

/**
 * The server's question after an unconfirmed POST (JavaScript off): "Yes" posts the same fields
 * with confirmed=1 to the same address, "No" goes back to the page as it was.
 */
export function ConfirmationStep({ fields, confirmation }: { fields: Record<string, string>; confirmation: Confirmation }) {
  const location = useLocation();
  const titleId = useId();
  return (
    <section className="card confirm-step" role="alertdialog" aria-labelledby={titleId} data-testid="confirmation-step">
      <h2 id={titleId} className="card__title">
        {confirmation.title}
      </h2>
      <p>{confirmation.question}</p>
      <Form method="post" className="confirm-step__actions" preventScrollReset>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirmed" value="1" />
        <button type="submit" className="button button--danger">
          {confirmation.confirm}
        </button>
        <Link className="button" to={location.pathname + location.search} preventScrollReset>
          {confirmation.cancel}
        </Link>
      </Form>
    </section>
  );
}
