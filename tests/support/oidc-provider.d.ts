// oidc-provider 8 ships no types (and @types/oidc-provider is not installed): the few parts the
// test IdP (oidc-idp.ts) uses.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export interface ClientMetadata {
    client_id: string;
    client_secret?: string;
    redirect_uris: string[];
    grant_types?: string[];
    response_types?: string[];
    token_endpoint_auth_method?: string;
  }

  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  interface Context {
    type: string;
    body: unknown;
    oidc: {
      client?: { clientId: string };
      session?: { accountId?: string };
      provider: Provider;
    };
  }

  interface Account {
    accountId: string;
    claims(): Record<string, unknown> | Promise<Record<string, unknown>>;
  }

  export interface Configuration {
    clients?: ClientMetadata[];
    jwks?: { keys: object[] };
    cookies?: { keys: string[] };
    pkce?: { required?: () => boolean };
    conformIdTokenClaims?: boolean;
    claims?: Record<string, string[]>;
    features?: Record<string, { enabled: boolean }>;
    ttl?: Record<string, number | ((...args: unknown[]) => number)>;
    interactions?: { url: (ctx: Context, interaction: { uid: string }) => string };
    findAccount?: (ctx: Context, id: string) => Promise<Account | undefined>;
    loadExistingGrant?: (ctx: Context) => Promise<Grant | undefined>;
    renderError?: (ctx: Context, out: Record<string, unknown>, error: unknown) => void | Promise<void>;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    Grant: new (init: { clientId: string; accountId: string }) => Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<{ uid: string; prompt: { name: string } }>;
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: object, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
  }
}
