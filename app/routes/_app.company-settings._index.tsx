// /company-settings?tab=<tab>&… (the spec's links, and any bookmarked before the tabs had their
// own addresses) goes to /company-settings/<tab>?…, keeping the other parameters. A form posted
// to the old address (a page loaded before the tabs moved) is sent on with 307, which repeats the
// same POST at the new address, so what was typed is not lost.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { tabOf, tabPath } from "./_app.company-settings/tabs";

function tabAddress(request: Request): string {
  const params = new URL(request.url).searchParams;
  const tab = tabOf(params.get("tab"));
  params.delete("tab");
  const query = params.toString();
  return query ? `${tabPath(tab)}?${query}` : tabPath(tab);
}

export function loader({ request }: LoaderFunctionArgs) {
  return redirect(tabAddress(request));
}

export function action({ request }: ActionFunctionArgs) {
  return redirect(tabAddress(request), 307);
}
