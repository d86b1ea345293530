import { type RefObject, useEffect, useRef, useState } from 'react';

/**
 * A disclosure's open state for a button and its panel inside `root`: it closes on a click
 * outside, on Escape (focus back to the button) and when focus leaves it.
 */
export function useDisclosure(): {
  isOpen: boolean;
  setIsOpen: (open: boolean | ((open: boolean) => boolean)) => void;
  rootRef: RefObject<HTMLDivElement | null>;
  buttonRef: RefObject<HTMLButtonElement | null>;
} {
  const [isOpen, setIsOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsOpen(false);
      buttonRef.current?.focus();
    };
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget && !rootRef.current?.contains(event.relatedTarget as Node)) setIsOpen(false);
    };
    const root = rootRef.current;
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    root?.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
      root?.removeEventListener('focusout', onFocusOut);
    };
  }, [isOpen]);

  return { isOpen, setIsOpen, rootRef, buttonRef };
}
