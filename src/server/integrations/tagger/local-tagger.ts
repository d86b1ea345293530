import type { TraitKey } from '../../../shared/traits';
import type { SuggestedTag, TraitTagger } from './tagger';

/**
 * The local tagger (MATCHING.md "AI tagging after the intake", AI_PROVIDER=local): Dutch cues per
 * trait over the sentences of the notes, with negation and hedges, in-process and without network.
 *
 * A note is read sentence by sentence, and each sentence clause by clause (a comma, a semicolon,
 * "maar", "en"...): a cue counts only when its clause holds no negation ("niet", "geen", "nooit",
 * "zelden") and its sentence no hedge ("misschien", "twijfelt"). Some traits turn into their
 * opposite when negated ("wil geen kinderen" is no_children_wish), and the smoking and children
 * traits are settled by whole phrases before any single word ("rookt niet" is non_smoker, never
 * smoker). Every tag carries the sentence that supports it.
 */

interface Rule {
  trait: TraitKey;
  /** Cues that count when their clause is not negated. */
  cues: RegExp[];
  /** Cues whose own words carry a negation ("niet graag in het middelpunt"): never negated. */
  phrases?: RegExp[];
  /** A weaker cue: a lower confidence. */
  weak?: RegExp[];
  /** Cues read over the whole sentence (across 'en'), that carry their own negation check. */
  sentence?: RegExp[];
  /** Only when the sentence is about this (e.g. children for "dat blijft zo"). */
  context?: RegExp;
}

const NEGATION = /\b(niet|geen|nooit|niets|niks|zelden|allesbehalve|allergisch)\b/;
const HEDGE = /\b(misschien|twijfel\w*|eventueel|mogelijk|weet (nog )?niet of|nog niet zeker|wie weet)\b/;
const CHILDREN = /\b(kind\w*|kids|vader|moeder|papa|mama|gezin)\b/;

/** Phrases that settle a trait by themselves, checked on the whole sentence before the rules. */
const PHRASES: { trait: TraitKey; pattern: RegExp; context?: RegExp; blocks: TraitKey[] }[] = [
  {
    trait: 'non_smoker',
    pattern:
      /\b(rookt (\w+ )?niet|rookt niet meer|rookt (\w+ )?evenmin|nu niet meer|nooit gerookt|rookte nooit|niet-?roker|gestopt met roken|is (\w+ ){0,3}gestopt|partner die (ook )?(niet )?rookt|roken is (\w+ ){0,4}(no-go|uit den boze)|geen roker|rookvrij)\b/,
    context: /\b(ge)?rook|\broken\b|sigaret|sigaar|gestopt/,
    blocks: ['smoker'],
  },
  {
    trait: 'smoker',
    pattern:
      /\b(rookt wel|probeert te stoppen( met roken)?|rookt (af en toe|soms|graag|dagelijks|sigaretten|een sigaar))\b/,
    blocks: ['non_smoker'],
  },
  {
    trait: 'no_children_wish',
    pattern:
      /\b(geen kinderwens|wil(t|len)? (er )?(ook )?(geen|nooit) (kinderen|kids|kind)|geen (extra |nieuwe )?kinderen meer|(die|dat) wil (hij|ze) niet|wil er (ook )?(geen|nooit)|(dat|die) (blijft|blijven) zo|komen er (ook )?niet meer|geen (eigen )?kinderen (willen|meer)|kinderen wil (hij|ze) niet|kinderwens heeft (hij|ze) niet|kinderen hoeft (hij|ze) niet|wil (ze|er) (ook )?niet)\b/,
    context: CHILDREN,
    blocks: ['wants_children'],
  },
];

