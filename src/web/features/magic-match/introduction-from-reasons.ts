/**
 * Issue 27 item 5: magic match's "Stel match voor" fills the introduction in from the candidate's
 * reasons (the score's explanation), for the matchmaker to edit. The reasons are staff phrases
 * without a subject ("Delen wandelen en koken", "Zoeken allebei een vaste relatie"); both clients
 * read the introduction, so each becomes a sentence to the two of them ("Jullie delen ...").
 *
 * A reason that names a life view (religion) is left out: special-category data the other client
 * may not learn from the card (decision 027, "Introduction and shared facts").
 */

import { distanceInWords } from '../../../shared/matches';

/** Reasons about what the clients may not learn of each other from a proposal. */
const PRIVATE = /levensbeschouwing|geloof|religie|geaardheid|oriëntatie/i;

/** Known phrasings whose subject is not their first word. */
const REWRITES: [RegExp, string][] = [
  [/^allebei willen ze /i, 'Jullie willen allebei '],
  [/^allebei geen /i, 'Jullie hebben allebei geen '],
  [/^allebei /i, 'Jullie zijn allebei '],
  [/^hun /i, 'Jullie '],
];

export const INTRODUCTION_OPENING = 'Ik stel jullie graag aan elkaar voor.';

/** One reason as a sentence to both clients. */
function sentence(reason: string): string {
  let text = reason.trim().replace(/[.!]+$/, '');
  // The distance as the card says it (rounded), not the exact kilometres of the score.
  text = text.replace(
    /^(wonen) (\d+) km van elkaar/i,
    (_, verb: string, km: string) => `${verb} ${distanceInWords(Number(km))} van elkaar`,
  );
  const rewrite = REWRITES.find(([pattern]) => pattern.test(text));
  if (rewrite) {
    text = text.replace(rewrite[0], rewrite[1]);
  } else if (/^\p{Lu}\p{Ll}+en\b/u.test(text)) {
    // A verb without its subject ("Delen", "Zoeken", "Wonen"): they are the two of them.
    text = `Jullie ${text.charAt(0).toLowerCase()}${text.slice(1)}`;
  }
  // "wat beiden zoeken", "wat beiden willen": the two readers themselves.
  text = text.replace(/\bbeiden (zoeken|willen)\b/g, 'jullie allebei $1');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** The introduction magic match suggests for these reasons; empty when there are none to say. */
export function introductionFromReasons(reasons: readonly string[]): string {
  const sentences = reasons
    .map((r) => r.trim())
    .filter((r) => r && !PRIVATE.test(r))
    .map(sentence);
  if (sentences.length === 0) return '';
  return [INTRODUCTION_OPENING, ...new Set(sentences)].join(' ');
}
