import { type z } from "zod";
import { messageValues } from "~/i18n";
import { currentUserSelect, getOptionalUser } from "./auth.server";
import { getDb } from "./db.server";
import { AppError } from "./errors.server";
import { getLanguage, getT } from "./i18n.server";
import { verifyAccessToken } from "./jwt.server";
import { isAdmin } from "./permissions.server";
import { noteCompany } from "./request-scope.server";

/**
 * Runs an /api handler. An AppError becomes { detail } (translated into the caller's language:
 * ?lng, cookie or Accept-Language) with its status, plus translated `fields` for validation
 * errors; anything else a plain 500 without internals.
 */
export async function handleApi(request: Request, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response) return error;
    const t = getT(await getLanguage(request));
    if (error instanceof AppError) {
      const detail = t(error.message, messageValues(error.fields));
      const fields = error.status === 400 && error.fields ? translateFields(error.fields, t) : undefined;
      return Response.json(fields ? { detail, fields } : { detail }, { status: error.status });
    }
    console.error(error);
    return Response.json({ detail: t("errorPage.unexpected.body") }, { status: 500 });
  }
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
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/**
 * The caller of an /api route: `Authorization: Bearer <access token>`, else the browser's session
 * cookie (so enhanced pages can call the API). The user is re-read, so a deleted user or a changed
 * role takes effect at once.
 */
export async function requireApiUser(request: Request) {
  const header = request.headers.get("Authorization");
  if (header?.startsWith("Bearer ")) {
    const claims = await verifyAccessToken(header.slice(7).trim());
    if (!claims) throw new AppError(401, "unauthorized", "auth.notAuthenticated");
    const user = await getDb().user.findFirst({ where: { id: claims.userId, companyId: claims.companyId }, select: currentUserSelect });
    if (!user) throw new AppError(401, "unauthorized", "auth.notAuthenticated");
    noteCompany(user.companyId);
    return { user, companyId: user.companyId };
  }
  const found = await getOptionalUser(request);
  if (!found) throw new AppError(401, "unauthorized", "auth.notAuthenticated");
  return { user: found.user, companyId: found.companyId };
}

export function requireApiAdmin(user: { role: string }) {
  if (!isAdmin(user)) throw new AppError(403, "forbidden", "errors.forbidden");
}

export const noStore = { "Cache-Control": "no-store" };

/** Parses the query string with a zod schema; failures are a 400 with one message per field. */
export function parseQuery<T extends z.ZodType>(request: Request, schema: T): z.infer<T> {
  const params = Object.fromEntries([...new URL(request.url).searchParams].filter(([, value]) => value !== ""));
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

function validationError(error: z.ZodError) {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join(".") || "body"] ??= issue.message;
  return new AppError(400, "validation_failed", Object.values(fields)[0], fields);
}
