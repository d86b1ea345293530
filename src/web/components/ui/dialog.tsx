import { type ReactNode, useEffect, useId, useRef } from 'react';
import { cn } from '../../lib/cn';
import { CloseIcon } from './icons';

interface DialogProps {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  /** `wide` for content such as a detail view. */
  size?: 'default' | 'wide';
  children: ReactNode;
}

/**
 * A modal on the native <dialog>: the browser traps focus, closes on Escape and restores focus
 * to what opened it. The title labels the dialog.
 */
export function Dialog({ isOpen, onClose, title, description, size = 'default', children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  // While open, and as its content changes (a detail that loads): a body with no control gets
  // tabindex 0 (axe scrollable-region-focusable); one with controls none, so Tab goes to its fields.
  useEffect(() => {
    const body = bodyRef.current;
    if (!isOpen || !body) return;
    const update = () => {
      const hasControl =
        body.querySelector('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])') !==
        null;
      if (hasControl) body.removeAttribute('tabindex');
      else body.setAttribute('tabindex', '0');
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [isOpen]);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={onClose}
      className={cn(
        'm-auto w-[calc(100%-1.5rem)] rounded-2xl bg-white p-0 text-stone-900 shadow-xl backdrop:bg-stone-900/50',
        size === 'wide' ? 'max-w-3xl' : 'max-w-lg',
      )}
    >
      {isOpen && (
        <div className="flex max-h-[85dvh] flex-col">
          <div className="flex items-start justify-between gap-4 border-b border-stone-200 px-5 py-4">
            <div>
              <h2 id={titleId} className="text-lg font-semibold">
                {title}
              </h2>
              {description && (
                <p id={descriptionId} className="mt-1 text-sm text-stone-700">
                  {description}
                </p>
              )}
            </div>
            <button
              type="button"
              onClick={onClose}
              className="-mr-2 flex size-10 shrink-0 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100"
            >
              <CloseIcon className="size-5" />
              <span className="sr-only">Sluiten</span>
            </button>
          </div>
          {/* A body without a control of its own gets a tab stop, so a keyboard can still scroll it. */}
          <div ref={bodyRef} className="overflow-y-auto px-5 py-4">
            {children}
          </div>
        </div>
      )}
    </dialog>
  );
}
