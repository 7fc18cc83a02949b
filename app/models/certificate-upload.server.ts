// The certificate page's form post (multipart/form-data, JavaScript or not): Remix's own multipart
// parser with a memory handler capped at 5 MB, then uploadCertificate. Answers the refusal for the
// page to show, or null when the file was kept.
import { MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";
import { MAX_CERTIFICATE_BYTES } from "~/lib/certificates";
import { AppError } from "~/utils/errors.server";
import type { Viewer } from "~/utils/permissions.server";
import { consumeLimit, LIMITS } from "~/utils/rate-limit.server";
import { tooLarge, uploadCertificate } from "./certificate.server";

export async function uploadCertificateFromForm(viewer: Viewer, vacationId: string, request: Request): Promise<AppError | null> {
  try {
    await consumeLimit(LIMITS.certificateUploadsPerUser, viewer.userId);
    let form: FormData;
    try {
      form = await unstable_parseMultipartFormData(
        request,
        // Only the one file field is kept; anything else in the form is small text or ignored.
        unstable_createMemoryUploadHandler({ maxPartSize: MAX_CERTIFICATE_BYTES, filter: ({ name }) => name === "file" }),
      );
    } catch (error) {
      if (error instanceof MaxPartSizeExceededError) throw tooLarge();
      // Not a multipart form, or one cut off: the client's mistake, never a 500.
      throw new AppError(400, "certificate_missing", "sickness.errors.missing");
    }
    const file = form.get("file");
    if (!(file instanceof Blob)) throw new AppError(400, "certificate_missing", "sickness.errors.missing");
    await uploadCertificate(viewer, vacationId, { name: (file as File).name, bytes: new Uint8Array(await file.arrayBuffer()) });
    return null;
  } catch (error) {
    if (error instanceof AppError && error.status !== 404) return error;
    throw error;
  }
}
