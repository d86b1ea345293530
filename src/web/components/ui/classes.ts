import { cn } from '../../lib/cn';

/**
 * The class names of the shared widgets, without React: the components use them, and so does the
 * script of the prerendered login and sign-up forms (decision 044), which builds the same alerts,
 * field errors and busy buttons in the DOM.
 */

export type AlertTone = 'error' | 'success' | 'info' | 'warning';

const TONES: Record<AlertTone, string> = {
  error: 'border-red-200 bg-red-50 text-red-900',
  success: 'border-green-200 bg-green-50 text-green-900',
  info: 'border-sky-200 bg-sky-50 text-sky-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-950',
};

export function alertClasses(tone: AlertTone, className?: string): string {
  return cn('rounded-xl border px-4 py-3 text-sm leading-relaxed', TONES[tone], className);
}

export const FIELD_ERROR_CLASSES = 'mt-1.5 text-sm font-medium text-red-700';

export const BUSY_SPINNER_CLASSES =
  'size-4 rounded-full border-2 border-current border-t-transparent motion-safe:animate-spin';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'md' | 'lg';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800 active:bg-brand-900',
  secondary: 'border border-stone-300 bg-white text-stone-800 shadow-sm hover:bg-stone-100',
  ghost: 'text-brand-800 hover:bg-brand-50',
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800',
};

const SIZES: Record<ButtonSize, string> = {
  md: 'min-h-10 px-4 py-2 text-sm',
  lg: 'min-h-12 px-6 py-3 text-base',
};

export function buttonClasses(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  className?: string,
) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-xl font-semibold transition-colors',
    'disabled:cursor-not-allowed disabled:opacity-70 aria-disabled:cursor-not-allowed',
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}
