// My Calendar's set-up checklist, without its code in the page's first load (the page is at its
// JavaScript budget, docs/decisions/0016-first-load-javascript.md, and only company admins of a
// company still setting up ever see the list). The server renders it in the page (it waits for the
// whole page, app/entry.server.tsx), so it is there without JavaScript; in the browser the lazy
// component fetches its code while hydrating, and the Suspense boundary keeps the server's markup
// until it arrives.
import { lazy, memo, Suspense, type ComponentProps } from "react";
import type { SetupChecklist as Checklist } from "./setup-checklist";

type Props = ComponentProps<typeof Checklist>;
const LazyChecklist = lazy(() => import("./setup-checklist").then((module) => ({ default: module.SetupChecklist })));

/** Memoised: an update reaching the boundary before its code arrives would drop the server's markup. */
export const DeferredSetupChecklist = memo(function DeferredSetupChecklist(props: Props) {
  return (
    <Suspense fallback={null}>
      <LazyChecklist {...props} />
    </Suspense>
  );
});
