// Where a provider sends the browser back (GET; Apple posts its answer, form_post).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { finishProviderSignIn } from "~/utils/provider-sign-in.server";

export function loader({ request, params }: LoaderFunctionArgs) {
  return finishProviderSignIn(request, params.provider ?? "");
}

export function action({ request, params }: ActionFunctionArgs) {
  return finishProviderSignIn(request, params.provider ?? "");
}
