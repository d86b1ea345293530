import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '../../../lib/cn';

const CHOICE_CLASSES =
  'flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 ' +
  'has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-700';

/** A group of checkboxes or radios under one legend, with its error announced under it. */
export function ChoiceGroup({
  legend,
  hint,
  error,
  columns = 2,
  children,
}: {
  legend: string;
  hint?: ReactNode;
  error?: string;
  columns?: 1 | 2 | 3;
  children: ReactNode;
}) {
  const id = useId();
  const described = [hint ? `${id}-uitleg` : '', error ? `${id}-fout` : ''].filter(Boolean).join(' ');
  return (
    <fieldset aria-describedby={described || undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-1.5 text-sm font-semibold text-stone-800">{legend}</legend>
      {hint && (
        <p id={`${id}-uitleg`} className="mb-2 text-sm text-stone-600">
          {hint}
        </p>
      )}
      <div
        className={cn(
          'grid gap-2',
          columns === 1
            ? 'grid-cols-1'
            : columns === 2
              ? 'grid-cols-1 sm:grid-cols-2'
              : 'grid-cols-2 sm:grid-cols-3',
        )}
      >
        {children}
      </div>
      {error && (
        <p id={`${id}-fout`} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** One checkbox or radio with its label, as a large touch target. */
export function Choice({ label, className, ...input }: ComponentProps<'input'> & { label: ReactNode }) {
  return (
    <label className={cn(CHOICE_CLASSES, className)}>
      <input className="size-4 shrink-0 accent-brand-700" {...input} />
      <span>{label}</span>
    </label>
  );
}

/** A single checkbox with a longer text (a dealbreaker, a consent). */
export function CheckboxField({
  label,
  hint,
  error,
  ...input
}: Omit<ComponentProps<'input'>, 'type'> & { label: ReactNode; hint?: ReactNode; error?: string }) {
  const id = useId();
  const described = [hint ? `${id}-uitleg` : '', error ? `${id}-fout` : ''].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="flex cursor-pointer items-start gap-3 text-sm text-stone-800">
        <input
          id={id}
          type="checkbox"
          aria-describedby={described || undefined}
          aria-invalid={error ? true : undefined}
          className="mt-0.5 size-5 shrink-0 accent-brand-700"
          {...input}
        />
        <span>{label}</span>
      </label>
      {hint && (
        <p id={`${id}-uitleg`} className="mt-1 ml-8 text-sm text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-fout`} role="alert" className="mt-1 ml-8 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
