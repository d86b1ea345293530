/**
 * Labelled judgements for `npm run bench:matching` (bench/README.md says by which rules they were
 * written). Realistic profiles: Belgian postcodes, ages and the answers of the profile form.
 */
import type { MatchPerson } from '../../src/server/features/matches/eligibility';

type Profile = Omit<MatchPerson, 'id' | 'gender' | 'age' | 'postcode'>;
const opposite = (g: string) => (g === 'woman' ? ['man'] : ['woman']);

/** A client as the profile form stores them; every answer given unless said otherwise. */
function person(
  id: string,
  gender: string,
  age: number,
  postcode: number,
  extra: Partial<Profile> = {},
): MatchPerson {
  return {
    id,
    gender,
    age,
    postcode,
    seeking_genders: opposite(gender),
    age_min: age - 8,
    age_max: age + 8,
    max_distance_km: 80,
    dealbreakers: [],
    smoking: 'no',
    drinking: 'sometimes',
    wants_children: 'maybe',
    has_children: false,
    religion: 'none',
    relationship_sought: 'long_term',
    education: 'bachelor',
    languages: ['nl'],
    interests: [],
    traits: [],
    quiz: null,
    ...extra,
  };
}
const like = (p: MatchPerson, id: string, extra: Partial<MatchPerson>): MatchPerson => ({
  ...p,
  id,
  ...extra,
});

// Clients (X) and their candidates.
const nele = person('nele', 'woman', 44, 1000, {
  age_min: 38,
  age_max: 52,
  max_distance_km: 100,
  has_children: true,
  education: 'master',
  languages: ['nl', 'fr'],
  interests: ['wandelen', 'koken', 'reizen'],
  traits: ['adventurous'],
});
const olivier = person('olivier', 'man', 46, 1800, { interests: ['lezen'], max_distance_km: 60 });
const filip = person('filip', 'man', 47, 4000, {
  smoking: 'yes',
  relationship_sought: 'friendship_first',
  languages: ['fr', 'nl'],
  max_distance_km: 120,
  interests: ['wandelen', 'koken', 'reizen', 'fietsen'],
  traits: ['adventurous'],
});
const stijnForNele = person('stijn-n', 'man', 49, 3000, { wants_children: 'yes', interests: ['wandelen'] });
const hans = person('hans', 'man', 47, 1300, { languages: ['de'], age_min: 36, age_max: 52 });
const joris = person('joris', 'man', 58, 1000, { age_min: 40 });
const lucas = person('lucas', 'man', 45, 1000, { seeking_genders: ['man'] });
const wim2 = person('wim-g', 'man', 45, 9000, { max_distance_km: 30, dealbreakers: ['distance'] });
const bart = person('bart', 'man', 45, 2300, { max_distance_km: 40 });

const charlotte = person('charlotte', 'woman', 38, 9000, {
  age_min: 34,
  age_max: 45,
  max_distance_km: 60,
  wants_children: 'yes',
  drinking: 'no',
  education: 'master',
  languages: ['nl', 'en'],
  interests: ['theater', 'muziek', 'koken'],
  dealbreakers: ['children'],
});
const dries = person('dries', 'man', 40, 9300, {
  wants_children: 'yes',
  education: 'master',
  drinking: 'sometimes',
});
const xander = person('xander', 'man', 41, 2000, {
  wants_children: 'yes',
  relationship_sought: 'friendship_first',
  interests: ['theater', 'muziek', 'koken', 'reizen'],
});
const koen = person('koen', 'man', 39, 8000, { wants_children: 'no' });
const ruben = person('ruben', 'man', 42, 9000, { wants_children: 'maybe', education: 'master' });
const sam = person('sam', 'man', 37, 3500, {
  wants_children: 'yes',
  education: 'master',
  max_distance_km: 150,
});
const tim = person('tim', 'man', 44, 9000, {
  wants_children: 'yes',
  smoking: 'sometimes',
  education: 'master',
});
const jan = person('jan', 'man', 36, 8500, { wants_children: 'yes', religion: 'christian' });
const wout = person('wout', 'man', 40, 9000, { wants_children: 'yes', drinking: 'yes', education: 'master' });
const frank = person('frank', 'man', 40, 9000, { wants_children: 'yes', languages: ['fr'] });

