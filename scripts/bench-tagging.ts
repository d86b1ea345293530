// `npm run bench:tagging [-- --notes FILE]`: scores the configured tagger (AI_PROVIDER, local by
// default) on labelled intake notes and prints precision, recall and F1 per trait and overall
// (micro-averaged over all trait labels), and the time per note. The last line is one JSON object.
// Default notes: bench/data/intake-notes-dev.json (the project's dev set, never tuned on alone).
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { loadEnv } from '../src/server/env';
import { createTagger } from '../src/server/integrations/tagger';
import { createLogger } from '../src/server/lib/logger';
import { TRAIT_KEYS, type TraitKey } from '../src/shared/traits';

const notesFlag = process.argv.indexOf('--notes');
const file = notesFlag >= 0 ? process.argv[notesFlag + 1] : 'bench/data/intake-notes-dev.json';
if (!file) throw new Error('--notes needs a file');

const notes = z
  .array(z.object({ id: z.string(), notes: z.string(), traits: z.array(z.enum(TRAIT_KEYS)) }))
  .parse(JSON.parse(readFileSync(file, 'utf8')));

const env = loadEnv({ ...process.env, APP_URL: 'http://localhost:3999', AUTH_SECRET: 'bench'.repeat(8) });
const tagger = createTagger({ env, logger: createLogger('warn') });

const counts = new Map<TraitKey, { tp: number; fp: number; fn: number }>(
  TRAIT_KEYS.map((trait) => [trait, { tp: 0, fp: 0, fn: 0 }]),
);
const mistakes: string[] = [];
let elapsed = 0;
for (const note of notes) {
  const started = performance.now();
  const tags = await tagger.tag([note.notes]);
  elapsed += performance.now() - started;
  const predicted = new Set(tags.map((tag) => tag.trait));
  const expected = new Set(note.traits);
  for (const trait of TRAIT_KEYS) {
    const count = counts.get(trait)!;
    if (predicted.has(trait) && expected.has(trait)) count.tp++;
    else if (predicted.has(trait)) {
      count.fp++;
      mistakes.push(`${note.id}: extra ${trait}`);
    } else if (expected.has(trait)) {
      count.fn++;
      mistakes.push(`${note.id}: missed ${trait}`);
    }
  }
}

const score = ({ tp, fp, fn }: { tp: number; fp: number; fn: number }) => {
  const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 1 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
};
const round = (value: number) => Math.round(value * 1000) / 1000;

console.info(`tagger: ${tagger.name}; notes: ${file} (${notes.length})`);
console.info('trait                 labels  precision  recall  f1');
for (const [trait, count] of counts) {
  const labels = count.tp + count.fn;
  if (labels === 0 && count.fp === 0) continue;
  const s = score(count);
  console.info(
    `${trait.padEnd(20)}  ${String(labels).padStart(6)}  ${s.precision.toFixed(2).padStart(9)}  ${s.recall.toFixed(2).padStart(6)}  ${s.f1.toFixed(2)}`,
  );
}
if (process.argv.includes('--mistakes')) for (const line of mistakes) console.info(line);
const total = [...counts.values()].reduce(
  (sum, c) => ({ tp: sum.tp + c.tp, fp: sum.fp + c.fp, fn: sum.fn + c.fn }),
  { tp: 0, fp: 0, fn: 0 },
);
const overall = score(total);
console.info(
  JSON.stringify({
    precision: round(overall.precision),
    recall: round(overall.recall),
    f1: round(overall.f1),
    ms_per_note: round(elapsed / notes.length),
    notes: notes.length,
  }),
);
