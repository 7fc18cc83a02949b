// GET /people/:userId/export/certificate.pdf — a person's leave certificate (their own, or anyone's
// of the company for an admin): a plain link on their page, no script needed. Decision 0095.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { leaveCertificate } from "~/models/exit-export.server";
import { requireUser } from "~/utils/auth.server";
import { downloadResponse } from "~/utils/download.server";
import { withPageErrors } from "~/utils/form-errors.server";
import { consumeLimit, LIMITS } from "~/utils/rate-limit.server";

export function loader({ request, params }: LoaderFunctionArgs) {
  return withPageErrors(async () => {
    const viewer = await requireUser(request);
    await consumeLimit(LIMITS.exitExportPerUser, viewer.userId);
    const { pdf, filename } = await leaveCertificate(viewer, params.userId ?? "");
    return downloadResponse(pdf, filename, "application/pdf");
  });
}
