import type { ReactNode } from 'react';
import { firstName } from '../../../shared/format';
import { ROUTES } from '../../../shared/routes';
import { LogOutIcon, SettingsIcon } from '../../components/ui/icons';
import { Logo } from '../../components/ui/logo';
import { useSignOut } from '../../features/auth/api/use-sign-out';
import { useSession } from '../session';
import { DrawerAction, DrawerLink } from './drawer-actions';
import { MobileDrawer } from './mobile-drawer';
import { type NavItem, NavItemList } from './nav-items';
import { ShellFrame } from './shell-frame';

const ITEMS: readonly NavItem[] = [
  { to: ROUTES.matchmaker, label: 'Dashboard', end: true },
  { to: ROUTES.matchmakerClients, label: 'Klanten' },
  { to: ROUTES.matchmakerMatches, label: 'Matches' },
  { to: ROUTES.magicMatch, label: 'Magic Match' },
  { to: ROUTES.matchmakerFeedback, label: 'Intake Feedback' },
];

function AccountActions({ onNavigate, onSignOut }: { onNavigate?: () => void; onSignOut: () => void }) {
  return (
    <div className="flex flex-col gap-1 border-t border-stone-200 pt-4">
      <DrawerLink to={ROUTES.settings} onClick={onNavigate}>
        <SettingsIcon className="size-4" />
        Instellingen
      </DrawerLink>
      <DrawerAction onClick={onSignOut}>
        <LogOutIcon className="size-4" />
        Uitloggen
      </DrawerAction>
    </div>
  );
}

/** The /matchmaker shell of spec section 2 (also used by staff on /dashboard/settings). */
export function MatchmakerShell({ children }: { children: ReactNode }) {
  const { profile } = useSession();
  const { signOut } = useSignOut();
  const name = firstName(profile.full_name);

  return (
    <ShellFrame
      sidebarLabel="Matchmakermenu"
      header={
        <>
          <MobileDrawer>
            {(close) => (
              <>
                <NavItemList items={ITEMS} onNavigate={close} />
                <AccountActions
                  onNavigate={close}
                  onSignOut={() => {
                    close();
                    void signOut();
                  }}
                />
              </>
            )}
          </MobileDrawer>
          <Logo to={ROUTES.matchmaker} />
          <span className="rounded-md bg-brand-800 px-2 py-1 text-xs font-bold tracking-widest text-white">
            MATCHMAKER
          </span>
          <p className="hidden min-w-0 flex-1 text-right font-medium break-words text-stone-700 sm:block">
            {name ? `Welkom, ${name}` : 'Welkom'}
          </p>
        </>
      }
      sidebar={
        <div className="flex flex-col gap-4">
          <NavItemList items={ITEMS} />
          <AccountActions onSignOut={() => void signOut()} />
        </div>
      }
    >
      {children}
    </ShellFrame>
  );
}