const stijn = person('stijn', 'man', 39, 3000, {
  age_min: 32,
  age_max: 42,
  max_distance_km: 50,
  wants_children: 'yes',
  religion: 'christian',
  languages: ['nl', 'en'],
  interests: ['fietsen', 'wandelen'],
});
const tine = person('tine', 'woman', 37, 3000, { wants_children: 'yes', religion: 'christian' });
const amelieForStijn = person('amelie-s', 'woman', 41, 4000, {
  wants_children: 'maybe',
  languages: ['fr', 'nl'],
  max_distance_km: 100,
});
const sarah = person('sarah', 'woman', 35, 3000, { wants_children: 'no', religion: 'christian' });
const inge = person('inge', 'woman', 36, 3000, { wants_children: 'yes', religion: 'muslim' });
const eline = person('eline', 'woman', 38, 2800, {
  wants_children: 'yes',
  max_distance_km: 15,
  dealbreakers: ['distance'],
});
const petra = person('petra', 'woman', 45, 3000, { wants_children: 'yes', age_min: 36 });
const greet = person('greet', 'woman', 38, 3000, { seeking_genders: ['woman'] });
const karen = person('karen', 'woman', 34, 3000, {
  wants_children: 'yes',
  religion: 'christian',
  smoking: 'yes',
});
const yana = person('yana', 'woman', 40, 3000, { wants_children: 'yes', age_min: 42, age_max: 50 });

const amelie = person('amelie', 'woman', 41, 4000, {
  age_min: 36,
  age_max: 50,
  max_distance_km: 100,
  languages: ['fr', 'nl'],
  education: 'master',
});
const luc = person('luc', 'man', 43, 4000, { languages: ['fr'], education: 'master' });
const amelieNoSmoke = like(amelie, 'amelie-db', { dealbreakers: ['smoking'] });

const emma = person('emma', 'woman', 36, 3000, {
  age_min: 32,
  age_max: 42,
  wants_children: 'yes',
  education: 'master',
  languages: ['nl', 'fr', 'en'],
  interests: ['wandelen', 'koken', 'theater'],
  dealbreakers: ['smoking'],
});
const thomas = person('thomas', 'man', 38, 3000, {
  wants_children: 'yes',
  interests: ['wandelen', 'koken'],
  education: 'master',
});
const xander2 = person('xander-e', 'man', 39, 2000, {
  wants_children: 'yes',
  relationship_sought: 'friendship_first',
  interests: ['wandelen', 'koken', 'theater'],
});
const karel = person('karel', 'man', 40, 3000, { wants_children: 'yes', smoking: 'sometimes' });
const david = person('david', 'man', 35, 3000, { seeking_genders: ['man'] });
const michel = person('michel', 'man', 41, 3000, { wants_children: 'yes', languages: ['fr'] });
const niels = person('niels', 'man', 34, 3000, {
  wants_children: 'maybe',
  has_children: true,
  interests: ['wandelen', 'koken'],
});
const quinten = person('quinten', 'man', 40, 8400, {
  wants_children: 'yes',
  interests: ['wandelen', 'koken', 'theater'],
});
const bram = person('bram', 'man', 38, 3000, { wants_children: 'yes', age_min: 25, age_max: 33 });

const wim = person('wim', 'man', 52, 8000, {
  age_min: 42,
  age_max: 55,
  max_distance_km: 40,
  dealbreakers: ['distance'],
  relationship_sought: 'marriage',
  religion: 'christian',
  wants_children: 'no',
  drinking: 'no',
  education: 'secondary',
  interests: ['tuinieren', 'fietsen'],
});
const griet = person('griet', 'woman', 48, 8000, {
  relationship_sought: 'marriage',
  religion: 'christian',
  wants_children: 'no',
  education: 'secondary',
});
const ursula = person('ursula', 'woman', 50, 8400, {
  religion: 'christian',
  wants_children: 'no',
  education: 'secondary',
});
const roos = person('roos', 'woman', 47, 9000, {
  relationship_sought: 'marriage',
  religion: 'christian',
  wants_children: 'no',
});
const wendy = like(griet, 'wendy', { age: 45, has_children: true });
const katrien = like(griet, 'katrien', { age: 44, wants_children: 'yes' });
const ilse = like(griet, 'ilse', { age: 53, relationship_sought: 'friendship_first' });
const elke = like(griet, 'elke', { age: 46, religion: 'muslim' });
const lieve = like(griet, 'lieve', { age: 60, age_min: 50, age_max: 65 });
const anke = like(griet, 'anke', { age: 49, smoking: 'yes' });
const ongeline = like(griet, 'ongeline', { age: 50, drinking: 'yes' });

export interface Judgement {
  id: string;
  rule: number;
  client: MatchPerson;
  better?: MatchPerson;
  worse?: MatchPerson;
  excluded?: MatchPerson;
  why: string;
}
const better = (
  id: string,
  rule: number,
  client: MatchPerson,
  a: MatchPerson,
  b: MatchPerson,
  why: string,
): Judgement => ({ id, rule, client, better: a, worse: b, why });
const excluded = (id: string, rule: number, client: MatchPerson, b: MatchPerson, why: string): Judgement => ({
  id,
  rule,
  client,
  excluded: b,
  why,
});

