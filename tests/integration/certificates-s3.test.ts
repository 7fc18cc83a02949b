// Sickness certificates in an S3-compatible bucket (issue 41, decision 0092): with
// CERTIFICATE_STORE=s3 the same flows as on disk — the upload, the download by the person and by a
// company admin, the 404 for a colleague and for another company's admin, the exit export's copy,
// and a leaver's files erased — run against a real S3-protocol server (s3rver, on a socket of this
// test file, requests signed by the AWS SDK), and nothing lands on the disk. Then the two stores
// keep the same contract, file by file.
import { createHash } from "node:crypto";
import { readdirSync, rmSync } from "node:fs";
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { deactivateUser } from "~/models/user.server";
import { action as certificateAction } from "~/routes/_app.vacations_.$id.certificate";
import { loader as download } from "~/routes/certificates.$id";
import { loader as dataExport } from "~/routes/people.$userId.export.data[.]zip";
import { action as loginAction } from "~/routes/login";
import type { SignedInViewer } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { diskStore, newStorageKey, type FileStore } from "~/utils/file-storage.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { s3Store } from "~/utils/s3-file-store.server";
import { createCompany, createUser, TEST_PASSWORD, viewerFor } from "../support/factories";
import { args, BASE, cookiesFrom, getRequest, postForm, run } from "../support/http";

// The server and the configuration come before any app module reads the environment (getEnv
// reads it once per process): s3rver on a free port of the loopback, its data in a directory of
// this test file, and one bucket.
const { BUCKET, CREDENTIALS, endpoint, server, serverDirectory } = await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const path = await import("node:path");
  const { default: S3rver } = await import("s3rver");
  const BUCKET = "certificates";
  // s3rver's own test account: a request signed with another access key is refused.
  const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  const serverDirectory = mkdtempSync(path.resolve("tests/.tmp/s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: serverDirectory, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  Object.assign(process.env, {
    CERTIFICATE_STORE: "s3",
    S3_ENDPOINT: endpoint,
    S3_REGION: "us-east-1",
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    S3_FORCE_PATH_STYLE: "true",
  });
  return { BUCKET, CREDENTIALS, endpoint, server, serverDirectory };
});
/** The test's own look into the bucket, beside the app's. */
const bucket = new S3Client({ endpoint, region: "us-east-1", forcePathStyle: true, credentials: CREDENTIALS });

afterAll(async () => {
  bucket.destroy();
  await server.close();
  rmSync(serverDirectory, { recursive: true, force: true });
});

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function keysInBucket(prefix = ""): Promise<string[]> {
  const listed = await bucket.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key!).sort();
}

async function objectBytes(key: string): Promise<Uint8Array> {
  const object = await bucket.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return object.Body!.transformToByteArray();
}

async function login(email: string) {
  return cookiesFrom((await loginAction(args(postForm("/login", { email, password: TEST_PASSWORD })))) as Response);
}

async function upload(vacationId: string, cookie: string, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.set("file", new Blob([bytes as BlobPart], { type: "application/pdf" }), name);
  const request = new Request(`${BASE}/vacations/${vacationId}/certificate`, { method: "POST", body: form, headers: { Cookie: cookie } });
  return (await run(() => certificateAction(args(request, { id: vacationId })))) as Response;
}

const fetchCertificate = async (id: string, cookie: string) => (await run(() => download(args(getRequest(`/certificates/${id}`, cookie), { id })))) as Response;

const ids: Record<string, string> = {};
let cookies: Record<"eva" | "col" | "olga" | "ted" | "globex", string>;
let owner: SignedInViewer;
/** Eva's certificate: a PDF of a few kB with a path in its name. */
const evaPdf = new Uint8Array(40_000);
evaPdf.set(PDF);
evaPdf.fill(7, PDF.length);

beforeAll(async () => {
  await resetRateLimits();
  const db = getDb();
  ids.company = (await createCompany("Acme S3")).id;
  const globex = await createCompany("Globex S3");
  const olga = await createUser(ids.company, { role: "owner", email: "olga@s3.test" });
  await createUser(ids.company, { role: "admin", email: "ted@s3.test" });
  const eva = await createUser(ids.company, { email: "eva@s3.test" });
  const col = await createUser(ids.company, { email: "col@s3.test" });
  await createUser(globex.id, { role: "admin", email: "boss@globex-s3.test" });
  Object.assign(ids, { eva: eva.id, col: col.id });
  // Fixed dates: the store, not the calendar, is under test here (sickness.test.ts has the due dates).
  ids.evaSick = (await db.vacation.create({ data: { companyId: ids.company, userId: eva.id, categoryId: "sick_leave", startDate: "2026-03-02", endDate: "2026-03-06", status: "approved" } })).id;
  ids.colSick = (await db.vacation.create({ data: { companyId: ids.company, userId: col.id, categoryId: "sick_leave", startDate: "2026-04-06", endDate: "2026-04-08", status: "approved" } })).id;
  cookies = { eva: await login("eva@s3.test"), col: await login("col@s3.test"), olga: await login("olga@s3.test"), ted: await login("ted@s3.test"), globex: await login("boss@globex-s3.test") };
  owner = await viewerFor(olga);
});

