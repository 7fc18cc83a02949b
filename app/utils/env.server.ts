// Configuration comes only from environment variables, validated once at start with messages a
// person can act on. Local defaults are safe: SQLite under ./data, a generated session secret.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { databaseEngine } from "./database-url";

export const DEFAULT_DATABASE_URL = "file:./data/absences.db";

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  // Processes serving requests (server.ts): one per core the app may use.
  WEB_CONCURRENCY: z.coerce
    .number({ message: "must be a whole number of processes, such as 2" })
    .int("must be a whole number of processes, such as 2")
    .min(1, "must be at least 1")
    .max(64, "must be at most 64")
    .default(1),
  DATABASE_URL: z
    .string()
    .default(DEFAULT_DATABASE_URL)
    .refine((url) => {
      try {
        databaseEngine(url);
        return true;
      } catch {
        return false;
      }
    }, "must start with file: (SQLite) or postgresql:// (PostgreSQL)"),
  // PostgreSQL connections one process keeps open (a pool each); an instance opens up to
  // WEB_CONCURRENCY times this many. docs/deploy.md has the arithmetic for N instances and PgBouncer.
  DATABASE_POOL_SIZE: z.coerce
    .number({ message: "must be a whole number of connections, such as 10" })
    .int("must be a whole number of connections, such as 10")
    .min(2, "must be at least 2 (one for a transaction, one for the requests beside it)")
    .max(100, "must be at most 100")
    .default(10),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  APP_URL: z.string().url("must be an absolute URL such as https://absences.example.com").optional(),
  SEED_DEMO: z.enum(["auto", "always", "never"]).default("auto"),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must look like smtp://user:pass@host:587 or smtps://host:465")
    .optional(),
  MAIL_FROM: z.string().default("Folga <no-reply@folga.local>"),
  LOG_REQUESTS: z.enum(["true", "false"]).default("true"),
  // Express's "trust proxy": who may name the client's address in X-Forwarded-For (rate limits
  // count by it). Default: nobody, the socket's address counts.
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((value, ctx) => {
      const setting = trustProxySetting(value);
      if (setting === null) {
        ctx.addIssue({ code: "custom", message: "must be false, true, a number of proxy hops, or addresses/subnets such as loopback,10.0.0.0/8" });
        return z.NEVER;
      }
      return setting;
    }),
  // Billing (docs/decisions/0027-billing.md, 0074). Without STRIPE_SECRET_KEY outside production
  // the server starts a local Stripe stand-in and sets these (server/stripe-stand-in.ts); in
  // production without it billing is off: no trial, nothing read-only for not paying.
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_[A-Za-z0-9_]+$/, "must be a Stripe secret key (sk_live_…, sk_test_…) or restricted key (rk_…)").optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_[A-Za-z0-9_+/=]+$/, "must be the webhook endpoint's signing secret (whsec_…)").optional(),
  // Prices made in Stripe's dashboard (price_...); unset: the app sends the price itself.
  STRIPE_PRICE_MONTHLY: z.string().regex(/^price_[A-Za-z0-9_]+$/, "must be a Stripe price id (price_…)").optional(),
  STRIPE_PRICE_ANNUAL: z.string().regex(/^price_[A-Za-z0-9_]+$/, "must be a Stripe price id (price_…)").optional(),
  // Another address for Stripe's API (a local fake in tests); unset: https://api.stripe.com.
  STRIPE_API_URL: z.string().url("must be an absolute URL such as http://127.0.0.1:12111").optional(),
  // Where uploaded certificates are kept (decision 0092): on disk in CERTIFICATE_DIR (a directory,
  // created when first needed), or in an S3-compatible bucket (the S3_* settings below).
  CERTIFICATE_STORE: z.enum(["disk", "s3"], { message: "must be disk or s3" }).default("disk"),
  CERTIFICATE_DIR: z.string().default("data/certificates"),
  // The bucket of CERTIFICATE_STORE=s3 (app/utils/s3-file-store.server.ts). Bucket and region are
  // required with it; the endpoint names a store other than Amazon S3; without the key pair the
  // SDK's own chain is used (AWS_* variables, the instance's or task's role).
  S3_ENDPOINT: z
    .string()
    .url("must be an absolute URL such as https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000")
    .refine((url) => /^https?:\/\//i.test(url), "must be an http:// or https:// URL")
    .optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]{2,32}$/, "must be a region name such as eu-central-1 (us-east-1 for most self-hosted stores, auto for R2)").optional(),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens").optional(),
  S3_ACCESS_KEY_ID: z.string().max(256).optional(),
  S3_SECRET_ACCESS_KEY: z.string().max(256).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false"], { message: "must be true or false" })
    .transform((value) => value === "true")
    .optional(),
  // How long one webhook delivery may take (connect, send, answer) before it counts as failed and is
  // retried (decision 0084). Short, so a slow receiver cannot hold the worker.
  WEBHOOK_TIMEOUT_MS: z.coerce
    .number({ message: "must be a whole number of milliseconds, such as 10000" })
    .int("must be a whole number of milliseconds, such as 10000")
    .min(1000, "must be at least 1000")
    .max(60000, "must be at most 60000")
    .default(10000),
  // Slack (issue 43, decision 0094): the Slack app's credentials. All three or none; without them
  // Slack is not offered on the Integrations tab.
  SLACK_CLIENT_ID: z.string().regex(/^[0-9]+\.[0-9]+$/, "must be the Slack app's client id (digits.digits, from Basic Information)").optional(),
  SLACK_CLIENT_SECRET: z.string().regex(/^[0-9a-f]{32}$/, "must be the Slack app's client secret (32 hexadecimal characters)").optional(),
  SLACK_SIGNING_SECRET: z.string().regex(/^[0-9a-f]{32}$/, "must be the Slack app's signing secret (32 hexadecimal characters)").optional(),
  // Another address for Slack's Web API (a local fake in tests); unset: https://slack.com/api/.
  SLACK_API_URL: z.string().url("must be an absolute URL such as http://127.0.0.1:12112/api/").optional(),
  // The privacy documents "Manage account" opens; unset: the privacy section of the public page.
  PRIVACY_URL: z.string().url("must be an absolute URL such as https://example.com/privacy").optional(),
  // Sign-in with Google, Microsoft and Apple (OpenID Connect; decision 0089). A provider is offered
  // only with both its client id and secret; *_ISSUER points it at another issuer (the tests' IdP).
  ...Object.fromEntries(
    ["GOOGLE", "MICROSOFT", "APPLE"].flatMap((name) => [
      [`${name}_CLIENT_ID`, z.string().max(500).optional()],
      [`${name}_CLIENT_SECRET`, z.string().max(4000).optional()],
      [`${name}_ISSUER`, z.string().url("must be an absolute URL such as https://accounts.google.com").optional()],
    ]),
  ) as Record<`${"GOOGLE" | "MICROSOFT" | "APPLE"}_${"CLIENT_ID" | "CLIENT_SECRET" | "ISSUER"}`, z.ZodOptional<z.ZodString>>,
});

