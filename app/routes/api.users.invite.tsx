import type { ActionFunctionArgs } from "@remix-run/node";
import { inviteUser } from "~/models/invitation.server";
import { apiInviteSchema } from "~/lib/schemas/api";
import { handleApi, parseBody, requireApiAdmin } from "~/utils/api.server";
import { getLanguage } from "~/utils/i18n.server";
import { allowMethods, onlyMethods } from "~/utils/http.server";

export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "POST");
    const viewer = await requireApiAdmin(request);
    const input = await parseBody(request, apiInviteSchema);
    const invitation = await inviteUser(viewer, input, await getLanguage(request));
    return Response.json({ ok: true, id: invitation.id, email: invitation.email, expires_at: invitation.expiresAt.toISOString() }, { status: 201 });
  });
}

// Acts only.
export const loader = onlyMethods("POST");
