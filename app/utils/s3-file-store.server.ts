// The file store on an S3-compatible bucket (CERTIFICATE_STORE=s3; decision 0092): Amazon S3, or
// any store that speaks its protocol (MinIO, Ceph, Garage, Cloudflare R2, Backblaze B2, …) named by
// S3_ENDPOINT. An object's key is the store's key as it is, "<company>/<128 random bits>": no name,
// no person, no metadata. The bucket stays private (no ACL is set); the app is its only reader.
// The AWS SDK is loaded on the first use, so a deployment on disk never loads it.
import { createHash } from "node:crypto";
import type * as Sdk from "@aws-sdk/client-s3";
import type { FileStore, StoredFile } from "./file-storage.server";
import { checkedKey } from "./storage-key.server";

export interface S3StoreOptions {
  bucket: string;
  region: string;
  /** Another store than Amazon S3, e.g. http://127.0.0.1:9000; unset: Amazon S3 in the region. */
  endpoint?: string;
  /** Address the bucket in the path (endpoint/bucket/key), as MinIO and most self-hosted stores want. */
  forcePathStyle?: boolean;
  /** Unset: the SDK's own chain (AWS_* variables, a profile, the instance's or task's role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Keys per DeleteObjects call; S3 takes at most 1000. */
  deleteBatch?: number;
}

export function s3Store(options: S3StoreOptions): FileStore {
  const Bucket = options.bucket;
  const deleteBatch = Math.min(options.deleteBatch ?? 1000, 1000);
  let loaded: Promise<{ sdk: typeof Sdk; client: Sdk.S3Client }> | undefined;
  const connect = () =>
    (loaded ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region,
        endpoint: options.endpoint,
        forcePathStyle: options.forcePathStyle ?? false,
        credentials: options.credentials,
        // A store that does not answer fails the request (retried by the SDK, 3 attempts in all)
        // rather than holding it.
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
      }),
    })));

  /** The object, or null when there is no such key (a missing bucket is an error, not a gone file). */
  async function getObject(key: string) {
    const { sdk, client } = await connect();
    try {
      return await client.send(new sdk.GetObjectCommand({ Bucket, Key: checkedKey(key) }));
    } catch (error) {
      if (error instanceof sdk.NoSuchKey || (error as Error).name === "NoSuchKey") return null;
      throw error;
    }
  }

  return {
    async put(key, bytes) {
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: checkedKey(key),
          Body: bytes,
          ContentLength: bytes.byteLength,
          // Nothing in the bucket says what the file is; a link to it would never render it.
          ContentType: "application/octet-stream",
          // The store checks that the bytes arrived whole, keeps the hash, and the SDK checks it
          // again on each read where the store returns it.
          ChecksumSHA256: createHash("sha256").update(bytes).digest("base64"),
        }),
      );
    },
    async get(key) {
      const object = await getObject(key);
      if (!object?.Body) return null;
      return Buffer.from(await object.Body.transformToByteArray());
    },
    async stream(key): Promise<StoredFile | null> {
      const object = await getObject(key);
      if (!object?.Body) return null;
      if (object.ContentLength === undefined) {
        const bytes = await object.Body.transformToByteArray();
        return { size: bytes.byteLength, body: new Blob([bytes as BlobPart]).stream() };
      }
      return { size: object.ContentLength, body: object.Body.transformToWebStream() as ReadableStream<Uint8Array> };
    },
    async delete(key) {
      const { sdk, client } = await connect();
      // S3 answers a missing key with success too.
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },
    async deleteMany(keys) {
      const checked = keys.map(checkedKey);
      if (checked.length === 0) return;
      const { sdk, client } = await connect();
      for (let start = 0; start < checked.length; start += deleteBatch) {
        const batch = checked.slice(start, start + deleteBatch);
        const result = await client.send(new sdk.DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
        // One call, many answers: a key the store could not delete fails the whole erase, to be retried.
        const failed = result.Errors ?? [];
        if (failed.length > 0) throw new Error(`The S3 store did not delete ${failed.length} of ${batch.length} objects: ${failed[0].Code ?? "error"} ${failed[0].Message ?? ""}`.trim());
      }
    },
  };
}
