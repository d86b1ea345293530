import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { MAX_PASSWORD_LENGTH } from '../../../../shared/domain';

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

/**
 * The levels of zxcvbn's score 0-4. Shared by the React hint (`PasswordStrength`) and the
 * prerendered sign-up form's script (decision 044), which draw the same bar.
 */
export const STRENGTH_LEVELS = [
  { label: 'zwak', bar: 'bg-red-700' },
  { label: 'zwak', bar: 'bg-red-700' },
  { label: 'redelijk', bar: 'bg-amber-600' },
  { label: 'goed', bar: 'bg-green-700' },
  { label: 'sterk', bar: 'bg-green-800' },
] as const;

/** The four segments of the bar: filled up to the score (at least one). */
export function strengthBarClasses(score: number): string[] {
  const level = STRENGTH_LEVELS[score] ?? STRENGTH_LEVELS[0];
  return [1, 2, 3, 4].map(
    (step) => `h-1.5 flex-1 rounded-full ${step <= Math.max(score, 1) ? level.bar : 'bg-stone-200'}`,
  );
}

/** zxcvbn's score (0-4) of a password, with words from the form that make it weaker when reused. */
export async function passwordScore(password: string, userInputs: string[]): Promise<number> {
  const zxcvbn = await loadZxcvbn();
  return zxcvbn.check(password.slice(0, MAX_PASSWORD_LENGTH), userInputs).score;
}
