import { lazy, type ReactNode, Suspense, useState } from 'react';
import { firstName } from '../../../shared/format';
import { ROUTES } from '../../../shared/routes';
import { LogOutIcon, SettingsIcon } from '../../components/ui/icons';
import { Logo } from '../../components/ui/logo';
import { cn } from '../../lib/cn';
import { homePathForRole } from '../../lib/home-path';
import { useSession } from '../../lib/session';
import { useSignOut } from '../../lib/use-sign-out';
import type { RoleNavigation } from '../navigation';
import { useIsDesktop } from './desktop';
import { DrawerAction, DrawerLink } from './drawer-actions';
import { MobileDrawer } from './mobile-drawer';
import { NavItemList } from './nav-items';
import { SettingsMenuButton } from './settings-menu-button';
import { ShellFrame } from './shell-frame';

/**
 * Issue 31: the header's settings menu (Radix's dropdown menu and its positioning) shows from md up
 * only; its code loads there, not on a phone, where the drawer holds the same links.
 */
const SettingsMenu = lazy(async () => ({ default: (await import('./settings-menu')).SettingsMenu }));

/**
 * From md up, the settings menu. Until its code has loaded, its button stands in, drawn the same:
 * a click on it is kept, and the menu opens as soon as it is there (no lost first click).
 */
function HeaderSettingsMenu({ onSignOut }: { onSignOut: () => void }) {
  const isDesktop = useIsDesktop();
  const [clickedEarly, setClickedEarly] = useState(false);
  if (!isDesktop) return null;
  return (
    <Suspense
      fallback={
        <SettingsMenuButton
          aria-haspopup="menu"
          aria-expanded={false}
          onClick={() => setClickedEarly(true)}
        />
      }
    >
      <SettingsMenu onSignOut={onSignOut} defaultOpen={clickedEarly} />
    </Suspense>
  );
}

/**
 * The shell of every signed-in area (spec section 2): the role's navigation in the sidebar (a
 * drawer on phones), the greeting and the settings menu in the header, and the role's banner
 * above the page.
 */
export function AppShell({ navigation, children }: { navigation: RoleNavigation; children: ReactNode }) {
  const { profile } = useSession();
  const { signOut } = useSignOut();
  const name = firstName(profile.full_name);
  const { Banner } = navigation;

  return (
    <ShellFrame
      sidebarLabel={navigation.label}
      header={
        <>
          <MobileDrawer>
            {(close) => (
              <>
                <NavItemList items={navigation.items} onNavigate={close} />
                <div className="flex flex-col gap-1 border-t border-stone-200 pt-4">
                  <DrawerLink to={ROUTES.settings} onClick={close}>
                    <SettingsIcon className="size-4" />
                    Instellingen
                  </DrawerLink>
                  <DrawerAction
                    onClick={() => {
                      close();
                      void signOut();
                    }}
                  >
                    <LogOutIcon className="size-4" />
                    Uitloggen
                  </DrawerAction>
                </div>
              </>
            )}
          </MobileDrawer>
          <Logo to={homePathForRole(profile.role)} className="shrink-0" />
          {navigation.tag && (
            <span className="shrink-0 rounded-md bg-brand-800 px-2 py-1 text-xs font-bold tracking-widest text-white">
              {navigation.tag}
            </span>
          )}
          {/* One row at 390 px: a long name is cut off with an ellipsis (the full name is its title). */}
          {/* Staff's role tag takes the phone's room: their greeting shows from sm up. */}
          <p
            className={cn(
              'min-w-0 flex-1 truncate font-medium text-stone-700',
              navigation.tag && 'max-sm:invisible',
            )}
            title={name ?? undefined}
          >
            {name ? `Welkom, ${name}` : 'Welkom'}
          </p>
          <div className="hidden md:block">
            <HeaderSettingsMenu onSignOut={() => void signOut()} />
          </div>
        </>
      }
      sidebar={<NavItemList items={navigation.items} />}
    >
      {Banner ? <Banner profile={profile}>{children}</Banner> : children}
    </ShellFrame>
  );
}
