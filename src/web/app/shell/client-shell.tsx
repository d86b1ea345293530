import type { ReactNode } from 'react';
import { firstName, formatBadgeCount } from '../../../shared/format';
import { ROUTES } from '../../../shared/routes';
import { LogOutIcon, SettingsIcon } from '../../components/ui/icons';
import { Logo } from '../../components/ui/logo';
import { useSignOut } from '../../features/auth/api/use-sign-out';
import { useProposedMatchCount } from '../../features/matches/api/proposed-matches';
import { useSession } from '../session';
import { DrawerAction, DrawerLink } from './drawer-actions';
import { MobileDrawer } from './mobile-drawer';
import { type NavItem, NavItemList } from './nav-items';
import { SettingsMenu } from './settings-menu';
import { ShellFrame } from './shell-frame';
import { SubscriptionBanner } from './subscription-banner';

export function ProposalBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  const label = count === 1 ? '1 voorgestelde match' : `${count} voorgestelde matches`;
  return (
    <span
      role="img"
      aria-label={label}
      className="inline-flex min-w-6 items-center justify-center rounded-full bg-brand-700 px-1.5 py-0.5 text-xs font-bold text-white"
    >
      {formatBadgeCount(count)}
    </span>
  );
}

/** The /dashboard shell of spec section 2 for clients. */
export function ClientShell({ children }: { children: ReactNode }) {
  const { profile } = useSession();
  const { signOut } = useSignOut();
  const proposalCount = useProposedMatchCount();
  const name = firstName(profile.full_name);

  const items: NavItem[] = [
    { to: ROUTES.dashboard, label: 'Overzicht', end: true },
    { to: ROUTES.products, label: 'Diensten' },
    { to: ROUTES.profileOverview, label: 'Profiel' },
    { to: ROUTES.matchmakers, label: 'Matchmakers' },
    { to: ROUTES.intakePlanning, label: 'Intakegesprek' },
    {
      to: ROUTES.proposedMatches,
      label: 'Voorgestelde Matches',
      badge: <ProposalBadge count={proposalCount} />,
    },
  ];

  return (
    <ShellFrame
      sidebarLabel="Hoofdmenu"
      header={
        <>
          <MobileDrawer>
            {(close) => (
              <>
                <NavItemList items={items} onNavigate={close} />
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
          <Logo to={ROUTES.dashboard} />
          <p className="min-w-32 flex-1 font-medium break-words text-stone-700">
            {name ? `Welkom, ${name}` : 'Welkom'}
          </p>
          <div className="hidden md:block">
            <SettingsMenu onSignOut={() => void signOut()} />
          </div>
        </>
      }
      sidebar={<NavItemList items={items} />}
    >
      <SubscriptionBanner profile={profile} />
      {children}
    </ShellFrame>
  );
}
