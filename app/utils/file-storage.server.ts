// Files kept outside the database rows (certificates, decision 0092), behind one small interface
// so a second driver (an S3-compatible store) can take the disk's place by configuration. Only the
// disk driver exists today; keys are made here, never taken from a request.
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { getEnv } from "./env.server";

export interface FileStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when the file is gone. */
  get(key: string): Promise<Buffer | null>;
  /** Deleting a file that is gone is not an error: a retry after a crash finishes the job. */
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9]+(?:\/[a-z0-9]+)*$/;

/** A fresh key under a prefix (the company): random, so nothing about the person or the file shows in it. */
export function newStorageKey(prefix: string): string {
  const safePrefix = prefix.toLowerCase().replace(/[^a-z0-9]/g, "") || "x";
  return `${safePrefix}/${randomBytes(16).toString("hex")}`;
}

export function diskStore(directory: string): FileStore {
  const root = path.resolve(directory);
  const fileOf = (key: string) => {
    // Keys are ours, but a row edited by hand must still not reach outside the directory.
    if (!KEY.test(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, ...key.split("/"));
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      // wx: a key is written once; a clash is a bug, not an overwrite.
      await writeFile(file, bytes, { flag: "wx", mode: 0o600 });
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

let store: FileStore | undefined;

/** The configured store: CERTIFICATE_DIR on disk. */
export function certificateStore(): FileStore {
  store ??= diskStore(getEnv().CERTIFICATE_DIR);
  return store;
}
