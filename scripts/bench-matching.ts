// `npm run bench:matching`: the share of labelled judgements (bench/matching/judgements.ts, the
// rules in bench/README.md) that magic match's engine gets right. Pure functions, no database.
// `--set independent` (`npm run bench:matching:independent`) scores the independent set instead
// (bench/matching/judgements-independent.ts, its rules in bench/matching/INDEPENDENT.md).
// The last line is one JSON object.
import { JUDGEMENTS as FIRST_SET } from '../bench/matching/judgements';
import { JUDGEMENTS as INDEPENDENT_SET } from '../bench/matching/judgements-independent';
import { hardFilterFailures, rankBefore, scoreCandidate } from '../src/server/features/magic-match/engine';
import type { MatchPerson } from '../src/server/features/matches/eligibility';
import { postcodeDistanceKm } from '../src/shared/postcode-zones';

const SETS = { default: FIRST_SET, independent: INDEPENDENT_SET } as const;
const setArg = process.argv.indexOf('--set');
const setName = setArg >= 0 ? process.argv[setArg + 1] : 'default';
if (setName !== 'default' && setName !== 'independent') {
  console.error(`onbekende set: ${setName} (default of independent)`);
  process.exit(1);
}
const JUDGEMENTS = SETS[setName];

const km = (a: MatchPerson, b: MatchPerson) => postcodeDistanceKm(a.postcode, b.postcode);
const names = (a: MatchPerson, b: MatchPerson) => ({ a: a.id, b: b.id });
const wrong: string[] = [];
const byRule = new Map<number, { right: number; all: number }>();
for (const j of JUDGEMENTS) {
  let right: boolean;
  let detail = '';
  if (j.excluded) {
    const failures = hardFilterFailures(j.client, j.excluded, km(j.client, j.excluded));
    right = failures.length > 0;
    detail = right ? failures.join(',') : `passes every hard filter`;
  } else {
    const [a, b] = [j.better!, j.worse!];
    const fa = hardFilterFailures(j.client, a, km(j.client, a));
    const fb = hardFilterFailures(j.client, b, km(j.client, b));
    const sa = scoreCandidate(j.client, a, km(j.client, a), undefined, names(j.client, a));
    const sb = scoreCandidate(j.client, b, km(j.client, b), undefined, names(j.client, b));
    right = fa.length === 0 && fb.length === 0 && rankBefore(sa, sb) < 0;
    detail = `${a.id} ${sa.score} [${sa.forA}/${sa.forB}] ${fa.join(',')} vs ${b.id} ${sb.score} [${sb.forA}/${sb.forB}] ${fb.join(',')}`;
  }
  const count = byRule.get(j.rule) ?? { right: 0, all: 0 };
  count.all++;
  if (right) count.right++;
  byRule.set(j.rule, count);
  if (!right) wrong.push(`${j.id} (regel ${j.rule}: ${j.why}): ${detail}`);
}
const right = JUDGEMENTS.length - wrong.length;
for (const line of wrong) console.info(`fout  ${line}`);
for (const [rule, c] of [...byRule].sort((x, y) => x[0] - y[0]))
  console.info(`regel ${rule}: ${c.right}/${c.all}`);
console.info(
  `${right} van ${JUDGEMENTS.length} oordelen juist (${((100 * right) / JUDGEMENTS.length).toFixed(1)}%)`,
);
console.info(
  JSON.stringify({
    judgements: JUDGEMENTS.length,
    right,
    share: Math.round((1000 * right) / JUDGEMENTS.length) / 1000,
  }),
);
