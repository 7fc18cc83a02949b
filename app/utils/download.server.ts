// A generated file (a PDF, a ZIP) as a download: never cached, named in the person's language
// (attachmentDisposition keeps accents for browsers that read filename*).
import { attachmentDisposition } from "~/lib/csv";

export function downloadResponse(bytes: Uint8Array, filename: string, contentType: string): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": attachmentDisposition(filename),
      "Content-Length": String(bytes.length),
      "Cache-Control": "private, no-store",
    },
  });
}
