import { useEffect, useState } from "react";
import { TOAST_MS } from "~/lib/billing";
import { ActionNotice, type Notice } from "./action-notice";

/**
 * A notice that, with JavaScript, leaves after TOAST_MS when it is a success (spec section 9: the
 * billing toast lasts 2.2 s); errors stay until the next answer. Without JavaScript it simply
 * stays on the page it came with.
 */
export function Toast({ notice }: { notice: Notice | null | undefined }) {
  const [shown, setShown] = useState<Notice | null | undefined>(notice);
  useEffect(() => {
    setShown(notice);
    if (notice?.tone !== "success") return;
    const timer = window.setTimeout(() => setShown(null), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);
  return <ActionNotice notice={shown} />;
}
