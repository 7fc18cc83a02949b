import { type z } from "zod";
import { assertCompanyWritable, type WriteAccess } from "~/models/company-access.server";
import { authenticateApiToken, isApiTokenSecret } from "~/models/integration-token.server";
import { inApiCall, isInApiCall, setActingToken } from "./api-call.server";
import { getOptionalViewer, loadTokenViewer, loadViewer, type SignedInViewer } from "./auth.server";
import { messageValues } from "~/i18n";
import { AppError, errorInit } from "./errors.server";
import { getLanguage, getT } from "./i18n.server";
import { verifyAccessToken } from "./jwt.server";
import { apiPagingSchema } from "~/lib/schemas/api";
import { readVacationFilters } from "~/lib/vacation-filters";
import { assertNoControlCharacters, assertUrlHasNoControlCharacters } from "./request-input.server";
import { apiTokenAllows, requireAdmin, type Viewer } from "./permissions.server";

/**
 * Runs an /api handler. An AppError becomes { detail } (translated into the caller's language:
 * ?lng, cookie or Accept-Language) with its status, plus translated `fields` for validation
 * errors; anything else a plain 500 without internals. The URL's path and query are refused
 * here when they carry a control character, before any route reads them (request-input.server.ts).
 */
export function handleApi(request: Request, run: () => Promise<Response>): Promise<Response> {
  // Its own context, where requireApiUser notes an API token for the audit (api-call.server.ts).
  return inApiCall(async () => {
    try {
      assertUrlHasNoControlCharacters(request);
      return await run();
    } catch (error) {
      return apiErrorResponse(request, error);
    }
  });
}

/** What handleApi answers for an error thrown by a handler (also used to keep an answer: idempotency.server.ts). */
export async function apiErrorResponse(request: Request, error: unknown): Promise<Response> {
  if (error instanceof Response) return error;
  const t = getT(await getLanguage(request));
  if (error instanceof AppError) {
    const detail = t(error.message, messageValues(error.params));
    const fields = error.status === 400 && Object.keys(error.fields).length ? translateFields(error.fields, t) : undefined;
    return Response.json(fields ? { detail, fields } : { detail }, errorInit(error));
  }
  console.error(error);
  return Response.json({ detail: t("errorPage.unexpected.body") }, { status: 500 });
}

function translateFields(fields: Record<string, string>, t: ReturnType<typeof getT>) {
  return Object.fromEntries(Object.entries(fields).map(([field, key]) => [field, t(key)]));
}

/** Parses a JSON (or form) body with a zod schema; failures are a 400 with one message per field. */
export async function parseBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  let body: unknown;
  const type = request.headers.get("Content-Type") ?? "";
  try {
    body = type.includes("application/json") ? await request.json() : Object.fromEntries(await request.formData());
  } catch {
    throw new AppError(400, "invalid_body", "errors.invalidBody");
  }
  assertNoControlCharacters(body);
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/**
 * The caller of an /api route: `Authorization: Bearer <access token>` or `Bearer fol_…` (an API
 * token), else the browser's session cookie (so enhanced pages can call the API). The user is
 * re-read, so a deactivated user or a changed role takes effect at once, and so is the access
 * token's version: one issued before a password reset or a refresh token's reuse is refused. A change is refused (402)
 * in a read-only company unless the route keeps it open (`access`).
 */
export async function requireApiUser(request: Request, access?: WriteAccess): Promise<SignedInViewer> {
  const header = request.headers.get("Authorization");
  if (header?.startsWith("Bearer ")) {
    const credential = header.slice(7).trim();
    if (isApiTokenSecret(credential)) return requireApiTokenViewer(request, credential, access);
    const claims = await verifyAccessToken(credential);
    const viewer = claims ? await loadViewer(claims.userId, claims.companyId, claims.version) : null;
    if (!viewer) throw new AppError(401, "unauthorized", "auth.notAuthenticated");
    await assertCompanyWritable(viewer, request, access);
    return viewer;
  }
  const viewer = await getOptionalViewer(request);
  if (!viewer) throw new AppError(401, "unauthorized", "auth.notAuthenticated");
  await assertCompanyWritable(viewer, request, access);
  return viewer;
}

/**
 * An API token's viewer (docs/decisions/0033-api-tokens-and-idempotency.md): only on /api, only
 * inside handleApi (whose context carries the token to the audit); a read-only token only reads.
 */
async function requireApiTokenViewer(request: Request, secret: string, access?: WriteAccess): Promise<SignedInViewer> {
  const unauthorized = new AppError(401, "unauthorized", "auth.notAuthenticated");
  // Pages that answer JSON to the app's own scripts (/people/:id/summary) are not the API.
  if (!new URL(request.url).pathname.startsWith("/api/") || !isInApiCall()) throw unauthorized;
  const token = await authenticateApiToken(secret);
  if (!token) throw unauthorized;
  const viewer = await loadTokenViewer(token.creatorId, token.companyId, { id: token.id, name: token.name, role: token.role });
  if (!viewer) throw unauthorized;
  if (!apiTokenAllows(token.role, request.method)) throw new AppError(403, "read_only_token", "apiTokens.errors.readOnly");
  setActingToken({ id: token.id, name: token.name });
  await assertCompanyWritable(viewer, request, access);
  return viewer;
}

export async function requireApiAdmin(request: Request, access?: WriteAccess): Promise<SignedInViewer> {
  const viewer = await requireApiUser(request, access);
  requireAdmin(viewer);
  return viewer;
}

export const noStore = { "Cache-Control": "no-store" };

/**
 * The filters and paging of an /api vacation list: the filters read as the screens read them
 * (app/lib/vacation-filters.ts), but a wrong one is a 400 here rather than ignored.
 */
export function parseVacationQuery(request: Request, viewer: Viewer, defaultLimit: number) {
  const { filters, invalid } = readVacationFilters(new URL(request.url).searchParams, viewer.userId);
  const paging = apiPagingSchema.safeParse(queryObject(request));
  const fields = { ...invalid };
  if (!paging.success) for (const issue of paging.error.issues) fields[String(issue.path[0])] ??= issue.message;
  if (Object.keys(fields).length) throw new AppError(400, "validation_failed", Object.values(fields)[0], { fields });
  return { ...filters, offset: paging.data?.offset ?? 0, limit: paging.data?.limit ?? defaultLimit };
}

function queryObject(request: Request) {
  return Object.fromEntries([...new URL(request.url).searchParams].filter(([, value]) => value !== ""));
}

/** Parses the query string with a zod schema; failures are a 400 with one message per field. */
export function parseQuery<T extends z.ZodType>(request: Request, schema: T): z.infer<T> {
  const parsed = schema.safeParse(queryObject(request));
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

function validationError(error: z.ZodError) {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join(".") || "body"] ??= issue.message;
  return new AppError(400, "validation_failed", Object.values(fields)[0], { fields });
}
