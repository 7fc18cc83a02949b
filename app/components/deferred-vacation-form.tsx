// My calendar's request drawer (the side panel and its form), without its code in the page's
// first load. The server renders it in the page (it waits for the whole page, app/entry.server.tsx),
// so it is there without JavaScript; the browser loads the code when it is about to be used
// (pointing at "New absence", pressing on the calendar) or when the page opens with the drawer, and
// hydrates the server's markup when the code arrives (the Suspense boundary keeps it meanwhile).
import { lazy, memo, Suspense } from "react";
import type { VacationFormProps } from "./vacation-form";
import type { VacationRequestDrawerProps } from "./vacation-request-drawer";

const loadForm = () => import("./vacation-request-drawer");
const LazyVacationForm = lazy(() => loadForm().then((module) => ({ default: module.VacationRequestDrawer })));

/** Starts fetching the form's code ahead of need; harmless to call many times. */
export function preloadVacationForm() {
  void loadForm();
}

/**
 * Memoised, and its props must keep their identity across the page's re-renders (the caller
 * memoises objects and arrays): until the code arrives the boundary holds server markup, and React
 * answers any update that reaches it by throwing that markup away and rendering the fallback, with
 * whatever the person had already picked or typed in it.
 */
export const DeferredVacationForm = memo(function DeferredVacationForm(props: VacationRequestDrawerProps) {
  return (
    <Suspense fallback={null}>
      <LazyVacationForm {...props} />
    </Suspense>
  );
});

// The same for the Absences page's form (routes/_app.vacations.tsx), which sits in a closed
// "New absence" section: the request form's code (Conform, the zod schema: ~30 kB of gzip) is not in
// the page's first load. React fetches it when it hydrates the boundary, after the rest of the page;
// the section's handlers start it sooner when the person goes for it (decision 0103).
const loadPlainForm = () => import("./vacation-form");
const LazyPlainForm = lazy(() => loadPlainForm().then((module) => ({ default: module.VacationForm })));

/** Starts fetching the Absences form's code ahead of need; harmless to call many times. */
export function preloadPlainVacationForm() {
  void loadPlainForm();
}

/** The vacation form, its code loaded apart; its props keep their identity (see DeferredVacationForm). */
export const DeferredPlainVacationForm = memo(function DeferredPlainVacationForm(props: VacationFormProps) {
  return (
    <Suspense fallback={null}>
      <LazyPlainForm {...props} />
    </Suspense>
  );
});
