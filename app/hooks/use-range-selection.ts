import { useCallback, useEffect, useRef, useState } from "react";
import { addDays, isoDate, maxDate, minDate, type IsoDate } from "~/lib/dates";

export interface SelectedRange {
  start: IsoDate;
  end: IsoDate;
}

/** Dragging backwards selects the same days as dragging forwards (spec §5: order-insensitive). */
export function orderedRange(a: IsoDate, b: IsoDate): SelectedRange {
  return a <= b ? { start: a, end: b } : { start: b, end: a };
}

function dateOf(target: EventTarget | null): IsoDate | null {
  const cell = target instanceof Element ? target.closest<HTMLElement>("[data-date]") : null;
  return cell?.dataset.date ?? null;
}

interface Drag {
  anchor: IsoDate;
  current: IsoDate;
}

const KEY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * Range selection over day cells carrying `data-date`: drag with a pointer, or with the keyboard
 * (arrows move, Enter/Space on the first day and again on the last day, Escape cancels). The
 * handlers go on one container, so the cells need no listeners of their own.
 */
export function useRangeSelection<Container extends HTMLElement = HTMLDivElement>({
  year,
  startMonth = 1,
  initialFocus,
  onSelect,
}: {
  year: number;
  /** The month the shown (leave) year starts in; focus stays within its twelve months. */
  startMonth?: number;
  initialFocus: IsoDate;
  onSelect: (range: SelectedRange) => void;
}) {
  const containerRef = useRef<Container>(null);
  const [drag, setDragState] = useState<Drag | null>(null);
  // The pointerup listener reads the latest drag without re-subscribing on every cell crossed.
  const dragRef = useRef<Drag | null>(null);
  const setDrag = useCallback((next: Drag | null) => {
    dragRef.current = next;
    setDragState(next);
  }, []);
  const [keyboardAnchor, setKeyboardAnchor] = useState<IsoDate | null>(null);
  const [focusDate, setFocusDate] = useState<IsoDate>(initialFocus);
  const [focusYear, setFocusYear] = useState(year);
  if (focusYear !== year) {
    // Another year is shown: its cells replace the old ones, so focus and selection restart.
    setFocusYear(year);
    setFocusDate(initialFocus);
    setKeyboardAnchor(null);
    setDragState(null);
  }
  const onSelectRef = useRef(onSelect);
  useEffect(() => {
    onSelectRef.current = onSelect;
  });

  const dragging = drag !== null;
  useEffect(() => {
    if (!dragging) return;
    const finish = () => {
      const current = dragRef.current;
      setDrag(null);
      if (current) onSelectRef.current(orderedRange(current.anchor, current.current));
    };
    const cancel = () => setDrag(null);
    window.addEventListener("pointerup", finish);
    window.addEventListener("pointercancel", cancel);
    return () => {
      window.removeEventListener("pointerup", finish);
      window.removeEventListener("pointercancel", cancel);
    };
  }, [dragging, setDrag]);

  const onPointerDown = useCallback((event: React.PointerEvent) => {
    if (event.button !== 0 || !event.isPrimary) return;
    const date = dateOf(event.target);
    if (!date) return;
    // No text selection or native drag image while sweeping across days.
    event.preventDefault();
    setKeyboardAnchor(null);
    setFocusDate(date);
    setDrag({ anchor: date, current: date });
  }, [setDrag]);

  const onPointerMove = useCallback(
    (event: React.PointerEvent) => {
      if (!dragging) return;
      // Hit-testing rather than the event target: touch pointers stay captured by the first cell.
      const date = dateOf(document.elementFromPoint(event.clientX, event.clientY));
      const current = dragRef.current;
      if (date && current && current.current !== date) setDrag({ ...current, current: date });
    },
    [dragging, setDrag],
  );

  const moveFocus = useCallback(
    (date: IsoDate) => {
      const next = minDate(maxDate(date, isoDate(year, startMonth, 1)), isoDate(year + 1, startMonth, 0));
      setFocusDate(next);
      containerRef.current?.querySelector<HTMLElement>(`[data-date="${next}"]`)?.focus();
    },
    [year, startMonth],
  );

  const onKeyDown = useCallback(
    (event: React.KeyboardEvent) => {
      const date = dateOf(event.target);
      if (!date) return;
      if (event.key in KEY_STEPS) {
        event.preventDefault();
        moveFocus(addDays(date, KEY_STEPS[event.key]));
      } else if (event.key === "Home" || event.key === "End") {
        event.preventDefault();
        const [dateYear, month] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
        moveFocus(event.key === "Home" ? isoDate(dateYear, month, 1) : isoDate(dateYear, month + 1, 0));
      } else if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        if (keyboardAnchor) {
          setKeyboardAnchor(null);
          onSelectRef.current(orderedRange(keyboardAnchor, date));
        } else {
          setKeyboardAnchor(date);
        }
      } else if (event.key === "Escape" && keyboardAnchor) {
        event.preventDefault();
        event.stopPropagation();
        setKeyboardAnchor(null);
      }
    },
    [keyboardAnchor, moveFocus],
  );

  const onFocus = useCallback((event: React.FocusEvent) => {
    const date = dateOf(event.target);
    if (date) setFocusDate(date);
  }, []);

  const preview: SelectedRange | null = drag
    ? orderedRange(drag.anchor, drag.current)
    : keyboardAnchor
      ? orderedRange(keyboardAnchor, focusDate)
      : null;

  return {
    containerRef,
    focusDate,
    preview,
    selecting: drag !== null || keyboardAnchor !== null,
    handlers: { onPointerDown, onPointerMove, onKeyDown, onFocus },
  };
}
