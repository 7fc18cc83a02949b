// A box that scrolls sideways when what it holds is wider than the screen (a table or a chart on a
// phone). Scrolling must work from the keyboard too (WCAG 2.1.1), and a box of plain data has
// nothing else to focus: so the box is a tab stop, named after what it holds.
export function ScrollBox({ labelledBy, className = "table-wrap", children }: { labelledBy: string; className?: string; children: React.ReactNode }) {
  return (
    <div className={className} tabIndex={0} role="region" aria-labelledby={labelledBy}>
      {children}
    </div>
  );
}
