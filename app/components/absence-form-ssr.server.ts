// The request drawer for the server's render only: the browser build empties *.server modules,
// so My calendar's first load leaves its code (the panel, Conform, zod) out; see deferred-absence-form.tsx.
export { AbsenceRequestDrawer } from "./absence-request-drawer";
