// The server's writer of the company calendar's rows (app/components/company-month.tsx), kept out
// of the browser's bundle: there, the same nodes become React elements.
export { markupToHtml } from "~/utils/markup.server";
