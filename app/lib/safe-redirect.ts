/** Only local paths, so a crafted link cannot send a signed-in user to another site. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/my-calendar"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}
