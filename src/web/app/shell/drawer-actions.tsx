import type { ComponentProps } from 'react';
import { NavLink } from 'react-router';
import { cn } from '../../lib/cn';

const CLASSES =
  'flex min-h-11 w-full items-center gap-2 rounded-xl px-3 py-2 text-left text-sm font-semibold text-stone-700 hover:bg-stone-100 hover:text-stone-900';

type DrawerLinkProps = Omit<ComponentProps<typeof NavLink>, 'className'> & { className?: string };

/** A link in a shell's secondary actions (settings), marked when active. */
export function DrawerLink({ className, ...props }: DrawerLinkProps) {
  return (
    <NavLink
      className={({ isActive }) => cn(CLASSES, isActive && 'bg-brand-50 text-brand-900', className)}
      {...props}
    />
  );
}

/** A button in a shell's secondary actions (signing out). */
export function DrawerAction({ className, ...props }: ComponentProps<'button'>) {
  return <button type="button" className={cn(CLASSES, className)} {...props} />;
}
