import { type InputHTMLAttributes, useRef, useState } from 'react';
import { cn } from '../../lib/cn';

interface FilePickerProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> {
  id: string;
  onFile: (file: File | undefined) => void;
  /** The button's text. */
  buttonLabel?: string;
  buttonClassName?: string;
}

/**
 * A file input in Dutch whatever the browser's language: the native control ('Choose File', 'No
 * file chosen' in an English browser) is visually hidden but stays the focusable, labelled input
 * (keyboard: Tab to it, Space or Enter opens the dialog); a button-like element beside it opens the
 * same dialog by mouse or touch, and the chosen file's name is shown in Dutch.
 */
export function FilePicker({
  id,
  onFile,
  buttonLabel = 'Kies een bestand',
  buttonClassName,
  className,
  ...input
}: FilePickerProps) {
  const ref = useRef<HTMLInputElement>(null);
  const [name, setName] = useState<string>();
  return (
    <div className={cn('flex flex-wrap items-center gap-3', className)}>
      <input
        {...input}
        ref={ref}
        id={id}
        type="file"
        className="peer sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          setName(file?.name);
          onFile(file);
          // The same file chosen again (after a refusal) must fire again.
          event.target.value = '';
        }}
      />
      <span
        aria-hidden="true"
        onClick={() => ref.current?.click()}
        className={cn(
          'inline-flex min-h-10 cursor-pointer select-none items-center rounded-xl bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
          buttonClassName,
        )}
      >
        {buttonLabel}
      </span>
      <span aria-hidden="true" className="min-w-0 truncate text-sm text-stone-700">
        {name ?? 'Geen bestand gekozen'}
      </span>
    </div>
  );
}