describe("certificates in an S3-compatible bucket", () => {
  it("are configured by the environment, and the bucket starts empty", async () => {
    expect(getEnv()).toMatchObject({ CERTIFICATE_STORE: "s3", S3_BUCKET: BUCKET, S3_FORCE_PATH_STYLE: true });
    expect(await keysInBucket()).toEqual([]);
  });

  it("keep an upload as an object under a random key, with the same bytes and hash, and nothing on disk", async () => {
    const response = await upload(ids.evaSick, cookies.eva, evaPdf, "../../etc/Baixa médica Eva.pdf");
    expect(response.status).toBe(302);
    // An admin adds one for a colleague too: it must outlive Eva's leaving.
    expect((await upload(ids.colSick, cookies.olga, PDF, "col.pdf")).status).toBe(302);

    const row = await getDb().certificate.findFirstOrThrow({ where: { vacationId: ids.evaSick } });
    ids.evaCertificate = row.id;
    ids.evaKey = row.storageKey;
    expect(row).toMatchObject({ originalName: "Baixa médica Eva.pdf", size: evaPdf.byteLength, sha256: sha256(evaPdf), userId: ids.eva });
    // The key: the company and 128 random bits; no name, no person.
    expect(row.storageKey).toMatch(/^[a-z0-9]+\/[0-9a-f]{32}$/);
    expect(row.storageKey.startsWith(`${ids.company.toLowerCase()}/`)).toBe(true);
    const keys = await keysInBucket();
    expect(keys).toHaveLength(2);
    expect(keys).toContain(row.storageKey);
    for (const key of keys) expect(key).not.toMatch(/eva|baixa|col|pdf|etc/i);
    expect(sha256(await objectBytes(row.storageKey))).toBe(row.sha256);
    // Nothing in the object says what it is or whose it is.
    const head = await bucket.send(new HeadObjectCommand({ Bucket: BUCKET, Key: row.storageKey }));
    expect(head.ContentType).toBe("application/octet-stream");
    expect(head.Metadata ?? {}).toEqual({});
    // The disk store's directory is not used.
    expect(readdirSync(getEnv().CERTIFICATE_DIR)).toEqual([]);
  });

  it("download for the person and for company admins, streamed from the bucket as an attachment", async () => {
    for (const who of ["eva", "olga", "ted"] as const) {
      const response = await fetchCertificate(ids.evaCertificate, cookies[who]);
      expect(response.status, who).toBe(200);
      expect(response.headers.get("Content-Disposition"), who).toMatch(/^attachment; filename="[^"]+"; filename\*=UTF-8''Baixa%20m%C3%A9dica%20Eva\.pdf$/);
      expect(response.headers.get("Content-Length"), who).toBe(String(evaPdf.byteLength));
      expect(response.headers.get("Cache-Control"), who).toBe("private, no-store");
      expect(sha256(new Uint8Array(await response.arrayBuffer())), who).toBe(sha256(evaPdf));
    }
  });

  it("are nobody else's: a colleague and another company's admin get a 404", async () => {
    for (const who of ["col", "globex"] as const) {
      const response = await fetchCertificate(ids.evaCertificate, cookies[who]);
      expect(response.status, who).toBe(404);
      expect(await response.text(), who).not.toContain("%PDF");
    }
  });

  it("answer a 404, not a 500, when the bucket lost the object", async () => {
    const spare = await upload(ids.evaSick, cookies.eva, PDF, "spare.pdf");
    expect(spare.status).toBe(302);
    const row = await getDb().certificate.findFirstOrThrow({ where: { vacationId: ids.evaSick, originalName: "spare.pdf" } });
    await bucket.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: row.storageKey }));
    expect((await fetchCertificate(row.id, cookies.eva)).status).toBe(404);
    await getDb().certificate.delete({ where: { id: row.id } });
  });

  it("travel in the person's exit export, read from the bucket", async () => {
    for (const who of ["eva", "olga"] as const) {
      const response = (await run(() => dataExport(args(getRequest(`/people/${ids.eva}/export/data.zip`, cookies[who]), { userId: ids.eva })))) as Response;
      expect(response.status, who).toBe(200);
      const zip = await JSZip.loadAsync(await response.arrayBuffer());
      const files = Object.values(zip.files).filter((entry) => !entry.dir && entry.name.startsWith("files/certificates/")).map((entry) => entry.name);
      expect(files, who).toEqual([`files/certificates/2026-03-02-${ids.evaCertificate.slice(-6)}-Baixa médica Eva.pdf`]);
      expect(sha256(await zip.file(files[0])!.async("uint8array")), who).toBe(sha256(evaPdf));
    }
  });

  it("leave the bucket with the person: their objects are deleted, a colleague's stay", async () => {
    const colKeys = (await getDb().certificate.findMany({ where: { userId: ids.col }, select: { storageKey: true } })).map((row) => row.storageKey);
    expect(colKeys).toHaveLength(1);
    await deactivateUser(owner, ids.eva);
    expect(await getDb().certificate.count({ where: { userId: ids.eva } })).toBe(0);
    expect(await keysInBucket()).toEqual(colKeys);
    await expect(bucket.send(new HeadObjectCommand({ Bucket: BUCKET, Key: ids.evaKey }))).rejects.toMatchObject({ $metadata: { httpStatusCode: 404 } });
    const entry = await getDb().auditEntry.findFirstOrThrow({ where: { companyId: ids.company, action: "certificate.files_deleted", entityId: ids.eva } });
    expect(JSON.parse(entry.details)).toEqual({ files: 1 });
    expect((await fetchCertificate(ids.evaCertificate, cookies.olga)).status).toBe(404);
  });
});

