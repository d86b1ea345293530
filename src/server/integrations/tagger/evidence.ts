import { sentences } from './local-tagger';

/** Text as compared for evidence: case, quotes and whitespace do not count. */
export const comparable = (text: string) =>
  text.toLowerCase().replace(/[’‘`]/g, "'").replace(/[“”„]/g, '"').replace(/\s+/g, ' ').trim();

const HAS_LETTER = /\p{L}/u;

/**
 * The evidence rule (issue 30): a suggestion's evidence is a sentence of the tagged texts that
 * contains its trigger (the words that show the trait). Given what a tagger quoted and its
 * trigger, returns that sentence as the texts have it, or null: then the tag is no suggestion
 * (whitespace, a quote that is not in the texts, a trigger that is not in the quote).
 */
export function evidenceSentence(texts: readonly string[], evidence: string, trigger: string): string | null {
  const quoted = comparable(evidence);
  const words = comparable(trigger);
  if (!HAS_LETTER.test(quoted) || !HAS_LETTER.test(words) || !quoted.includes(words)) return null;
  for (const text of texts) {
    for (const sentence of sentences(text)) {
      const candidate = comparable(sentence);
      if (!candidate.includes(words)) continue;
      if (candidate.includes(quoted) || quoted.includes(candidate)) return sentence;
    }
  }
  return null;
}
