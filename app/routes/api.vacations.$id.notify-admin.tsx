import type { ActionFunctionArgs } from "@remix-run/node";
import { remindReviewers } from "~/models/vacation-notify.server";
import { handleApi, requireApiUser } from "~/utils/api.server";
import { allowMethods, onlyMethods } from "~/utils/http.server";

// The requester (or one of their managers) reminds the reviewers of a request still pending.
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "POST");
    const viewer = await requireApiUser(request);
    const sent = await remindReviewers(viewer, params.id!);
    return Response.json({ ok: true, sent });
  });
}

// Acts only.
export const loader = onlyMethods("POST");
