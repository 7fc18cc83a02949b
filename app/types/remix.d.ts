/// <reference types="@remix-run/dev" />
import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Set by server.ts per request; absent when a route calls another module's context. */
    cspNonce?: string;
    /** Set by server.ts: one object per HTTP request, shared by the loaders of its page (auth.server.ts). */
    requestScope?: object;
    formData?: FormData;
  }
  interface Future {
    v3_singleFetch: true;
  }
}
