import { useEffect, useState } from "react";

/**
 * The server renders the count; with JavaScript, for admins, it is refreshed every second (the
 * poll's code arrives on demand: app/hooks/pending-approvals-poll.ts).
 */
export function usePendingApprovalsCount(initial: number, enabled: boolean): number {
  const [count, setCount] = useState(initial);
  useEffect(() => setCount(initial), [initial]);
  useEffect(() => {
    if (!enabled) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import("./pending-approvals-poll").then(({ startPendingApprovalsPoll }) => {
      if (!cancelled) stop = startPendingApprovalsPoll(setCount);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [enabled]);
  return count;
}
