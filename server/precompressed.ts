// The build's scripts and stylesheets as scripts/precompress.ts compressed them at build time
// (brotli 11, gzip 9: decision 0103), for a browser that accepts the encoding. Mounted before
// express.static on /build: it points the request at `x.js.br` (or `.gz`) and sets the original's
// type and the encoding; express.static sends that file with its caching headers, and the
// compression middleware leaves an answer that already has a Content-Encoding alone. A file
// without a compressed copy (small, or a build that skipped the step) goes on untouched.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

const ENCODINGS = [
  ["br", ".br"],
  ["gzip", ".gz"],
] as const;

/** The URL paths ("/_shared/chunk-X.js") under `dir` that have a compressed copy of each encoding. */
function compressedPaths(dir: string): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>(ENCODINGS.map(([encoding]) => [encoding, new Set<string>()]));
  if (!existsSync(dir)) return found;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const url = `/${path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`;
    for (const [encoding, suffix] of ENCODINGS) {
      if (url.endsWith(suffix)) found.get(encoding)!.add(url.slice(0, -suffix.length));
    }
  }
  return found;
}

/** Serves `dir`'s precompressed copies; the files are listed once, when the server starts. */
export function precompressed(dir: string): RequestHandler {
  const available = compressedPaths(dir);
  const any = new Set([...available.values()].flatMap((paths) => [...paths]));
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !any.has(req.path)) return next();
    // The answer depends on Accept-Encoding whichever copy is sent.
    res.vary("Accept-Encoding");
    // The smallest copy the browser accepts (brotli first), whatever order it lists them in.
    const found = ENCODINGS.find(([encoding]) => available.get(encoding)!.has(req.path) && req.acceptsEncodings(encoding));
    if (!found) return next();
    const [encoding, suffix] = found;
    res.type(path.extname(req.path));
    res.setHeader("Content-Encoding", encoding);
    req.url = req.url.replace(req.path, `${req.path}${suffix}`);
    next();
  };
}
