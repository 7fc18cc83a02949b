import { realpathSync } from "node:fs";
import { pathToFileURL } from "node:url";

/**
 * Whether the module at `moduleUrl` is the script Node was asked to run (not imported by a test).
 * Compared as file URLs of real paths: a checkout under a path with a space or behind a symlink
 * would otherwise never match, and a check script would exit 0 without checking anything.
 */
export function isRunAsScript(moduleUrl: string): boolean {
  const entry = process.argv[1];
  return Boolean(entry) && moduleUrl === pathToFileURL(realpathSync(entry)).href;
}
