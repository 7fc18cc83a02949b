import type { ActionFunctionArgs } from "@remix-run/node";
import { remindReviewers } from "~/models/vacation-notify.server";
import { getVacation } from "~/models/vacation.server";
import { handleApi, requireApiUser } from "~/utils/api.server";
import { AppError } from "~/utils/errors.server";
import { allowMethods, onlyMethods } from "~/utils/http.server";

// The requester (or an admin) reminds the team admins of a request still pending.
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "POST");
    const { user, companyId } = await requireApiUser(request);
    const vacation = await getVacation(companyId, params.id!);
    if (vacation.userId !== user.id && user.role === "user") throw new AppError(403, "forbidden", "errors.forbidden");
    if (vacation.status !== "pending") throw new AppError(409, "not_pending", "vacation.notPending");
    const sent = await remindReviewers(companyId, vacation.id);
    return Response.json({ ok: true, sent });
  });
}

// Acts only.
export const loader = onlyMethods("POST");
