import { useEffect } from "react";

/**
 * Makes a Conform form adopt what the person typed or picked before JavaScript took over. Conform
 * keeps its own copy of the values and refreshes it on `input` events; changes made while the
 * server-rendered form was waiting for its code sent theirs to nobody, so a control that depends
 * on a value (the vacation form's submit, enabled once an absence category is picked) would ignore a choice the
 * page plainly shows. One `input` event after mounting makes Conform read the whole form again;
 * it is marked handled on its way up so Conform only reads and does not validate, which would
 * clear the server's error on a form that came back refused.
 */
export function useEarlyInput(formId: string) {
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const field = Array.from(form.elements).find((element) => element.getAttribute("name"));
    if (!field) return;
    const readOnly = (event: Event) => event.preventDefault();
    form.addEventListener("input", readOnly, { once: true });
    field.dispatchEvent(new Event("input", { bubbles: true, cancelable: true }));
    form.removeEventListener("input", readOnly);
  }, [formId]);
}
