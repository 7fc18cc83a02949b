// GET /auth/:provider — a plain link to Google, Microsoft or Apple (decision 0089); works without
// JavaScript. ?invitation=TOKEN accepts an invitation with it, ?intent=link links it to the
// signed-in person.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { startProviderSignIn } from "~/utils/provider-sign-in.server";

export function loader({ request, params }: LoaderFunctionArgs) {
  return startProviderSignIn(request, params.provider ?? "");
}
