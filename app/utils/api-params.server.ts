// Reading the person an /api call names, the way the spec's clients send it (section 7): `userId`
// in the body, else `user_id`, else the same names in the query string (a DELETE often has no body).
import { apiTeamPersonSchema } from "~/lib/schemas/api-teams";
import { AppError } from "./errors.server";
import { assertNoControlCharacters } from "./request-input.server";

const MAX_ID_LENGTH = 64;

async function bodyFields(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  if (!text.trim()) return {};
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("application/x-www-form-urlencoded")) {
    const fields = Object.fromEntries(new URLSearchParams(text));
    assertNoControlCharacters(fields);
    return fields;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Falls through to the same answer as any other body that is no object.
  }
  if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
    assertNoControlCharacters(parsed);
    return parsed as Record<string, unknown>;
  }
  throw new AppError(400, "invalid_body", "errors.invalidBody");
}

/** The user id a members/admins call is about; a 400 naming `userId` when there is none. */
export async function readUserIdParam(request: Request): Promise<string> {
  const body = await bodyFields(request);
  const query = new URL(request.url).searchParams;
  const names = Object.keys(apiTeamPersonSchema.shape);
  const value = [...names.map((name) => body[name]), ...names.map((name) => query.get(name))].find((v) => v !== undefined && v !== null && v !== "");
  const id = typeof value === "string" || typeof value === "number" ? String(value).trim() : "";
  if (!id || id.length > MAX_ID_LENGTH) {
    throw new AppError(400, "validation_failed", "teams.validation.userIdRequired", { fields: { userId: "teams.validation.userIdRequired" } });
  }
  return id;
}
