import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiDigestSchema } from "~/lib/schemas/api";
import { getDigestScope, setDigestScope } from "~/models/digest.server";
import { handleApi, noStore, parseBody, requireApiUser } from "~/utils/api.server";
import { allowMethods } from "~/utils/http.server";

// GET: the caller's daily who's-off e-mail; PATCH (or PUT) { digest }: chooses it (decision 0088).
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const viewer = await requireApiUser(request);
    return Response.json({ digest: await getDigestScope(viewer) }, { headers: noStore });
  });
}

export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "PATCH", "PUT");
    // A person's own mail preference, like their language: allowed while the company is read-only.
    const viewer = await requireApiUser(request, { whileReadOnly: true });
    const { digest } = await parseBody(request, apiDigestSchema);
    return Response.json({ digest: await setDigestScope(viewer, digest) }, { headers: noStore });
  });
}
