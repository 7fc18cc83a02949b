// A certificate's file (decision 0092): the person and company admins only; always a download,
// never shown inline, so a crafted file cannot run as a page of this site.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { readCertificate } from "~/models/certificate.server";
import { attachmentDisposition } from "~/lib/csv";
import { requireUser } from "~/utils/auth.server";
import { withPageErrors } from "~/utils/form-errors.server";

export function loader({ request, context, params }: LoaderFunctionArgs) {
  return withPageErrors(async () => {
    const viewer = await requireUser({ request, context });
    const file = await readCertificate(viewer, params.id ?? "");
    // Streamed from the store (disk or bucket) as it is read, never held whole.
    return new Response(file.body, {
      headers: {
        "Content-Type": file.mime,
        "Content-Length": String(file.size),
        "Content-Disposition": attachmentDisposition(file.name),
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
        "Cache-Control": "private, no-store",
      },
    });
  });
}