describe("the two stores", () => {
  const diskDirectory = `${serverDirectory}-disk`;
  afterAll(() => rmSync(diskDirectory, { recursive: true, force: true }));
  const stores: [string, () => FileStore][] = [
    ["disk", () => diskStore(diskDirectory)],
    // Two keys per DeleteObjects call, so deleting five takes three calls.
    ["s3", () => s3Store({ bucket: BUCKET, region: "us-east-1", endpoint, forcePathStyle: true, credentials: CREDENTIALS, deleteBatch: 2 })],
  ];

  describe.each(stores)("%s", (_name, make) => {
    const store = make();

    it("gives back what was put, as bytes and as a stream with its size", async () => {
      const key = newStorageKey("contract");
      const bytes = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256);
      await store.put(key, bytes);
      expect(sha256((await store.get(key))!)).toBe(sha256(bytes));
      const file = (await store.stream(key))!;
      expect(file.size).toBe(bytes.byteLength);
      expect(sha256(new Uint8Array(await new Response(file.body).arrayBuffer()))).toBe(sha256(bytes));
    });

    it("answers null for a file that is gone, and deleting it again is no error", async () => {
      const key = newStorageKey("contract");
      await store.put(key, PDF);
      await store.delete(key);
      expect(await store.get(key)).toBeNull();
      expect(await store.stream(key)).toBeNull();
      await store.delete(key);
    });

    it("deletes many keys at once, gone ones among them", async () => {
      const keys = Array.from({ length: 5 }, () => newStorageKey("many"));
      for (const key of keys.slice(0, 4)) await store.put(key, PDF);
      const other = newStorageKey("many");
      await store.put(other, PDF);
      await store.deleteMany(keys);
      for (const key of keys) expect(await store.get(key), key).toBeNull();
      expect(await store.get(other)).not.toBeNull();
      await store.deleteMany([]);
    });

    it("refuses a key it could not have made, before touching anything", async () => {
      for (const key of ["../etc/passwd", "a//b", "Acme/x", "a/b.pdf", "/abs", ""]) {
        await expect(store.put(key, PDF), key).rejects.toThrow(/Invalid storage key/);
        await expect(store.get(key), key).rejects.toThrow(/Invalid storage key/);
        await expect(store.deleteMany([key]), key).rejects.toThrow(/Invalid storage key/);
      }
    });
  });

  it("an S3 bucket that does not exist is an error, not a file that is gone", async () => {
    const missing = s3Store({ bucket: "no-such-bucket", region: "us-east-1", endpoint, forcePathStyle: true, credentials: CREDENTIALS });
    await expect(missing.get(newStorageKey("x"))).rejects.toMatchObject({ name: "NoSuchBucket" });
    await expect(missing.put(newStorageKey("x"), PDF)).rejects.toMatchObject({ name: "NoSuchBucket" });
  });

  it("a key the server does not know is refused: the store sends the configured credentials", async () => {
    const stranger = s3Store({ bucket: BUCKET, region: "us-east-1", endpoint, forcePathStyle: true, credentials: { accessKeyId: "SOMEONE", secretAccessKey: "ELSE" } });
    await expect(stranger.put(newStorageKey("x"), PDF)).rejects.toMatchObject({ name: "InvalidAccessKeyId" });
  });
});
