import { type RefObject, useEffect, useRef } from 'react';

/**
 * Issue 31: a disclosure is a native `<details>`/`<summary>`, so it opens and closes before its
 * script has run (or without it). Once hydrated, this enhances it: it closes on a click outside, on
 * Escape (focus back to the summary) and when focus leaves it. The element keeps its own open state
 * (also one a visitor gave it before hydration); the handlers read it there, so nothing here has to
 * follow the toggle events.
 */
export function useDisclosure(): {
  close: () => void;
  rootRef: RefObject<HTMLDetailsElement | null>;
  summaryRef: RefObject<HTMLElement | null>;
} {
  const rootRef = useRef<HTMLDetailsElement>(null);
  const summaryRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const onPointerDown = (event: PointerEvent) => {
      if (root.open && !root.contains(event.target as Node)) root.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !root.open) return;
      root.open = false;
      summaryRef.current?.focus();
    };
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget && !root.contains(event.relatedTarget as Node)) root.open = false;
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    root.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
      root.removeEventListener('focusout', onFocusOut);
    };
  }, []);

  const close = () => {
    if (rootRef.current) rootRef.current.open = false;
  };
  return { close, rootRef, summaryRef };
}

/** The summary without the browser's own triangle (the component draws its own icon). */
export const SUMMARY_CLASS = 'cursor-pointer list-none [&::-webkit-details-marker]:hidden';
