import { redirect } from "@remix-run/node";

// Spec: any unknown path goes to /my-calendar (which sends signed-out visitors to /login).
export function loader() {
  return redirect("/my-calendar");
}
