// The request form for the server's render only: the browser build empties *.server modules, so
// My calendar's first load leaves the form's code (Conform, zod) out; see deferred-absence-form.tsx.
export { AbsenceForm } from "./absence-form";
