// The set-up checklist for the server's render only (see deferred-setup-checklist.tsx).
export { SetupChecklist } from "./setup-checklist";
