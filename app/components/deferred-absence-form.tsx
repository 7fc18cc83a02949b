// My calendar's request form, without its code in the page's first load. The server renders the
// form at once (it imports it through a *.server module, which the browser build leaves empty), so
// it is there without JavaScript; the browser loads the form's code when it is about to be used
// (pointing at "New absence", pressing on the calendar) or when the page opens with the drawer,
// and hydrates the server's form when the code arrives (a Suspense boundary keeps its markup).
import { lazy, memo, Suspense, type ComponentType } from "react";
import type { AbsenceFormProps } from "./absence-form";
import * as serverRender from "./absence-form-ssr.server";

const loadForm = () => import("./absence-form");
const LazyAbsenceForm = lazy(() => loadForm().then((module) => ({ default: module.AbsenceForm })));

/** Starts fetching the form's code ahead of need; harmless to call many times. */
export function preloadAbsenceForm() {
  void loadForm();
}

/**
 * Memoised, and its props must keep their identity across the page's re-renders (the caller
 * memoises objects and arrays): until the code arrives the boundary holds server markup, and React
 * answers any update that reaches it by throwing that markup away and rendering the fallback, with
 * whatever the person had already picked or typed in it.
 */
export const DeferredAbsenceForm = memo(function DeferredAbsenceForm(props: AbsenceFormProps) {
  // Defined on the server, undefined in the browser (the *.server module is empty there).
  const Form: ComponentType<AbsenceFormProps> = (serverRender as Partial<typeof serverRender>).AbsenceForm ?? LazyAbsenceForm;
  return (
    <Suspense fallback={null}>
      <Form {...props} />
    </Suspense>
  );
});
