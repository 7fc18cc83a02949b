import { useEffect, useState } from "react";
import { useHydrated } from "~/hooks/use-hydrated";

/**
 * Copies a secret address or token to the clipboard, saying so for two seconds. Only with
 * JavaScript (the clipboard needs it): without, the caller shows the text selectable in a field.
 */
export function CopyButton({ text, copyLabel, copiedLabel, testId }: { text: string; copyLabel: string; copiedLabel: string; testId?: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  if (!hydrated || !navigator.clipboard) return null;
  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <button type="button" className="button" onClick={copy} aria-live="polite" data-testid={testId}>
      {copied ? copiedLabel : copyLabel}
    </button>
  );
}
