// /company-settings?tab=<tab>&… (the spec's links, and any bookmarked before the tabs had their
// own addresses) goes to /company-settings/<tab>?…, keeping the other parameters.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { tabOf, tabPath } from "./_app.company-settings/tabs";

export function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const tab = tabOf(params.get("tab"));
  params.delete("tab");
  const query = params.toString();
  return redirect(query ? `${tabPath(tab)}?${query}` : tabPath(tab));
}