/** The sign-in providers a deployment may configure (app/utils/oidc.server.ts). */
export const SIGN_IN_PROVIDERS = ["google", "microsoft", "apple"] as const;
export type SignInProvider = (typeof SIGN_IN_PROVIDERS)[number];

/** The Stripe settings that mean something only with STRIPE_SECRET_KEY. */
export const STRIPE_SETTINGS_OF_THE_KEY = ["STRIPE_WEBHOOK_SECRET", "STRIPE_API_URL", "STRIPE_PRICE_MONTHLY", "STRIPE_PRICE_ANNUAL"] as const;

/** The settings of CERTIFICATE_STORE=s3, meaningless with the disk store. */
export const S3_SETTINGS = ["S3_ENDPOINT", "S3_REGION", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE"] as const;

/** The Slack app's settings: Slack is offered only with all of them. */
export const SLACK_SETTINGS = ["SLACK_CLIENT_ID", "SLACK_CLIENT_SECRET", "SLACK_SIGNING_SECRET"] as const;

const PROXY_PRESETS = new Set(["loopback", "linklocal", "uniquelocal"]);

/** TRUST_PROXY as Express takes it, or null when it is not a valid value. */
export function trustProxySetting(value: string): boolean | number | string[] | null {
  const text = value.trim().toLowerCase();
  if (text === "false" || text === "0") return false;
  if (text === "true") return true;
  if (/^\d+$/.test(text)) return Number(text) <= 10 ? Number(text) : null;
  const entries = text.split(",").map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    if (PROXY_PRESETS.has(entry)) return true;
    const [address, prefix, extra] = entry.split("/");
    const family = isIP(address);
    if (!family || extra !== undefined) return false;
    return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
  });
  return valid ? entries : null;
}

