import * as Dialog from 'radix-ui/dialog';
import { type ReactNode, useState } from 'react';
import { CloseIcon, MenuIcon } from '../../components/ui/icons';
import { useIsDesktop } from './desktop';

interface MobileDrawerProps {
  /** Renders the drawer's content; call `close` after a link or action. */
  children: (close: () => void) => ReactNode;
}

/** The "Menu" button and drawer of narrow screens (below md). */
export function MobileDrawer({ children }: MobileDrawerProps) {
  const [isOpen, setIsOpen] = useState(false);
  // Widened to md while open: the drawer closes (and stays closed if the screen narrows again).
  const isDesktop = useIsDesktop();
  if (isOpen && isDesktop) setIsOpen(false);

  return (
    <Dialog.Root open={isOpen} onOpenChange={setIsOpen}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          aria-label="Menu openen"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-stone-800 hover:bg-stone-100 md:hidden"
        >
          <MenuIcon className="size-6" />
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-stone-900/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-80 max-w-[85vw] flex-col overflow-y-auto bg-white shadow-xl focus:outline-none"
        >
          <div className="flex items-center justify-between border-b border-stone-200 px-4 py-3">
            <Dialog.Title className="font-serif text-xl font-bold text-brand-800">Menu</Dialog.Title>
            <Dialog.Close asChild>
              <button
                type="button"
                aria-label="Menu sluiten"
                className="inline-flex size-11 items-center justify-center rounded-xl text-stone-800 hover:bg-stone-100"
              >
                <CloseIcon className="size-6" />
              </button>
            </Dialog.Close>
          </div>
          <nav aria-label="Menu" className="flex flex-1 flex-col gap-4 p-4">
            {children(() => setIsOpen(false))}
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
