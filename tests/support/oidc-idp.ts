// A real OpenID provider (oidc-provider) over HTTP for the tests: discovery, JWKS, the code flow
// with PKCE, signed ID tokens. One instance is one issuer; the tests start one per part it plays
// (Google, Microsoft, a company's IdP), each on its own free port, so each has its own issuer URL
// and keys as the real ones do. Its sign-in page is a plain form (works without JavaScript) that
// signs in whichever of its accounts the e-mail names; consent is granted up front.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import Provider, { type ClientMetadata } from "oidc-provider";

export interface IdpAccount {
  email: string;
  emailVerified: boolean;
  /** The stable subject; the e-mail when not given. */
  sub?: string;
  name?: string;
}

export interface TestIdp {
  issuer: string;
  accounts: IdpAccount[];
  /** Seconds an ID token lives; negative gives tokens that have already expired. */
  idTokenTtl: number;
  /**
   * What a browser does at this IdP for an authorization URL: opens it, signs in as `email`,
   * and is sent back; the URL it is sent back to (the app's callback, with code and state).
   */
  signIn(authorizationUrl: string, email: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestIdpOptions {
  clients: { clientId: string; clientSecret: string; redirectUris: string[] }[];
  accounts?: IdpAccount[];
  /** A fixed port (e2e, where the app's configuration must name it before start); a free one otherwise. */
  port?: number;
  /**
   * Any e-mail typed at its sign-in form is one of its accounts, verified (the e2e servers' IdPs,
   * which a test's new people reach without a way to add accounts to another process).
   */
  anyEmail?: boolean;
}

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Test IdP</title></head><body>${body}</body></html>`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function readBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

export async function startTestIdp(options: TestIdpOptions): Promise<TestIdp> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: "RS256", use: "sig", kid: `test-${port}` };

  const idp: TestIdp = {
    issuer,
    accounts: options.accounts ?? [],
    idTokenTtl: 3600,
    signIn: (url, email) => signIn(url, email),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const accountOf = (id: string) => idp.accounts.find((account) => (account.sub ?? account.email) === id);

  const provider = new Provider(issuer, {
    clients: options.clients.map(
      (client): ClientMetadata => ({
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: client.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      }),
    ),
    jwks: { keys: [jwk] },
    cookies: { keys: ["test-idp-cookie-key"] },
    pkce: { required: () => true },
    // Google's and Microsoft's ID tokens carry the e-mail claims themselves.
    conformIdTokenClaims: false,
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    features: { devInteractions: { enabled: false } },
    ttl: { IdToken: () => idp.idTokenTtl, AccessToken: 600, Interaction: 600, Grant: 600, Session: 600 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      const account = accountOf(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({ sub: id, email: account.email, email_verified: account.emailVerified, name: account.name ?? account.email.split("@")[0] }),
      };
    },
    // Consent is not what the tests are about: every client gets what it asks for.
    async loadExistingGrant(ctx) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
    renderError(ctx, out) {
      ctx.type = "html";
      ctx.body = page(`<h1>IdP error</h1><p id="error">${escapeHtml(String(out.error))}: ${escapeHtml(String(out.error_description ?? ""))}</p>`);
    },
  });
  const callback = provider.callback();

  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const match = /^\/interaction\/([\w-]+)$/.exec(req.url?.split("?")[0] ?? "");
      if (!match) return callback(req, res);
      try {
        await provider.interactionDetails(req, res);
        if (req.method === "POST") {
          const form = await readBody(req);
          const email = (form.get("email") ?? "").trim().toLowerCase();
          let account = idp.accounts.find((a) => a.email.toLowerCase() === email);
          if (!account && options.anyEmail && email.includes("@")) idp.accounts.push((account = { email, emailVerified: true }));
          if (account) return void (await provider.interactionFinished(req, res, { login: { accountId: account.sub ?? account.email } }, { mergeWithLastSubmission: false }));
        }
        res.setHeader("Content-Type", "text/html; charset=utf-8");
        res.end(
          page(
            `<h1>Test IdP ${escapeHtml(issuer)}</h1><form method="post" action="/interaction/${match[1]}"><label>E-mail <input name="email" type="email" required></label> <button type="submit">Sign in at the IdP</button></form>`,
          ),
        );
      } catch (error) {
        res.statusCode = 400;
        res.end(page(`<p id="error">${escapeHtml(String(error))}</p>`));
      }
    })();
  });

  /** A browser without JavaScript, with its own cookies at the IdP only. */
  async function signIn(authorizationUrl: string, email: string): Promise<string> {
    const jar = new Map<string, string>();
    const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
    const keep = (response: Response) => {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const eq = pair.indexOf("=");
        jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1));
      }
    };
    let url = authorizationUrl;
    let init: RequestInit = {};
    for (let hop = 0; hop < 10; hop++) {
      if (!url.startsWith(issuer)) return url;
      const response = await fetch(url, { ...init, redirect: "manual", headers: { ...(init.headers as Record<string, string>), Cookie: cookieHeader() } });
      keep(response);
      const location = response.headers.get("Location");
      if (location) {
        url = new URL(location, url).href;
        init = {};
        continue;
      }
      const html = await response.text();
      const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error(`The test IdP answered ${response.status}: ${html.slice(0, 300)}`);
      url = new URL(action, url).href;
      init = { method: "POST", body: new URLSearchParams({ email }).toString(), headers: { "Content-Type": "application/x-www-form-urlencoded" } };
    }
    throw new Error("Too many redirects at the test IdP");
  }

  return idp;
}
