// The Absences page's "New absence" form, without its code (the form rules, Conform and zod:
// about 40 kB of gzip) in the page's first load, as My Calendar's drawer does
// (deferred-vacation-form.tsx). The server renders the form in the page, so it works without
// JavaScript; the browser fetches the code when the person opens or points at the section, or at
// once when the page opens with it, and hydrates the server's markup when the code arrives.
import { lazy, memo, Suspense } from "react";
import type { VacationFormProps } from "./vacation-form";

const loadForm = () => import("./vacation-form");
const LazyVacationForm = lazy(() => loadForm().then((module) => ({ default: module.VacationForm })));

/** Starts fetching the form's code ahead of need; harmless to call many times. */
export function preloadAbsenceForm() {
  void loadForm();
}

/**
 * Memoised, and its props must keep their identity across the page's re-renders (the caller
 * memoises its arrays): until the code arrives the boundary holds the server's markup, and an
 * update reaching it would replace that markup with the (empty) fallback.
 */
export const DeferredAbsenceForm = memo(function DeferredAbsenceForm(props: VacationFormProps) {
  return (
    <Suspense fallback={null}>
      <LazyVacationForm {...props} />
    </Suspense>
  );
});
