// scrypt (a memory-hard KDF built into Node) so no native dependency is needed.
// Stored as scrypt$N$r$p$salt$hash, so the cost can be raised later without breaking old hashes.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";
import pLimit from "p-limit";

/**
 * At most two hashes at once in a process. Each holds scrypt's 16 MB and one of libuv's four
 * threads, which also read files and compress large answers, for ~50 ms: a burst of sign-ins
 * would otherwise take them all and add 64 MB at once. The rest wait their turn. On two cores more
 * at once would only share them; on more, a process still hashes ~40 sign-ins a second (decision
 * 0060).
 */
export const PASSWORD_HASHES_AT_ONCE = 2;
const hashSlots = pLimit(PASSWORD_HASHES_AT_ONCE);

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  hashSlots(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCallback(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
      ),
  );

const COST = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { ...COST, maxmem: 64 * 1024 * 1024 });
  return ["scrypt", COST.N, COST.r, COST.p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parts = (stored ?? "").split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [, N, r, p, salt, hash] = parts;
  const expected = Buffer.from(hash, "base64");
  const key = await scrypt(password, Buffer.from(salt, "base64"), expected.length, {
    N: Number(N),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

// Compared against when the e-mail is unknown, so both failures take the same time.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword("not-a-real-password");
  return dummyHash;
}
