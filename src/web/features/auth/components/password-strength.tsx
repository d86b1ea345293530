import { useEffect, useState } from 'react';
import { passwordScore, STRENGTH_LEVELS, strengthBarClasses } from './password-strength-score';

interface PasswordStrengthProps {
  password: string;
  /** Words from the form (name, e-mail) that make a password weaker when reused. */
  userInputs?: string[];
}

/** "Sterkte: zwak/redelijk/goed/sterk" under the sign-up password, from zxcvbn-ts. */
export function PasswordStrength({ password, userInputs = [] }: PasswordStrengthProps) {
  const [score, setScore] = useState<number | null>(null);
  const inputsKey = userInputs.join('\u0000');

  useEffect(() => {
    if (!password) {
      setScore(null);
      return;
    }
    let isCurrent = true;
    const timer = window.setTimeout(() => {
      passwordScore(password, inputsKey ? inputsKey.split('\u0000') : [])
        .then((result) => {
          if (isCurrent) setScore(result);
        })
        .catch(() => {
          if (isCurrent) setScore(null);
        });
    }, 200);
    return () => {
      isCurrent = false;
      window.clearTimeout(timer);
    };
  }, [password, inputsKey]);

  const level = score === null ? null : STRENGTH_LEVELS[score];
  // data-password-strength: the prerendered sign-up form's script draws into it (decision 044).
  return (
    <div aria-live="polite" className="min-h-6" data-password-strength="">
      {level && score !== null && (
        <div className="flex items-center gap-3">
          <div aria-hidden="true" className="flex flex-1 gap-1">
            {strengthBarClasses(score).map((classes, step) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: four fixed segments
              <span key={step} className={classes} />
            ))}
          </div>
          <span className="text-sm font-medium text-stone-700">Sterkte: {level.label}</span>
        </div>
      )}
    </div>
  );
}