export type Env = z.infer<typeof schema> & { SESSION_SECRET: string; APP_URL: string };

let cached: Env | undefined;

export function getEnv(): Env {
  if (cached) return cached;
  // An empty variable (as copied from .env.example) means "use the default".
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== "")));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}\nSee .env.example.`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
    throw new Error("Invalid configuration:\n  SESSION_SECRET: required in production (at least 32 random characters).\nSee .env.example.");
  }
  // Half a Stripe configuration is a mistake, not a choice: without the key billing would be off
  // (or, outside production, the stand-in would take its place) with these set and unused.
  const withoutKey = STRIPE_SETTINGS_OF_THE_KEY.filter((name) => env[name]);
  if (!env.STRIPE_SECRET_KEY && withoutKey.length) {
    throw new Error(
      `Invalid configuration:\n${withoutKey.map((name) => `  ${name}: set without STRIPE_SECRET_KEY (unset it, or set the key too)`).join("\n")}\nSee .env.example.`,
    );
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    throw new Error(
      "Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY (the signing secret of the webhook endpoint APP_URL/api/billing/webhook).\nSee .env.example.",
    );
  }
  const slackSet = SLACK_SETTINGS.filter((name) => env[name]);
  if (slackSet.length > 0 && slackSet.length < SLACK_SETTINGS.length) {
    throw new Error(
      `Invalid configuration:\n${SLACK_SETTINGS.filter((name) => !env[name]).map((name) => `  ${name}: required with ${slackSet.join(", ")} (set all three of the Slack app, or none)`).join("\n")}\nSee .env.example.`,
    );
  }
  const s3Problems = certificateStoreProblems(env);
  if (s3Problems.length) throw new Error(`Invalid configuration:\n${s3Problems.map((line) => `  ${line}`).join("\n")}\nSee .env.example.`);
  // Half a provider is a mistake: it would silently not be offered.
  const halfProviders = SIGN_IN_PROVIDERS.flatMap((provider) => {
    const prefix = provider.toUpperCase() as Uppercase<typeof provider>;
    const id = env[`${prefix}_CLIENT_ID`];
    const secret = env[`${prefix}_CLIENT_SECRET`];
    if (Boolean(id) !== Boolean(secret)) return [`  ${id ? `${prefix}_CLIENT_SECRET` : `${prefix}_CLIENT_ID`}: required with ${id ? `${prefix}_CLIENT_ID` : `${prefix}_CLIENT_SECRET`} (set both, or neither)`];
    if (!id && env[`${prefix}_ISSUER`]) return [`  ${prefix}_ISSUER: set without ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET`];
    return [];
  });
  if (halfProviders.length) throw new Error(`Invalid configuration:\n${halfProviders.join("\n")}\nSee .env.example.`);
  cached = {
    ...env,
    SESSION_SECRET: env.SESSION_SECRET ?? localSessionSecret(),
    APP_URL: env.APP_URL ?? `http://localhost:${env.PORT}`,
  };
  return cached;
}

/**
 * What is wrong with the certificate store's settings. S3 settings with the disk store are a
 * mistake, not a choice: the certificates (health data) would quietly land on the local disk.
 */
function certificateStoreProblems(env: z.infer<typeof schema>): string[] {
  if (env.CERTIFICATE_STORE === "disk") {
    return S3_SETTINGS.filter((name) => env[name] !== undefined).map((name) => `${name}: set without CERTIFICATE_STORE=s3 (set that too, or unset it: certificates are kept on disk)`);
  }
  const problems: string[] = [];
  if (!env.S3_BUCKET) problems.push("S3_BUCKET: required with CERTIFICATE_STORE=s3 (the bucket's name; the bucket must exist)");
  if (!env.S3_REGION) problems.push("S3_REGION: required with CERTIFICATE_STORE=s3 (such as eu-central-1; us-east-1 for most self-hosted stores, auto for R2)");
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    problems.push(env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID (set both, or neither for the SDK's own credentials)" : "S3_ACCESS_KEY_ID: required with S3_SECRET_ACCESS_KEY (set both, or neither for the SDK's own credentials)");
  }
  return problems;
}

/** Development only: a random secret created once and kept under ./data, so sessions survive restarts. */
function localSessionSecret(): string {
  const file = path.resolve("data/.session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
