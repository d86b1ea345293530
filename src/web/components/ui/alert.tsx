import type { ReactNode } from 'react';
import { type AlertTone, alertClasses } from './classes';

interface AlertProps {
  tone?: AlertTone;
  id?: string;
  className?: string;
  children: ReactNode;
}

/** A message box: errors are announced at once (role="alert"), other tones politely (role="status"). */
export function Alert({ tone = 'error', id, className, children }: AlertProps) {
  return (
    <div id={id} role={tone === 'error' ? 'alert' : 'status'} className={alertClasses(tone, className)}>
      {children}
    </div>
  );
}
