import { NavLink } from 'react-router';
import { cn } from '../../lib/cn';
import type { NavEntry } from '../navigation';

/** A list of navigation links; the active one gets aria-current="page" from NavLink. */
export function NavItemList({ items, onNavigate }: { items: readonly NavEntry[]; onNavigate?: () => void }) {
  return (
    <ul className="flex flex-col gap-1">
      {items.map(({ to, label, end, Badge }) => (
        <li key={to}>
          <NavLink
            to={to}
            end={end}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                'flex min-h-11 items-center justify-between gap-2 rounded-xl px-3 py-2 text-sm font-semibold transition-colors',
                isActive
                  ? 'bg-brand-50 text-brand-900'
                  : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900',
              )
            }
          >
            <span className="min-w-0">{label}</span>
            {Badge && <Badge />}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
