import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deactivateUser, getUser, serializeUser, updateUser } from "~/models/user.server";
import { apiUpdateUserSchema } from "~/lib/schemas/api";
import { handleApi, noStore, parseBody, requireApiUser } from "~/utils/api.server";
import { allowMethods } from "~/utils/http.server";
import { storedPhotoFromDataUrl } from "~/utils/photo.server";

export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const viewer = await requireApiUser(request);
    return Response.json(serializeUser(await getUser(viewer, params.id!), viewer), { headers: noStore });
  });
}

export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "PATCH", "DELETE");
    const viewer = await requireApiUser(request);
    if (request.method === "DELETE") {
      // Deactivates: the person's history stays (docs/decisions/0014-user-deactivation.md).
      await deactivateUser(viewer, params.id!);
      return new Response(null, { status: 204 });
    }
    const body = await parseBody(request, apiUpdateUserSchema);
    // Decoded and re-encoded like an upload: what is stored is a small, real image (0019).
    const profilePicture = body.profile_picture ? await storedPhotoFromDataUrl(body.profile_picture) : body.profile_picture;
    const updated = await updateUser(viewer, params.id!, {
      fullName: body.full_name,
      profilePicture,
      role: body.role,
      firstDay: body.first_day,
      lastDay: body.last_day,
    });
    return Response.json(serializeUser(updated, viewer));
  });
}
