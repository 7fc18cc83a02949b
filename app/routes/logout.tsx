import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { endSession } from "~/utils/auth.server";

// Signing out changes state, so only POST does it; a GET (a prefetch, a typed URL) just goes home.
export async function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  return redirect("/login", { headers: { "Set-Cookie": await endSession(request) } });
}
