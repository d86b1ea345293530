import { useId } from 'react';
import { RATING_MAX, RATING_MIN } from '../../../../shared/domain';
import { cn } from '../../../lib/cn';

const STARS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

/** Ratings of 1 to 5 stars as a radio group: keyboard and screen readers work as for any radio. */
export function StarRating({
  label,
  value,
  onChange,
  required = false,
  error,
}: {
  label: string;
  value: number | null;
  onChange: (value: number) => void;
  required?: boolean;
  error?: string;
}) {
  const name = useId();
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-semibold text-stone-800">
        {label}
        {required ? ' (verplicht)' : ' (optioneel)'}
      </legend>
      <div className="flex gap-1">
        {STARS.map((star) => (
          <label
            key={star}
            className="cursor-pointer rounded-md p-1 has-focus-visible:outline-2 has-focus-visible:outline-brand-700"
          >
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              className="sr-only"
            />
            {/* Issue 30 (WCAG 1.4.11): both kinds of star at 3:1 or more against white, and told
                apart by shape as well as colour: filled when chosen, an outline when not. */}
            <span
              aria-hidden="true"
              data-star={value !== null && star <= value ? 'gekozen' : 'leeg'}
              className={cn(
                'text-3xl leading-none',
                value !== null && star <= value ? 'text-amber-700' : 'text-stone-500',
              )}
            >
              {value !== null && star <= value ? '★' : '☆'}
            </span>
            <span className="sr-only">{star === 1 ? '1 ster' : `${star} sterren`}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </fieldset>
  );
}
