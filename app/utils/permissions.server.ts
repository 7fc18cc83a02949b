import { AppError } from "./errors.server";

interface RoleHolder {
  role: string;
  isMaster: boolean;
}

/** Company admins per spec section 6: roles admin and owner. */
export function isAdmin(user: Pick<RoleHolder, "role">): boolean {
  return user.role === "admin" || user.role === "owner";
}

export function isMaster(user: RoleHolder): boolean {
  return user.isMaster;
}

export function requireMaster(user: RoleHolder) {
  if (!isMaster(user)) throw new AppError(403, "forbidden", "errors.forbidden");
}
