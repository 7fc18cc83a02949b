import type { ActionFunctionArgs } from "@remix-run/node";
import { notifyAdmin } from "~/models/vacation-notify.server";
import { handleApi, requireApiUser } from "~/utils/api.server";
import { allowMethods, onlyMethods } from "~/utils/http.server";

// The requester (or one of their managers) reminds the reviewers of a request still pending, or
// tells them of its cancellation; 204 (the mail is the effect).
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "POST");
    const viewer = await requireApiUser(request);
    await notifyAdmin(viewer, params.id!);
    return new Response(null, { status: 204 });
  });
}

// Acts only.
export const loader = onlyMethods("POST");
