import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deleteUser, getUser, serializeUser, updateUser } from "~/models/user.server";
import { apiUpdateUserSchema } from "~/lib/schemas/api";
import { handleApi, noStore, parseBody, requireApiUser } from "~/utils/api.server";
import { allowMethods } from "~/utils/http.server";

export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const { companyId } = await requireApiUser(request);
    return Response.json(serializeUser(await getUser(companyId, params.id!)), { headers: noStore });
  });
}

export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "PATCH", "DELETE");
    const { user, companyId } = await requireApiUser(request);
    if (request.method === "DELETE") {
      await deleteUser(companyId, user, params.id!);
      return new Response(null, { status: 204 });
    }
    const body = await parseBody(request, apiUpdateUserSchema);
    const updated = await updateUser(companyId, user, params.id!, {
      fullName: body.full_name,
      profilePicture: body.profile_picture,
      role: body.role,
    });
    return Response.json(serializeUser(updated));
  });
}
