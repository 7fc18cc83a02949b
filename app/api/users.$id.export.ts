import type { LoaderFunctionArgs } from "@remix-run/node";
import { personDataExport } from "~/models/exit-export.server";
import { handleApi, requireApiUser } from "~/utils/api.server";
import { downloadResponse } from "~/utils/download.server";
import { onlyMethods } from "~/utils/http.server";
import { consumeLimit, LIMITS } from "~/utils/rate-limit.server";

// GET /api/users/{id}/export: everything kept about the person, as a ZIP of JSON and CSV files (decision 0095).
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const viewer = await requireApiUser(request);
    await consumeLimit(LIMITS.exitExportPerUser, viewer.userId);
    const { zip, filename } = await personDataExport(viewer, params.id!);
    return downloadResponse(zip, filename, "application/zip");
  });
}

// Reads only.
export const action = onlyMethods("GET");
