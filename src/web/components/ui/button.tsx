import type { ComponentProps } from 'react';
import { AppLink, type AppLinkProps } from '../../lib/app-link';
import { BUSY_SPINNER_CLASSES, type ButtonSize, type ButtonVariant, buttonClasses } from './classes';

export { type ButtonSize, type ButtonVariant, buttonClasses };

interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a small spinner, disables the button and marks it aria-busy. */
  isBusy?: boolean;
}

export function Button({
  variant,
  size,
  isBusy = false,
  className,
  type = 'button',
  disabled,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses(variant, size, className)}
      disabled={disabled || isBusy}
      aria-busy={isBusy || undefined}
      {...props}
    >
      {isBusy && <span aria-hidden="true" className={BUSY_SPINNER_CLASSES} />}
      {children}
    </button>
  );
}

interface ButtonLinkProps extends AppLinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** A link that looks like a button (navigation stays a link for assistive technology). */
export function ButtonLink({ variant, size, className, ...props }: ButtonLinkProps) {
  return <AppLink className={buttonClasses(variant, size, className)} {...props} />;
}
