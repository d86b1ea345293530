import { type ComponentProps, type ReactNode, useId, useState } from 'react';
import { cn } from '../../lib/cn';
import { FIELD_ERROR_CLASSES } from './classes';
import { EyeIcon, EyeOffIcon } from './icons';

interface TextFieldProps extends Omit<ComponentProps<'input'>, 'children'> {
  label: string;
  /** The field's own error, shown under it with role="alert". */
  error?: string;
  /** Marks the field invalid when its error is shown elsewhere (a form-level alert). */
  invalid?: boolean;
  /** Help text under the field. */
  hint?: ReactNode;
  /** Ids of other elements that describe the field, such as a form-level alert. */
  describedBy?: string;
}

const INPUT_CLASSES =
  'block w-full rounded-xl border border-stone-300 bg-white px-3.5 py-2.5 text-base text-stone-900 shadow-sm ' +
  'placeholder:text-stone-500 focus:border-brand-700 aria-invalid:border-red-700';

function useFieldIds(
  id: string | undefined,
  error: string | undefined,
  hint: ReactNode,
  describedBy?: string,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-fout`;
  const hintId = `${inputId}-uitleg`;
  const described = [describedBy, hint ? hintId : undefined, error ? errorId : undefined]
    .filter(Boolean)
    .join(' ');
  return { inputId, errorId, hintId, described: described || undefined };
}

function FieldMessages({ error, errorId, hint, hintId }: FieldMessagesProps) {
  return (
    <>
      {hint && (
        <div id={hintId} className="mt-1.5 text-sm text-stone-600">
          {hint}
        </div>
      )}
      {error && (
        <p id={errorId} role="alert" className={FIELD_ERROR_CLASSES}>
          {error}
        </p>
      )}
    </>
  );
}

interface FieldMessagesProps {
  error?: string;
  errorId: string;
  hint?: ReactNode;
  hintId: string;
}

/** A labelled input; its error and hint are linked through aria-describedby. */
export function TextField({
  label,
  error,
  invalid,
  hint,
  describedBy,
  id,
  className,
  type = 'text',
  ...inputProps
}: TextFieldProps) {
  const ids = useFieldIds(id, error, hint, describedBy);
  return (
    <div className={className} data-field="">
      <label htmlFor={ids.inputId} className="mb-1.5 block text-sm font-semibold text-stone-800">
        {label}
      </label>
      <input
        id={ids.inputId}
        type={type}
        aria-invalid={error || invalid ? true : undefined}
        aria-describedby={ids.described}
        className={INPUT_CLASSES}
        {...inputProps}
      />
      <FieldMessages error={error} errorId={ids.errorId} hint={hint} hintId={ids.hintId} />
    </div>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField({
  label,
  error,
  invalid,
  hint,
  describedBy,
  id,
  className,
  ...inputProps
}: Omit<TextFieldProps, 'type'>) {
  const ids = useFieldIds(id, error, hint, describedBy);
  const [isVisible, setIsVisible] = useState(false);
  return (
    <div className={className} data-field="">
      <label htmlFor={ids.inputId} className="mb-1.5 block text-sm font-semibold text-stone-800">
        {label}
      </label>
      <div className="relative">
        <input
          id={ids.inputId}
          type={isVisible ? 'text' : 'password'}
          aria-invalid={error || invalid ? true : undefined}
          aria-describedby={ids.described}
          className={cn(INPUT_CLASSES, 'pr-12')}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          {...inputProps}
        />
        {/* Both icons are drawn and aria-pressed picks one, so the prerendered login and sign-up
            forms (decision 044) toggle it with a few lines of script and no React. */}
        <button
          type="button"
          aria-pressed={isVisible}
          aria-controls={ids.inputId}
          data-password-toggle=""
          onClick={() => setIsVisible((visible) => !visible)}
          className="group absolute inset-y-1 right-1 flex w-10 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100"
        >
          <EyeIcon className="size-5 group-aria-pressed:hidden" />
          <EyeOffIcon className="hidden size-5 group-aria-pressed:block" />
          <span className="sr-only">{`${label} tonen`}</span>
        </button>
      </div>
      <FieldMessages error={error} errorId={ids.errorId} hint={hint} hintId={ids.hintId} />
    </div>
  );
}

interface TextAreaFieldProps extends Omit<ComponentProps<'textarea'>, 'children'> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled multi-line input with the same error and hint wiring as TextField. */
export function TextAreaField({ label, error, hint, id, className, rows = 3, ...props }: TextAreaFieldProps) {
  const ids = useFieldIds(id, error, hint);
  return (
    <div className={className}>
      <label htmlFor={ids.inputId} className="mb-1.5 block text-sm font-semibold text-stone-800">
        {label}
      </label>
      <textarea
        id={ids.inputId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.described}
        className={INPUT_CLASSES}
        {...props}
      />
      <FieldMessages error={error} errorId={ids.errorId} hint={hint} hintId={ids.hintId} />
    </div>
  );
}

interface SelectFieldProps extends ComponentProps<'select'> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled native select. */
export function SelectField({ label, error, hint, id, className, children, ...props }: SelectFieldProps) {
  const ids = useFieldIds(id, error, hint);
  return (
    <div className={className}>
      <label htmlFor={ids.inputId} className="mb-1.5 block text-sm font-semibold text-stone-800">
        {label}
      </label>
      <select
        id={ids.inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.described}
        className={INPUT_CLASSES}
        {...props}
      >
        {children}
      </select>
      <FieldMessages error={error} errorId={ids.errorId} hint={hint} hintId={ids.hintId} />
    </div>
  );
}