export const JUDGEMENTS: Judgement[] = [
  // Nele
  better(
    'nele-1',
    2,
    nele,
    olivier,
    filip,
    'Filip rookt, wil eerst vriendschap; gedeelde interesses wegen niet op',
  ),
  excluded('nele-2', 1, nele, hans, 'geen gemeenschappelijke taal (Duits tegenover Nederlands en Frans)'),
  excluded('nele-3', 1, nele, joris, 'Joris is 58, boven haar 52'),
  excluded('nele-4', 1, nele, wim2, 'afstand is een dealbreaker voor de kandidaat (30 km)'),
  better('nele-5', 3, nele, olivier, bart, 'Turnhout ligt verder dan Barts eigen 40 km'),
  better(
    'nele-6',
    2,
    nele,
    stijnForNele,
    filip,
    'roken en eerst vriendschap tegenover een kleine kinderwensvraag',
  ),
  better('nele-7', 4, nele, olivier, stijnForNele, 'Stijn wil kinderen, Nele twijfelt; Olivier twijfelt ook'),
  excluded('nele-8', 1, nele, lucas, 'Lucas zoekt mannen'),
  better('nele-9', 4, nele, like(filip, 'filip-nr', { smoking: 'no' }), filip, 'een conflict minder'),
  better(
    'nele-10',
    2,
    nele,
    olivier,
    like(olivier, 'olivier-vr', {
      relationship_sought: 'friendship_first',
      interests: ['wandelen', 'koken', 'reizen'],
    }),
    'interesses wegen niet op tegen eerst vriendschap',
  ),
  // Charlotte
  better('charlotte-1', 2, charlotte, dries, xander, 'Xander wil eerst vriendschap'),
  excluded('charlotte-2', 1, charlotte, koen, 'kinderwens is haar dealbreaker, Koen wil geen kinderen'),
  better('charlotte-3', 5, charlotte, dries, ruben, 'allebei ja tegenover ja en misschien'),
  better('charlotte-4', 2, charlotte, dries, sam, 'Hasselt ligt verder dan haar 60 km'),
  better('charlotte-5', 2, charlotte, dries, tim, 'Tim rookt soms'),
  better('charlotte-6', 7, charlotte, dries, wout, 'zij drinkt niet, Wout graag'),
  excluded('charlotte-7', 1, charlotte, frank, 'geen gemeenschappelijke taal'),
  better('charlotte-8', 4, charlotte, ruben, xander, 'een kleine wrijving tegenover een levensdoel'),
  better(
    'charlotte-9',
    2,
    charlotte,
    jan,
    xander,
    'Jan zoekt een vaste relatie; zijn geloof is geen conflict met haar geen',
  ),
  better(
    'charlotte-10',
    7,
    charlotte,
    dries,
    like(dries, 'dries-sec', { education: 'secondary' }),
    'vergelijkbare opleiding',
  ),
  better(
    'charlotte-11',
    4,
    charlotte,
    like(xander, 'xander-vast', { relationship_sought: 'long_term' }),
    xander,
    'een conflict minder',
  ),
  // Stijn
  better(
    'stijn-1',
    3,
    stijn,
    tine,
    amelieForStijn,
    'Luik ligt verder dan Stijns 50 km en zij twijfelt over kinderen',
  ),
  better('stijn-2', 2, stijn, tine, sarah, 'Sarah wil geen kinderen'),
  better('stijn-3', 6, stijn, tine, inge, 'zelfde geloof tegenover een ander geloof'),
  excluded('stijn-4', 1, stijn, eline, 'Mechelen ligt verder dan Elines dealbreaker van 15 km'),
  excluded('stijn-5', 1, stijn, petra, 'Petra is 45, boven zijn 42 (geen verruiming)'),
  excluded('stijn-6', 1, stijn, greet, 'Greet zoekt vrouwen'),
  excluded('stijn-7', 1, stijn, yana, 'Stijn is 39, onder Yana’s 42'),
  better('stijn-8', 2, stijn, tine, karen, 'Karen rookt'),
  better(
    'stijn-9',
    6,
    stijn,
    like(tine, 'tine-geen', { religion: 'none' }),
    inge,
    'geen geloof botst niet; twee geloven wel',
  ),
  better(
    'stijn-10',
    2,
    stijn,
    like(tine, 'tine-kaal', { interests: [] }),
    like(sarah, 'sarah-fiets', { interests: ['fietsen', 'wandelen'] }),
    'interesses wegen niet op tegen de kinderwens',
  ),
  // Amélie (the candidate's own wishes)
  better('amelie-1', 3, amelie, luc, stijn, 'Stijn wil iemand binnen 50 km; Luik ligt verder'),
  better(
    'amelie-2',
    3,
    amelie,
    like(stijn, 'stijn-100', { max_distance_km: 100 }),
    stijn,
    'zelfde man met een ruimere eigen afstand',
  ),
  excluded('amelie-3', 1, amelie, hans, 'geen gemeenschappelijke taal'),
  better('amelie-4', 2, amelie, luc, filip, 'Filip rookt en wil eerst vriendschap'),
  excluded('amelie-5', 1, amelieNoSmoke, filip, 'roken is haar dealbreaker'),
  better('amelie-6', 3, amelieNoSmoke, luc, olivier, 'Luik ligt verder dan Oliviers eigen 60 km'),
  // Emma
  better('emma-1', 2, emma, thomas, xander2, 'Xander wil eerst vriendschap'),
  excluded('emma-2', 1, emma, karel, 'roken is haar dealbreaker'),
  excluded('emma-3', 1, emma, david, 'David zoekt mannen'),
  better('emma-4', 2, emma, michel, xander2, 'Michel spreekt Frans, zoals zij; zoekt een vaste relatie'),
  better('emma-5', 4, emma, thomas, niels, 'Niels twijfelt over kinderen'),
  better('emma-6', 2, emma, thomas, quinten, 'Oostende ligt verder dan haar 80 km'),
  excluded('emma-7', 1, emma, bram, 'Emma is 36, boven Brams 33'),
  better(
    'emma-8',
    2,
    emma,
    like(thomas, 'thomas-kaal', { interests: [] }),
    xander2,
    'interesses wegen niet op tegen eerst vriendschap',
  ),
  better(
    'emma-9',
    6,
    emma,
    thomas,
    like(thomas, 'thomas-chr', { religion: 'christian' }),
    'zelfde levensbeschouwing (geen) is overeenstemming',
  ),
  better(
    'emma-10',
    7,
    emma,
    thomas,
    like(thomas, 'thomas-sec', { education: 'secondary' }),
    'vergelijkbare opleiding',
  ),
  // Wim
  better('wim-1', 5, wim, griet, ursula, 'allebei een huwelijk tegenover huwelijk en vaste relatie'),
  excluded('wim-2', 1, wim, roos, 'Gent ligt verder dan zijn dealbreaker van 40 km'),
  better('wim-3', 7, wim, griet, wendy, 'Wendy heeft kinderen, Wim wil geen kinderen'),
  better('wim-4', 2, wim, griet, katrien, 'Katrien wil kinderen, Wim niet'),
  better('wim-5', 2, wim, griet, ilse, 'Ilse wil eerst vriendschap'),
  better('wim-6', 6, wim, griet, elke, 'zelfde geloof tegenover een ander geloof'),
  excluded('wim-7', 1, wim, lieve, 'Lieve is 60, boven zijn 55'),
  better('wim-8', 2, wim, griet, anke, 'Anke rookt'),
  better('wim-9', 7, wim, griet, ongeline, 'hij drinkt niet, Ongeline graag'),
  better('wim-10', 2, wim, ursula, katrien, 'geen conflict tegenover de kinderwens'),
  better('wim-11', 4, wim, wendy, katrien, 'een kleine wrijving tegenover een levensdoel'),
  better(
    'wim-12',
    2,
    wim,
    ursula,
    like(ilse, 'ilse-tuin', { interests: ['tuinieren', 'fietsen'] }),
    'interesses wegen niet op tegen eerst vriendschap',
  ),
  // The other way round: the same pairs from the candidate's side.
  better(
    'griet-1',
    3,
    griet,
    wim,
    like(wim, 'wim-vr', { relationship_sought: 'friendship_first' }),
    'Wim zoekt een huwelijk, zoals zij',
  ),
  excluded(
    'emma-11',
    1,
    emma,
    like(thomas, 'thomas-de', { languages: ['de'] }),
    'geen gemeenschappelijke taal',
  ),
  better(
    'charlotte-12',
    3,
    charlotte,
    dries,
    like(dries, 'dries-10', { max_distance_km: 10 }),
    'Aalst ligt verder dan de eigen 10 km van die Dries',
  ),
  better('tine-1', 3, tine, stijn, like(stijn, 'stijn-rookt', { smoking: 'yes' }), 'Tine rookt niet'),
];
