import type { ActionFunctionArgs } from "@remix-run/node";
import { requestAccountDeletion } from "~/models/account-deletion.server";
import { handleApi, requireApiUser } from "~/utils/api.server";
import { allowMethods, onlyMethods } from "~/utils/http.server";
import { getLanguage, getT } from "~/utils/i18n.server";

// POST /api/billing/delete-account: the owner asks to delete the account; the subscription ends at
// the end of the month, nothing is deleted now. Answers { message: 'Deletion requested.', ends_at }.
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "POST");
    const viewer = await requireApiUser(request, { whileReadOnly: true });
    const { endsAt } = await requestAccountDeletion(viewer);
    const t = getT(await getLanguage(request));
    return Response.json({ message: t("billing.account.requested"), ends_at: endsAt.toISOString() });
  });
}

// Acts only.
export const loader = onlyMethods("POST");
