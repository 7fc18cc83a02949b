// GET /people/:userId/export/data.zip — everything kept about a person as JSON and CSV (the GDPR
// access and portability request): their own, or anyone's of the company for an admin. Decision 0095.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { personDataExport } from "~/models/exit-export.server";
import { requireUser } from "~/utils/auth.server";
import { downloadResponse } from "~/utils/download.server";
import { withPageErrors } from "~/utils/form-errors.server";
import { consumeLimit, LIMITS } from "~/utils/rate-limit.server";

export function loader({ request, params }: LoaderFunctionArgs) {
  return withPageErrors(async () => {
    const viewer = await requireUser(request);
    await consumeLimit(LIMITS.exitExportPerUser, viewer.userId);
    const { zip, filename } = await personDataExport(viewer, params.userId ?? "");
    return downloadResponse(zip, filename, "application/zip");
  });
}
