import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

type AlertTone = 'error' | 'success' | 'info' | 'warning';

const TONES: Record<AlertTone, string> = {
  error: 'border-red-200 bg-red-50 text-red-900',
  success: 'border-green-200 bg-green-50 text-green-900',
  info: 'border-sky-200 bg-sky-50 text-sky-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-950',
};

interface AlertProps {
  tone?: AlertTone;
  id?: string;
  className?: string;
  children: ReactNode;
}

/** A message box: errors are announced at once (role="alert"), other tones politely (role="status"). */
export function Alert({ tone = 'error', id, className, children }: AlertProps) {
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('rounded-xl border px-4 py-3 text-sm leading-relaxed', TONES[tone], className)}
    >
      {children}
    </div>
  );
}
