import { handleApi } from "~/utils/api.server";
import { AppError } from "~/utils/errors.server";

// Unknown /api paths answer JSON 404, never the app's HTML or a redirect.
function notFound({ request }: { request: Request }) {
  return handleApi(request, async () => {
    throw new AppError(404, "not_found", "errors.notFound");
  });
}

export const loader = notFound;
export const action = notFound;