const RULES: Rule[] = [
  {
    trait: 'adventurous',
    cues: [
      /\bavontu(ur|urlijk\w*|rier)\b/,
      /\bbackpack\w*/,
      /\btrok (\w+ ){0,6}(door|rond)\b|\bcitytrip\w*/,
      /\bklimmen|\bbeklimmen|\bbergbeklim\w*/,
      /\bwildernis\b/,
      /\bparachute\w*|\bduiken\b|\bkajak\w*|\bsolotocht\b|\bsurvival\b/,
      /\buitdaging(en)? (op)?zoek\w*|zoekt (graag )?uitdaging\w*/,
    ],
  },
  {
    trait: 'calm',
    cues: [/\b(rustig\w*|kalm\w*|evenwichtig\w*|geduldig\w*|bedachtzaam\w*|sereen|zen)\b/, /\bzoekt rust\b/],
  },
  {
    trait: 'social',
    cues: [
      /\bsociaal|\bsociale\b/,
      /\b(makkelijk|snel|vlot) contact\b|\bmaakt overal vrienden\b/,
      /\bgangmaker\b/,
      /\bgrote vriendenkring\b/,
      /\bkent iedereen\b/,
      /\bbabbel\w*/,
      /\bextravert\w*/,
      /\borganiseert (graag )?(etentjes|feestjes|uitstapjes)\b/,
      /\bgraag onder de mensen\b/,
    ],
  },
  {
    trait: 'introverted',
    cues: [
      /\bintrovert\w*/,
      /\bverlegen\b/,
      /\bteruggetrokken\b/,
      /\bgereserveerd\b/,
      /\beerder stil\b/,
      /\bstil in (een )?groep\b/,
    ],
    phrases: [
      /\bniet graag in het middelpunt\b/,
      /\bliever (een )?(diep )?gesprek met (één|een) (persoon|iemand)\b/,
      /\bgrote groepen (vermoeien|zijn niets)\b/,
    ],
  },
  {
    trait: 'humorous',
    cues: [
      /\b(grappig\w*|humor\w*|gevat\w*|grapjas|grappen)\b/,
      /\bhoudt van lachen\b|\blacht graag\b/,
      /\brelativeert\b/,
    ],
  },
  {
    trait: 'ambitious',
    cues: [
      /\bambiti\w*/,
      /\bgedreven\b/,
      /\bvastberaden\b|\bhogerop\b/,
      /\bwil (\w+ ){0,4}partner worden\b|\bpartner (te )?worden\b/,
      /\bgrote plannen\b/,
      /\bwil (\w+ ){0,6}(leiden|directeur worden|groeien|doorgroeien|uitbouwen)\b/,
      /\bdroomt van een (tweede |eigen )?(vestiging|zaak|bedrijf|bureau)\b/,
    ],
  },
  {
    trait: 'career_focused',
    cues: [
      /\bcarri[eè]re\w*/,
      /\b(werk|job) (\w+ )?alles opslorpt\b/,
      /\bwerkt (vaak |heel |erg |zeer )?(hard|keihard|veel|lange dagen|(vaak )?tot ('s avonds )?laat|\w+ uur per week)\b/,
      /\b(job|werk|carri[eè]re) (neemt|vraagt) (heel )?veel (plaats|tijd)\b/,
      /\b(job|werk|carri[eè]re) (staat|komt|gaat) (\w+ ){0,2}(op de eerste plaats|voor)\b/,
      /\blange (werk)?dagen\b/,
      /\b(job|werk) is (haar|zijn) passie\b/,
      /\bvoldoening uit (haar|zijn) (job|werk)\b/,
      /\beigen (\w*bedrijf|zaak|webwinkel|praktijk|kantoor)\b/,
      /\bworkaholic\b/,
      /\bwil (\w+ ){0,6}(leiden|directeur worden)\b/,
    ],
  },
  {
    trait: 'caring',
    cues: [
      /\bzorgzaam\w*/,
      /\bzorgt (graag )?voor\b|\bzorgde voor\b|\bgezorgd\b/,
      /\bvrijwillig\w*/,
      /\bgroot hart\b|\bhelpt graag\b|\bmantelzorg\w*/,
      /\bpleegkind\w*/,
    ],
  },
  {
    trait: 'spontaneous',
    cues: [
      /\bspontan\w*|\bspontaan\b/,
      /\bimpulsief\b/,
      /\bop het laatste moment\b|\blast[- ]minute\b|\bop de bonnefooi\b/,
    ],
  },
  {
    trait: 'organised',
    cues: [
      /\bgeorganiseerd\b|\bgestructureerd\b|\bstructuur\b/,
      /\bplanner\b|\bop voorhand\b|\bgoed gepland\b/,
      /\b(orde|regelmaat)\b/,
      /\bagenda\b/,
      /\bnetjes\b|\bperfectionis\w*/,
    ],
  },
  {
    trait: 'creative',
    cues: [
      /\bcreatie\w*/,
      /\bschilder\w*|\btekent\b|\btekenen\b|\bkeramiek\b|\bbeeldhouw\w*/,
      /\bfotografe?\w*/,
      /\bmuzikant\b|\bspeelt (\w+ )?(piano|gitaar|viool|drums|saxofoon|in een band)\b|\bmaakt (graag )?muziek\b/,
      /\bschrijft (eigen )?(nummers|verhalen|gedichten|boeken)\b/,
      /\b(grafisch )?ontwerp\w*/,
    ],
  },
  {
    trait: 'curious',
    cues: [
      /\bnieuwsgierig\w*|\bleergierig\w*/,
      /\bleest veel\b/,
      /\bavondles\w*|\bvolgt (\w+ ){0,3}(opleiding|cursus|cursussen)\b/,
      /\bwil alles weten\b|\bstelt (altijd )?vragen\b/,
    ],
  },
  {
    trait: 'romantic',
    cues: [/\bromanti\w*/, /\bverrast\b|\bverrassen\b/, /\bkaarslicht\b/],
  },
  {
    trait: 'sporty',
    cues: [
      /\bsportie\w*|\bsportfanaat\b|\bsport(en|t)\b/,
      /\bloopt (\w+ ){0,4}(keer per week|marathons?|km)\b|\bmarathons?\b|\bhardlo\w*|\bjogt\b|\bjoggen\b/,
      /\btrailrun\w*|\btriatlon\b/,
      /\bfietst\b|\bwieler\w*|\bmountainbik\w*/,
      /\bzwemt\b|\bzwemmen\b|\bfitness\b|\bcrossfit\b|\bskiën\b|\btraint\b/,
      /\bvoetbal\w*|\btennis\w*|\bpadel\w*|\bhockey\b|\bbasketbal\w*|\bvolleybal\w*|\broeit\b/,
      /\b\d+ km door\b|\bdwars door\b|\blichamelijke opvoeding\b/,
      /\bklimmen\b/,
    ],
  },
  {
    trait: 'outdoorsy',
    cues: [
      /\bnatuur\w*/,
      /\bwandel\w*|\bhiken\b|\btrekking\b/,
      /\bardennen\b|\bbergen\b|\bbos(sen)?\b/,
      /\bkamperen\b|\bvissen\b|\bwildernis\b|\bkajak\w*/,
      /\bgraag buiten\b|\bvogel\w*/,
    ],
  },
  {
    trait: 'traveller',
    cues: [
      /\breis\w*|\breizen\b|\bwereldreiziger\b/,
      /\bbackpack\w*/,
      /\bstedentrip\w*/,
      /\bbuitenland\b/,
      /\bwoonde (\w+ ){0,3}in\b/,
    ],
  },
  {
    trait: 'culture_lover',
    cues: [
      /\bcultuur\w*|\bcultureel\b(?! centrum)|\bculturele (activiteit|uitstap|agenda)\w*/,
      /\bmuse(um|a)\w*/,
      /\btheater\w*|\bopera\b|\bballet\b/,
      /\bconcert\w*|\bklassieke muziek\b/,
      /\bdesingel\b|\bbozar\b/,
      /\btentoonstelling\w*|\bexpo'?s?\b/,
      /\bfilmhuis\b|\bcinema\b|\bnaar de film\b|\bstand-?up\w*|\bcitytrip\w*|\bstedentrip\w*/,
    ],
  },
  {
    trait: 'foodie',
    cues: [
      /\bbourgond\w*/,
      /\bkookt\b|\bkoken\b|\bkok\b|\bchef\b|\bgerechten\b/,
      /\brestaurant\w*|\buit eten\b|\betentjes\b/,
      /\bwijn\b|\bfles wijn\b/,
      /\blekker eten\b|\bgastronom\w*|\bculinair\w*|\bfijnproever\b|\blevensgenieter\b|\baan tafel\b|\bkookclub\w*/,
    ],
  },
  {
    trait: 'animal_lover',
    cues: [
      /\bhond(en|je)?\b|\blabrador\b|\bcollie\b/,
      /\bkat(ten)?\b|\bpoes\w*/,
      /\bdieren\w*|\bhuisdier\w*/,
      /\bpaard(en)?\b|\bkonijn\w*/,
    ],
  },
  {
    trait: 'homebody',
    cues: [
      /\bthuismus\b|\bhuismus\b|\bthuisblijver\b|\bhuiselijk\w*/,
      /\b(liever|graag|het liefst|het liefste) thuis\b/,
      /\bblijft (\w+ ){0,3}(liever )?thuis\b/,
      /\bthuis (in|bij|met) (zijn|haar|een) (tuin|zetel|boek|serie|film)\b/,
      /\bbij de haard\b|\bin (haar|zijn) zetel\b/,
      /\bavondje (\w+ ){0,4}thuis\b/,
    ],
  },
  {
    trait: 'night_out',
    cues: [
      /\buitgaan\w*|\bgaat (\w+ ){0,3}uit\b(?! eten)/,
      /\bfeestje\w*|\bfeesten\b|\bfeestbeest\b|\bdansvloer\b/,
      /\bfestival\w*/,
      /\bdanst\b|\bdansen\b|\bclubben\b|\bnachtleven\b/,
      /\biets drinken\b|\bop café\b|\bop stap\b/,
      /\bop elk feest\b/,
    ],
  },
  {
    trait: 'health_conscious',
    cues: [
      /\bgezond\w*/,
      /\blet (\w+ )?op (wat (ze|hij) eet|(haar|zijn) (voeding|gezondheid|lijn))\b/,
      /\bvegetari\w*|\bvegan\w*|\bveganist\w*/,
      /\byoga\b|\bpilates\b|\bmediteert\b|\bmeditatie\b/,
      /\bdrinkt geen alcohol\b|\bgeen alcohol\b/,
    ],
    phrases: [/\bdrinkt geen alcohol\b|\bgeen alcohol\b/],
  },
  {
    trait: 'family_oriented',
    cues: [
      /\bfamiliaal\b|\b(close|hecht) met (zijn|haar) familie\b|\bhecht (\w+ ){0,3}aan (zijn|haar) familie\b|\bfamiliemens\b|\bfamilie is\b|\bfamiliedag\b|\bgrote familie\b|\bfamilieband\w*|\bfamiliefeest\w*/,
      /\bzorgzaam voor (zijn|haar) familie\b/,
      /\bziet (zijn|haar) (ouders|familie|zussen|broers)\b/,
      /\b(een|groot) gezin\b/,
    ],
  },
  {
    trait: 'wants_children',
    sentence: [
      // "wil trouwen en kinderen krijgen", "wil binnen enkele jaren kinderen", "zou graag nog een kindje hebben"
      /\b(wil|wilt|willen|zou|zouden)\b((?!\s(geen|niet|nooit|meer|hoeft|hoeven)\b)\s[\w']+){0,5}\s(kinderen|kindje|kindjes|kind|kids)\b(?!\s(meer|niet))(?!.*\b(niet|geen|nooit) meer\b)/,
      /\b(kinderen|kindje|kids) wil (hij|ze) (\w+ )?(zeker|graag|nog|wel|ooit|absoluut)\b/,
      /\bwil (er|ze) (\w+ )?(wel|graag|zeker|absoluut)\b/,
    ],
    cues: [
      /\bkinderwens\b/,
      /\bwil (\w+ ){0,2}(kinderen|een kind|kids)\b/,
      /\bkinderen wil (hij|ze) (zeker|graag|nog)\b/,
      /\b(graag|ooit) (\w+ )?(vader|moeder|mama|papa) worden\b/,
      /\bzou (hij|ze) graag (nog )?hebben\b/,
      /\bdroomt van (een )?gezin\b|\bmet een gezin\b|\bgroot gezin\b/,
    ],
    context: CHILDREN,
  },
  {
    trait: 'has_children',
    cues: [
      /\b(zoon|zoontje|dochter|dochtertje|dochters|zonen|tieners|kleinkind\w*|pleegkind\w*)\b/,
      /\b(vader|moeder|papa|mama) van\b/,
      /\bheeft (een|twee|drie|vier|vijf|\d+) (\w+ )?(kinderen|kids|kind)\b/,
      /\bkinderen van \d+/,
    ],
  },
  {
    trait: 'religious',
    cues: [
      /\bgelovig\w*(?! opgevoed)|\breligieus\w*|\bgeloof\b/,
      /\bkatholiek\w*|\bmoslim\w*|\bchristen\w*|\bprotestant\w*|\bjoods\w*/,
      /\bnaar de (kerk|mis|moskee|synagoge)\b|\bkerkkoor\b|\bbidt\b|\bbidden\b|\blourdes\b|\bbedevaart\w*/,
    ],
  },
  { trait: 'smoker', cues: [/\brookt\b|\broker\b|\bsigaar\w*|\bsigaret\w*/] },
];

/**
 * What a client looks for in a partner ("ze zoekt een man die sportief is") says nothing about the
 * client: the rules read a sentence only up to such a wish.
 */
const PARTNER_WISH =
  /\b(zoekt|wil|wenst|verlangt|droomt van|hoopt op|hoopt)\b(?:(?!\b(kinderen|kind|kindje|kids)\b).){0,30}?\b(iemand|partner|man|vrouw|vriend|vriendin|levensgezel\w*|type)\b.*$/;

/** Sentences of a text: ends at . ! ? followed by a space and a capital, or a line break. */
function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[A-ZÀ-Ý"'(])|\n+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/** Clauses of a (lower-cased) sentence: a negation or hedge reaches only to the clause's end. */
function clauses(sentence: string): string[] {
  return sentence.split(/[,;:()–—]|\s(?:maar|en|want|terwijl|hoewel|al)\s/);
}

const normalise = (text: string) => text.toLowerCase().replace(/[’']/g, "'").replace(/\s+/g, ' ');

/** A cue's strength: whole descriptions of the person count more than a single activity word. */
const CONFIDENCE = { phrase: 0.9, cue: 0.85 } as const;

/** The local tagger's work on one text: every trait it finds, once, with its first evidence. */
export function tagText(text: string): SuggestedTag[] {
  const found = new Map<TraitKey, SuggestedTag>();
  const add = (trait: TraitKey, confidence: number, evidence: string) => {
    const known = found.get(trait);
    if (!known || known.confidence < confidence) found.set(trait, { trait, confidence, evidence });
  };

  for (const original of sentences(text)) {
    const sentence = normalise(original);
    const blocked = new Set<TraitKey>();
    for (const phrase of PHRASES) {
      if (phrase.context && !phrase.context.test(sentence)) continue;
      if (!phrase.pattern.test(sentence)) continue;
      add(phrase.trait, CONFIDENCE.phrase, original);
      for (const other of [phrase.trait, ...phrase.blocks]) blocked.add(other);
    }
    const isHedged = HEDGE.test(sentence);
    const aboutClient = sentence.replace(PARTNER_WISH, '');
    for (const rule of RULES) {
      if (blocked.has(rule.trait)) continue;
      if (rule.context && !rule.context.test(aboutClient)) continue;
      if (rule.phrases?.some((pattern) => pattern.test(aboutClient))) {
        if (!isHedged) add(rule.trait, CONFIDENCE.phrase, original);
        continue;
      }
      if (rule.sentence?.some((pattern) => pattern.test(aboutClient)) && !isHedged) {
        add(rule.trait, CONFIDENCE.cue, original);
        continue;
      }
      const supported = clauses(aboutClient).some(
        (clause) => rule.cues.some((cue) => cue.test(clause)) && !NEGATION.test(clause),
      );
      if (supported && !isHedged) add(rule.trait, CONFIDENCE.cue, original);
    }
  }
  return [...found.values()];
}

/** AI_PROVIDER=local: the default, in-process and offline. */
export const localTagger: TraitTagger = {
  name: 'local',
  async tag(texts) {
    const byTrait = new Map<TraitKey, SuggestedTag>();
    for (const text of texts) {
      for (const tag of tagText(text)) {
        const known = byTrait.get(tag.trait);
        if (!known || known.confidence < tag.confidence) byTrait.set(tag.trait, tag);
      }
    }
    return [...byTrait.values()];
  },
};
