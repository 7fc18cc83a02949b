// Which company a request's answer is about, noted by the sign-in checks (requireUser,
// requireApiUser) while the request is handled. The response cache uses it to keep a page until
// *that company's* data changes (docs/decisions/0010-response-cache.md). Tenant isolation is what
// makes this sound: a signed-in page reads only its own company's rows.
import { AsyncLocalStorage } from "node:async_hooks";

export interface RequestScope {
  /** Called with the company of the signed-in user, every time a check finds one. */
  noteCompany(companyId: string): void;
}

const storage = new AsyncLocalStorage<RequestScope>();

export function runInRequestScope<T>(scope: RequestScope, run: () => T): T {
  return storage.run(scope, run);
}

export function noteCompany(companyId: string): void {
  storage.getStore()?.noteCompany(companyId);
}
