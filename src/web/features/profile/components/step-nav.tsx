import { PROFILE_STEP_LABELS, PROFILE_STEPS, type ProfileStep } from '../../../../shared/profile';
import { cn } from '../../../lib/cn';

/** The five steps: where you are, which are saved; a saved step can be reopened. */
export function StepNav({
  current,
  saved,
  onSelect,
}: {
  current: ProfileStep;
  saved: ReadonlySet<ProfileStep>;
  onSelect: (step: ProfileStep) => void;
}) {
  return (
    <nav aria-label="Stappen van het profielformulier" className="mb-6">
      <ol className="flex flex-wrap gap-2">
        {PROFILE_STEPS.map((step, index) => {
          const isCurrent = step === current;
          const isSaved = saved.has(step);
          return (
            <li key={step}>
              <button
                type="button"
                aria-current={isCurrent ? 'step' : undefined}
                onClick={() => onSelect(step)}
                className={cn(
                  'min-h-10 rounded-full border px-3 py-1.5 text-sm font-medium',
                  isCurrent
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : isSaved
                      ? 'border-green-700 bg-green-50 text-green-900'
                      : 'border-stone-300 bg-white text-stone-800',
                )}
              >
                {index + 1}. {PROFILE_STEP_LABELS[step]}
                {isSaved && !isCurrent && <span className="sr-only"> (bewaard)</span>}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
