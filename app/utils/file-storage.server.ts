// Files kept outside the database rows (certificates, decision 0092), behind one small interface so
// the store is a matter of configuration: a directory on disk (CERTIFICATE_DIR, the default) or an
// S3-compatible bucket (CERTIFICATE_STORE=s3, app/utils/s3-file-store.server.ts). Keys are made
// here, never taken from a request, and the same key names the same file in either store (the
// path under the directory is the object's key), so moving from one to the other is a copy.
import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { getEnv, type Env } from "./env.server";
import { s3Store } from "./s3-file-store.server";
import { checkedKey } from "./storage-key.server";

/** A stored file as a stream, for a download that need not hold the bytes. */
export interface StoredFile {
  /** Its length in bytes. */
  size: number;
  body: ReadableStream<Uint8Array>;
}

export interface FileStore {
  /** Writes a new file under a key from newStorageKey. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when the file is gone. */
  get(key: string): Promise<Buffer | null>;
  /** The bytes as a stream with their size, or null when the file is gone. */
  stream(key: string): Promise<StoredFile | null>;
  /** Deleting a file that is gone is not an error: a retry after a crash finishes the job. */
  delete(key: string): Promise<void>;
  /** Deletes every one of the keys (gone ones included), in as few calls as the store allows. */
  deleteMany(keys: readonly string[]): Promise<void>;
}

/**
 * A fresh key under a prefix (the company): 128 random bits, so nothing about the person or the
 * file shows in it and nobody outside can guess one.
 */
export function newStorageKey(prefix: string): string {
  const safePrefix = prefix.toLowerCase().replace(/[^a-z0-9]/g, "") || "x";
  return `${safePrefix}/${randomBytes(16).toString("hex")}`;
}

const isGone = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

export function diskStore(directory: string): FileStore {
  const root = path.resolve(directory);
  // Keys are ours, but a row edited by hand must still not reach outside the directory.
  const fileOf = (key: string) => path.join(root, ...checkedKey(key).split("/"));
  const remove = (key: string) => rm(fileOf(key), { force: true });
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
        if (isGone(error)) return null;
        throw error;
      }
    },
    async stream(key) {
      let handle;
      try {
        handle = await open(fileOf(key), "r");
      } catch (error) {
        if (isGone(error)) return null;
        throw error;
      }
      try {
        const { size } = await handle.stat();
        // The stream owns the open file from here and closes it when read to the end or cancelled.
        const body = Readable.toWeb(createReadStream("", { fd: handle, autoClose: true })) as ReadableStream<Uint8Array>;
        return { size, body };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    delete: remove,
    async deleteMany(keys) {
      for (const key of keys) await remove(key);
    },
  };
}

/** The store CERTIFICATE_STORE names, with its settings (validated by getEnv). */
export function storeFor(env: Env): FileStore {
  if (env.CERTIFICATE_STORE === "s3") {
    return s3Store({
      bucket: env.S3_BUCKET!,
      region: env.S3_REGION!,
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
      credentials: env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
    });
  }
  return diskStore(env.CERTIFICATE_DIR);
}

let store: FileStore | undefined;

/** The configured store: CERTIFICATE_DIR on disk, or the S3 bucket when CERTIFICATE_STORE=s3. */
export function certificateStore(): FileStore {
  store ??= storeFor(getEnv());
  return store;
}
