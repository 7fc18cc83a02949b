// SCIM 2.0 for a company's directory (docs/decisions/0090-scim-provisioning.md): every method of
// every /scim/v2 path goes to the one handler, which answers SCIM JSON only.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleScim } from "~/utils/scim.server";

export function loader({ request, params }: LoaderFunctionArgs) {
  return handleScim(request, params["*"] ?? "");
}

export function action({ request, params }: ActionFunctionArgs) {
  return handleScim(request, params["*"] ?? "");
}
