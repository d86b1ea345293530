import { AppLink } from '../../lib/app-link';
import { cn } from '../../lib/cn';
import { HeartIcon } from './icons';

/** The Koppel word mark, linking to `to` (the home page by default). */
export function Logo({ to = '/', className }: { to?: string; className?: string }) {
  return (
    <AppLink
      to={to}
      className={cn(
        'inline-flex items-center gap-2 rounded-lg font-serif text-2xl font-bold tracking-tight text-brand-800',
        className,
      )}
    >
      <HeartIcon className="size-6 text-brand-700" />
      Koppel
    </AppLink>
  );
}
