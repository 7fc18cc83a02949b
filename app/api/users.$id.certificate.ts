import type { LoaderFunctionArgs } from "@remix-run/node";
import { leaveCertificate } from "~/models/exit-export.server";
import { handleApi, requireApiUser } from "~/utils/api.server";
import { downloadResponse } from "~/utils/download.server";
import { onlyMethods } from "~/utils/http.server";
import { consumeLimit, LIMITS } from "~/utils/rate-limit.server";

// GET /api/users/{id}/certificate: the person's leave certificate as a PDF (decision 0095).
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const viewer = await requireApiUser(request);
    await consumeLimit(LIMITS.exitExportPerUser, viewer.userId);
    const { pdf, filename } = await leaveCertificate(viewer, params.id!);
    return downloadResponse(pdf, filename, "application/pdf");
  });
}

// Reads only.
export const action = onlyMethods("GET");
