import type { ComponentProps } from 'react';
import { ChevronDownIcon, SettingsIcon } from '../../components/ui/icons';

/**
 * The header's "Instellingen" button: the menu's trigger (settings-menu.tsx), and, drawn the same,
 * what stands in its place while the menu's code loads (app-shell.tsx).
 */
export function SettingsMenuButton(props: ComponentProps<'button'>) {
  return (
    <button
      type="button"
      className="inline-flex min-h-10 items-center gap-2 rounded-xl border border-stone-300 bg-white px-3 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-100"
      {...props}
    >
      <SettingsIcon className="size-4" />
      Instellingen
      <ChevronDownIcon className="size-4" />
    </button>
  );
}
