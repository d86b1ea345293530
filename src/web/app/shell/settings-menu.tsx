import * as DropdownMenu from 'radix-ui/dropdown-menu';
import { Link } from 'react-router';
import { ROUTES } from '../../../shared/routes';
import { LogOutIcon, SettingsIcon } from '../../components/ui/icons';
import { SettingsMenuButton } from './settings-menu-button';

const ITEM_CLASSES =
  'flex min-h-10 cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-stone-800 outline-none ' +
  'data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900';

/**
 * The header's "Instellingen" menu: the settings page and signing out. `defaultOpen`: it opens as
 * it appears (its button was clicked while this code was loading).
 */
export function SettingsMenu({
  onSignOut,
  defaultOpen = false,
}: {
  onSignOut: () => void;
  defaultOpen?: boolean;
}) {
  return (
    // Not modal and not portalled: the open menu stays inside the header landmark and the page is not
    // hidden from assistive technology while focus is in the menu.
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <SettingsMenuButton />
      </DropdownMenu.Trigger>
      <DropdownMenu.Content
        align="end"
        sideOffset={8}
        className="z-50 min-w-48 rounded-xl border border-stone-200 bg-white p-1.5 shadow-lg"
      >
        <DropdownMenu.Item asChild className={ITEM_CLASSES}>
          <Link to={ROUTES.settings}>
            <SettingsIcon className="size-4" />
            Instellingen
          </Link>
        </DropdownMenu.Item>
        <DropdownMenu.Separator className="my-1 h-px bg-stone-200" />
        <DropdownMenu.Item className={ITEM_CLASSES} onSelect={onSignOut}>
          <LogOutIcon className="size-4" />
          Uitloggen
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
