// The shape of a file store's key (app/utils/file-storage.server.ts): lowercase letters and digits
// in segments joined by "/", as newStorageKey makes them. Every store checks a key before it uses
// one, so a row edited by hand reaches no other file, path or object.
const KEY = /^[a-z0-9]+(?:\/[a-z0-9]+)*$/;

export function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Invalid storage key: ${key}`);
  return key;
}
