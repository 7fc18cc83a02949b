// The pending-approvals poll itself, fetched by use-pending-approvals only for admins once the
// page is interactive: employees' pages (and every page's first load) do not carry it.
export const PENDING_POLL_MS = 1000;

/**
 * Refreshes the count every second (spec section 4), skipping ticks while the tab is hidden or a
 * request is still out. Each poll sends the ETag of the last answer, so while nothing changed the
 * server answers 304 without a body. Returns what stops it.
 */
export function startPendingApprovalsPoll(onCount: (count: number) => void): () => void {
  let inFlight = false;
  let etag: string | null = null;
  const controller = new AbortController();
  const tick = async () => {
    if (inFlight || document.visibilityState === "hidden") return;
    inFlight = true;
    try {
      // If-None-Match set by hand (the browser's own cache is bypassed), so the 304 reaches
      // this code instead of being replaced by a copy from the HTTP cache.
      const response = await fetch("/api/vacations/pending-approvals", {
        headers: { Accept: "application/json", ...(etag ? { "If-None-Match": etag } : {}) },
        cache: "no-store",
        signal: controller.signal,
      });
      if (response.status === 304) return;
      if (response.ok) {
        const items: unknown = await response.json();
        if (Array.isArray(items)) {
          // The changes of approved absences waiting beside the requests (decision 0093).
          const changes = Number(response.headers.get("X-Pending-Changes"));
          onCount(items.length + (Number.isInteger(changes) && changes > 0 ? changes : 0));
          etag = response.headers.get("ETag");
        }
      }
    } catch {
      // Offline or aborted: keep the last count.
    } finally {
      inFlight = false;
    }
  };
  const timer = window.setInterval(tick, PENDING_POLL_MS);
  return () => {
    window.clearInterval(timer);
    controller.abort();
  };
}
