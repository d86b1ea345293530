import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { useEffect, useState } from 'react';
import { MAX_PASSWORD_LENGTH } from '../../../../shared/domain';
import { cn } from '../../../lib/cn';

let factoryPromise: Promise<ZxcvbnFactory> | undefined;

/** zxcvbn-ts with the common and Belgian Dutch dictionaries, loaded on first use (only on /aanmelden). */
function loadZxcvbn(): Promise<ZxcvbnFactory> {
  factoryPromise ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-nl-be'),
  ])
    .then(
      ([core, common, nlBe]) =>
        new core.ZxcvbnFactory({
          translations: nlBe.translations,
          graphs: common.adjacencyGraphs,
          dictionary: { ...common.dictionary, ...nlBe.dictionary },
        }),
    )
    .catch((error: unknown) => {
      factoryPromise = undefined;
      throw error;
    });
  return factoryPromise;
}

const LEVELS = [
  { label: 'zwak', bar: 'bg-red-700' },
  { label: 'zwak', bar: 'bg-red-700' },
  { label: 'redelijk', bar: 'bg-amber-600' },
  { label: 'goed', bar: 'bg-green-700' },
  { label: 'sterk', bar: 'bg-green-800' },
] as const;

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
      loadZxcvbn()
        .then((zxcvbn) => {
          const inputs = inputsKey ? inputsKey.split('\u0000') : [];
          const result = zxcvbn.check(password.slice(0, MAX_PASSWORD_LENGTH), inputs);
          if (isCurrent) setScore(result.score);
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

  const level = score === null ? null : LEVELS[score];
  return (
    <div aria-live="polite" className="min-h-6">
      {level && score !== null && (
        <div className="flex items-center gap-3">
          <div aria-hidden="true" className="flex flex-1 gap-1">
            {[1, 2, 3, 4].map((step) => (
              <span
                key={step}
                className={cn(
                  'h-1.5 flex-1 rounded-full',
                  step <= Math.max(score, 1) ? level.bar : 'bg-stone-200',
                )}
              />
            ))}
          </div>
          <span className="text-sm font-medium text-stone-700">Sterkte: {level.label}</span>
        </div>
      )}
    </div>
  );
}
