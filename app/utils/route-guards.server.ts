import { requireUser } from "./auth.server";
import { isAdmin, isMaster } from "./permissions.server";

// Admin screens are refused on the server too, not only hidden from the navigation.
export async function requireAdminPage(request: Request) {
  const found = await requireUser(request);
  if (!isAdmin(found.user)) throw new Response("Forbidden", { status: 403 });
  return found;
}

export async function requireMasterPage(request: Request) {
  const found = await requireUser(request);
  if (!isMaster(found.user)) throw new Response("Forbidden", { status: 403 });
  return found;
}
