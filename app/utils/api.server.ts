import { getOptionalUser } from "./auth.server";
import { AppError } from "./errors.server";

/** JSON error body of the /api surface: { detail } plus field errors for validation failures. */
export function apiError(status: number, detail: string, fields?: Record<string, string>) {
  return Response.json(fields ? { detail, fields } : { detail }, { status });
}

/** Runs an /api handler: AppError becomes { detail } with its status; anything else a plain 500. */
export async function handleApi(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response) return error;
    if (error instanceof AppError) return apiError(error.status, error.message, error.fields);
    console.error(error);
    return apiError(500, "Internal server error");
  }
}

/** The caller of an /api route: the browser's session cookie for now (bearer tokens: issue 3). */
export async function requireApiUser(request: Request) {
  const found = await getOptionalUser(request);
  if (!found) throw new AppError(401, "unauthorized", "Not authenticated");
  return found;
}
