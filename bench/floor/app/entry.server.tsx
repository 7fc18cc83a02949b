// As the app's entry.server: React's stock streaming renderer, the page taken whole once it is all
// ready (Remix's template for bots), so the floor costs what the app's own rendering path costs.
import { PassThrough } from "node:stream";
import type { EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";

export default function handleRequest(request: Request, status: number, headers: Headers, context: EntryContext) {
  return new Promise<Response>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(<RemixServer context={context} url={request.url} />, {
      onAllReady() {
        const chunks: Buffer[] = [];
        const body = new PassThrough();
        body.on("data", (chunk: Buffer) => chunks.push(chunk));
        body.on("end", () => {
          headers.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(Buffer.concat(chunks), { status, headers }));
        });
        pipe(body);
      },
      onShellError: reject,
    });
  });
}
