import { apiAcceptInviteSchema, apiLoginSchema, apiLogoutSchema, apiRefreshSchema, apiRegisterSchema, apiTokenSchema } from "~/lib/schemas/api";
import { apiRegistrationSchema, apiTokenPairSchema, apiUserSchema } from "~/lib/schemas/api-responses";
import { EXAMPLE_IDS, exampleUser } from "../examples";
import type { ApiOperation } from "../operation";

const TAG = "Authentication";
const tokens = { access_token: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ…", refresh_token: "Yp3…43 random characters…", token_type: "bearer", user: exampleUser };

export const authOperations: ApiOperation[] = [
  {
    method: "post",
    path: "/api/auth/login",
    tag: TAG,
    summary: "Sign in: an access token and a refresh token",
    description:
      "Send the access token as `Authorization: Bearer <access_token>` on every other call. It expires after a few minutes: trade the refresh token at /api/auth/refresh then (a 401 means: refresh once, then retry). A password reset, a deactivation or a refresh token used twice ends every access token of the person at once; a sign-out ends the refresh token, and its access token runs out its few minutes. Repeated failures make the e-mail (and the client's address) wait, doubling up to 5 minutes (429 with the seconds left in `detail` and `Retry-After`). A successful sign-in sets a `device` cookie that names the account (signed, a year long): a client that sends it back on its next sign-in waits only on its own failures, not on the e-mail's, so others' failures cannot keep it out.",
    specRow: "POST /api/auth/login",
    access: "anyone",
    body: { schema: apiLoginSchema, example: { email: "employee@demo.test", password: "demo-password" } },
    responses: { 200: { description: "Signed in", schema: apiTokenPairSchema, example: tokens } },
    errors: { 401: "Wrong e-mail or password", 403: "The e-mail is not confirmed yet", 429: "Too many failures: wait the seconds `Retry-After` (and `detail`) names" },
  },
  {
    method: "post",
    path: "/api/auth/refresh",
    tag: TAG,
    summary: "Trade a refresh token for a new pair",
    description: "Each refresh token works once: the answer carries the next one. Using one twice ends every session of its family (a stolen token is useless once its owner refreshed), and every access token of the person: their other sign-ins refresh once to carry on.",
    specRow: "POST /api/auth/refresh",
    access: "anyone",
    body: { schema: apiRefreshSchema, example: { refresh_token: "Yp3…43 random characters…" } },
    responses: { 200: { description: "A new pair", schema: apiTokenPairSchema, example: tokens } },
    errors: { 401: "Unknown, used, expired or revoked refresh token" },
  },
  {
    method: "post",
    path: "/api/auth/logout",
    tag: TAG,
    summary: "Sign out: revoke a refresh token",
    description: "Fire and forget: an unknown or already revoked token is not an error. The access token issued with it stays valid until it expires (a few minutes): a client forgets it at sign-out.",
    specRow: "POST /api/auth/logout",
    access: "anyone",
    body: { schema: apiLogoutSchema, example: { refresh_token: "Yp3…43 random characters…" } },
    responses: { 204: { description: "Revoked (or nothing to revoke)" } },
  },
  {
    method: "post",
    path: "/api/auth/register-company",
    tag: TAG,
    summary: "Start a company's trial",
    description:
      "Creates the company (14-day trial) and its owner, and mails the owner a confirmation link. No tokens in the answer: the owner confirms the e-mail (POST /api/users/verify-email), then signs in. billingEmail falls back to email.",
    specRow: "POST /api/auth/register-company",
    access: "anyone",
    body: {
      schema: apiRegisterSchema,
      example: { companyName: "Acme Lda", billingEmail: "finance@acme.test", fullName: "Ana Owner", email: "ana@acme.test", password: "a long passphrase" },
    },
    responses: {
      201: {
        description: "Registered; a confirmation e-mail is on its way",
        schema: apiRegistrationSchema,
        example: { ok: true, company_id: EXAMPLE_IDS.company, user_id: EXAMPLE_IDS.user, verification_required: true, message: "Check your e-mail to confirm your account." },
      },
    },
    errors: { 409: "The e-mail already has an account", 429: "Too many sign-ups from this address" },
  },
  {
    method: "post",
    path: "/api/users/verify-email",
    tag: TAG,
    summary: "Confirm an e-mail address",
    description: "With the token of the confirmation link. The person signs in afterwards.",
    specRow: "POST /api/users/verify-email",
    access: "anyone",
    body: { schema: apiTokenSchema, example: { token: "the token of the link" } },
    responses: { 204: { description: "Confirmed" } },
    errors: { 400: "Missing, unknown, used or expired token" },
  },
  {
    method: "post",
    path: "/api/users/accept-invite",
    tag: TAG,
    summary: "Accept an invitation with a password",
    description: "With the token of the invitation link. Creates the person in the inviting company (with the invitation's role, team and photo); they sign in afterwards.",
    specRow: "POST /api/users/accept-invite",
    access: "anyone",
    body: { schema: apiAcceptInviteSchema, example: { token: "the token of the link", new_password: "a long passphrase", full_name: "Nuno Novo" } },
    responses: { 201: { description: "The person the invitation made", schema: apiUserSchema, example: { ...exampleUser, id: "cmh1user0000000nuno00003", email: "new.colleague@demo.test", full_name: "Nuno Novo", name: "Nuno Novo" } } },
    errors: { 400: "Missing, unknown, used or expired token, or a password too short", 409: "The e-mail already has an account", 429: "Too many attempts from this address" },
  },
];
