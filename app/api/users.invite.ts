import type { ActionFunctionArgs } from "@remix-run/node";
import { inviteUser, serializeInvitation } from "~/models/invitation.server";
import { apiInviteSchema } from "~/lib/schemas/api";
import { handleApi, parseBody, requireApiAdmin } from "~/utils/api.server";
import { getLanguage } from "~/utils/i18n.server";
import { allowMethods, onlyMethods } from "~/utils/http.server";
import { storedPhotoFromDataUrl } from "~/utils/photo.server";

// POST /api/users/invite: 201 with the invitation; the photo is re-encoded like an upload (0019).
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "POST");
    const viewer = await requireApiAdmin(request);
    const input = await parseBody(request, apiInviteSchema);
    const profilePicture = input.profilePicture ? await storedPhotoFromDataUrl(input.profilePicture) : null;
    const invitation = await inviteUser(viewer, { ...input, profilePicture }, await getLanguage(request));
    return Response.json(serializeInvitation(invitation), { status: 201 });
  });
}

// Acts only.
export const loader = onlyMethods("POST");
