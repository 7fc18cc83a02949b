export function Logo() {
  return (
    <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect x="3" y="6" width="26" height="23" rx="4" fill="currentColor" opacity="0.15" />
      <rect x="3" y="6" width="26" height="7" rx="3" fill="currentColor" />
      <rect x="9" y="3" width="3" height="6" rx="1.5" fill="currentColor" />
      <rect x="20" y="3" width="3" height="6" rx="1.5" fill="currentColor" />
      <path d="M10 20.5l4 4 8-8" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
