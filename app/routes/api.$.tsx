import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { findApiRoute } from "~/api/routes.server";
import { handleApi } from "~/utils/api.server";
import { AppError } from "~/utils/errors.server";

// Every /api request: the operation's module from the table (app/api/routes.server.ts, decision
// 0104), with the path's parameters. Unknown /api paths answer JSON 404, never the app's HTML or a
// redirect.
export function loader(args: LoaderFunctionArgs) {
  const found = findApiRoute(new URL(args.request.url).pathname);
  return found ? found.value.loader({ ...args, params: found.params }) : notFound(args.request);
}

export function action(args: ActionFunctionArgs) {
  const found = findApiRoute(new URL(args.request.url).pathname);
  return found ? found.value.action({ ...args, params: found.params }) : notFound(args.request);
}

function notFound(request: Request) {
  return handleApi(request, async () => {
    throw new AppError(404, "not_found", "errors.notFound");
  });
}
