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
const HEDGE =
  /\b(misschien|twijfel\w*|eventueel|(?<!zo \w+ )mogelijk|weet (nog )?niet of|weet (\w+ )?(het )?nog niet|nog niet zeker|wie weet)\b/;
/** A softer hedge: the trait is still suggested, with a lower confidence. */
const SOFT_HEDGE =
  /\b(eerder|een beetje|lijkt|nogal|vrij|best wel|naar eigen zeggen|zegt (hij|ze|zij) zelf|noemt (zich|zichzelf))\b/;
/**
 * A clause about someone else: it starts with "haar ex", "zijn zus", "die vriend"... What it says is
 * not the client's (only that the client has a child, "zijn zoon voetbalt", is).
 */
const OTHER_PERSON =
  /^\s*(zijn|haar|z'n|d'r|hun|die|deze|de)\s+(\w+\s+){0,2}?(ex|ex-?\w+|vorige (vriend|vriendin|partner|relatie)|zus\w*|broer\w*|moeder|vader|mama|papa|ouders|zoon|zonen|zoontje|dochter|dochters|dochtertje|kind|kinderen|kids|vriend|vrienden|vriendin\w*|collega\w*|buurm\w*|buren|partner|man|vrouw|lief|oom|tante|neef|nicht|oma|opa|grootouders|familie(leden)?)\b(?!\s*(is|zijn|komt|komen|gaat|gaan) (heilig|alles|belangrijk|op de eerste plaats))/;
/** A clause about the past ("vroeger", "katholiek opgevoed"): not what the client is now. */
const PAST = /\b(vroeger|opgevoed|opgegroeid|in het verleden|was ooit|destijds|tot voor kort)\b/;
/** A clause that ends what came before: "..., maar gelooft niet meer", "..., nu niet meer". */
const NO_LONGER = /^\s*(maar|nu|tegenwoordig|intussen)\b.*(\b(niet|nooit) meer\b|\bgeen\b.*\bmeer\b)/;
/** A job says nothing about a trait ("werkt als kok" is no foodie): job words are read as nothing. */
const JOB =
  /\b(werkt als|beroep:?|werk:|job:)\s[^,;.]*?(?=[,;.]|\s(en|maar)\s|$)|[^,;.:]*\bvan beroep\b|\b(\w*kok|chef|souschef|reisleid\w*|reisagent\w*|\w*leraar|\w*lerares|dierenarts\w*|\w*ontwerper|\w*ontwerpster|fotograaf|verpleeg\w*|sportcoach|personal trainer|\w*therapeut\w*|kinesist\w*|gids)\b/g;

const CHILDREN = /\b(kind\w*|kids|vader|moeder|papa|mama|gezin|zoon\w*|dochter\w*)\b/;

/** Phrases that settle a trait by themselves, checked on the whole sentence before the rules. */
const PHRASES: { trait: TraitKey; pattern: RegExp; context?: RegExp; blocks: TraitKey[] }[] = [
  {
    trait: 'non_smoker',
    pattern:
      /\b(rookt (\w+ ){0,2}niet|rookt niet meer|rookt (\w+ )?evenmin|nu niet meer|nooit gerookt|rookte nooit|niet-?roker|gestopt met roken|is (\w+ ){0,6}gestopt|roken doet (hij|ze|zij) (\w+ )?niet|nooit een sigaret|nu (al )?(\w+ ){0,3}niet( meer)?|partner die (ook )?(niet )?rookt|roken is (\w+ ){0,4}(no-go|uit den boze)|geen roker|rookvrij|rookt, (hij|ze|zij) (zelf )?(niet|nooit)|roken: (nee|neen|niet|nooit|gestopt)|(rookt|roker|rookster): (nee|neen|niet|nooit))\b/,
    context: /\b(ge)?rook|\broken\b|\brok(er|ster)\b|sigaret|sigaar|gestopt/,
    blocks: ['smoker'],
  },
  {
    trait: 'smoker',
    pattern:
      /\b(rookt wel|probeert te stoppen( met roken)?|rookt (af en toe|soms|graag|dagelijks|sigaretten|een sigaar|nog)|rookster|roken: ja|rookt: ja)\b/,
    blocks: ['non_smoker'],
  },
  {
    trait: 'no_children_wish',
    pattern:
      /\b(geen kinderwens|wil(t|len)? (er )?(ook )?(geen|nooit) (kinderen|kids|kind)|geen (extra |nieuwe )?kinderen meer|(die|dat) wil (hij|ze) niet|wil er (ook )?(geen|nooit)|(dat|die) (blijft|blijven) zo|komen er (ook )?niet meer|geen (eigen )?kinderen (willen|meer)|kinderen wil (hij|ze) niet|kinderwens heeft (hij|ze) niet|kinderen hoeft (hij|ze) niet|wil (ze|er) (ook )?niet|(ziet|zag) (\w+ ){0,3}(kinderen|kind|kids|een kind|kindje) (\w+ ){0,2}niet (meer )?zitten|(kinderen|kind|kids) (ziet|zag) (hij|ze|zij) (\w+ ){0,2}niet (meer )?zitten|kinderwens: (nee|neen|geen)|(wilde|wou|wil) kinderen, (hij|ze|zij) (zelf )?niet|(die|ze) komen er (ook )?niet|(nog )?(een )?(kind|kinderen|kids|kinderwens): (nee|neen|niet voor|geen)|geen kinderen, nooit gewild|wil (die|ze|er) (ook )?niet meer)\b/,
    context: CHILDREN,
    blocks: ['wants_children'],
  },
  {
    trait: 'wants_children',
    pattern: /\b(kinderen|kids|kinderwens): (later wel|ja|wel|graag|zeker)\b/,
    blocks: ['no_children_wish'],
  },
];

const RULES: Rule[] = [
  {
    trait: 'adventurous',
    cues: [
      /\bavontu(ur|urlijk\w*|rier)\b/,
      /\bbackpack\w*/,
      /\btrok (\w+ ){0,6}(door|rond)\b/,
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
      /(?<!rookt )\bsociaal|\bsociale\b/,
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
      /\bintrovert\w*|\bbinnenvetter\b/,
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
      /\b(grappig\w*|humor\w*|gevat\w*|grapjas|grappen|grapjes)\b/,
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
      /\bwerkt (vaak |heel |erg |zeer |enorm |ontzettend )?(hard|keihard|veel|lange dagen|(vaak )?tot ('s avonds )?laat|\w+ uur per week)\b/,
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
      /\bklaarstaat\b|\bstaat (altijd )?klaar voor\b|\bgroot hart\b|\bhelpt graag\b|\bmantelzorg\w*/,
      /\bpleeg(kind\w*|ouder\w*|moeder|vader|zoon|dochter)\b/,
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
      /\w*voetbal\w*|\bsport (hij|ze|zij)\b|\btennis\w*|\bpadel\w*|\bhockey\b|\bbasketbal\w*|\bvolleybal\w*|\broeit\b/,
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
      /\bstedentrip\w*|\bcitytrip\w*|\bsoloreis\w*|\btrok (\w+ ){0,6}(door|rond)\b/,
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
      /\bkookt\b|\bkoken\b|\bgerechten\b/,
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
      /\bbij de haard\b|\bin (de|haar|zijn|z'n|d'r) zetel\b|\bin (zijn|haar|z'n|d'r|haar eigen|zijn eigen) kot\b|\bhonkvast\b/,
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
      /\biets drinken\b|\bop caf[eé](?![\wà-ÿ])|\bop stap\b/,
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
      /\b(een|groot) gezin\b(?! (\w+ )?(stichten|beginnen))/,
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
      /\bwil ([\wà]+ ){0,3}(kinderen|een kind|kids)\b/,
      /\bkinderen wil (hij|ze) (zeker|graag|nog)\b/,
      /\b(graag|ooit) (\w+ )?(vader|moeder|mama|papa) worden\b/,
      /\bzou (hij|ze) graag (nog )?hebben\b/,
      /\bdroomt van (een )?gezin\b|\bmet een gezin\b|\bgroot gezin\b/,
      /\bgezin (\w+ )?(stichten|beginnen)\b|\bgezinnetje\b/,
      /\bwil er nog (een|één|eentje)\b|\bzou (er )?(\w+ )?graag (\w+ )?willen\b/,
    ],
    context: CHILDREN,
  },
  {
    trait: 'has_children',
    cues: [
      /(?<!\bwil\b.*)\b\d+ (kinderen|kids|zonen|dochters)\b/,
      /\b(zoon|zoontjes?|\w*dochter|\w*dochtertjes?|\w*dochters|zonen|tieners|kleinkind\w*|(pleeg|stief)(kind\w*|zoon\w*|zonen|dochter\w*))\b/,
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

/**
 * Sentences of a text, as the text has them: a sentence ends at . or ! (also before a closing
 * quote) followed by a space and a capital or an opening quote, or at a line break; at ? only
 * after more than 40 characters, so a telegram question and its answer ("Kinderwens? Nee.") stay
 * one sentence.
 */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!]["'”’)]?|(?:^|[.!?\n])[^.!?\n]{41,}\?["'”’)]?)\s+(?=[A-ZÀ-Ý"'(‘“])|\n+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/**
 * Telegram notes ask and answer: "Kinderwens? Nee." and "Workaholic? Nee, zegt ze" are one
 * statement, read as "kinderwens: nee".
 */
function answersJoined(text: string) {
  return text.replace(/(^|[.!?\n]\s*|[-•*–]\s+|['"‘“])([^.!?\n'"‘“]{1,40})\?\s+(?=\S)/g, '$1$2: ');
}

/** Clauses of a (lower-cased) sentence: a negation or hedge reaches only to the clause's end. */
function clauses(sentence: string): string[] {
  return sentence.split(/[,;:()–—]|\s(?:en|want|terwijl|hoewel|al)\s|\s(?=(?:maar|nu|tegenwoordig)\s)/);
}

/**
 * "Label: nee" (and "niet", "geen", "zelden"...) negates the label: "uitgaan: zelden" is read as
 * "niet uitgaan", so no cue of the label counts. Run after the phrases, which read "roken: nee".
 */
const negatedAnswers = (sentence: string) =>
  sentence.replace(
    /(^|[-•*–,;]\s*)([^:,;.!?]{1,40}?)\s*:\s*['"]?(nee|neen|niet|nooit|zelden|geen|weinig|liever niet|niks|niets)\b/g,
    '$1niet $2 $3',
  );

const normalise = (text: string) =>
  text.toLowerCase().replace(/[’‘`]/g, "'").replace(/[“”„]/g, '"').replace(/\s+/g, ' ');

/**
 * How sure a suggestion is, from its evidence: a statement of the trait itself ("is sportief",
 * "rookt niet", "Kinderwens: ja") is explicit; a trait inferred from what the client does ("loopt
 * marathons" for sporty) is less sure; a softly hedged sentence ("eerder rustig", "lijkt", "naar
 * eigen zeggen") lower still. A strong hedge ("misschien", "twijfelt") is no suggestion at all.
 */
export const CONFIDENCE = { explicit: 0.9, inferred: 0.7, hedged: 0.5 } as const;

/** The local tagger's work on one text: every trait it finds, once, with its best evidence. */
export function tagText(text: string): SuggestedTag[] {
  const found = new Map<TraitKey, SuggestedTag>();
  const add = (trait: TraitKey, confidence: number, evidence: string, patterns: readonly RegExp[] = []) => {
    const known = found.get(trait);
    if (known && known.confidence >= confidence) return;
    // The words that showed it, as the sentence has them (the evidence rule): the first cue found
    // in the sentence itself; none when the cue matched only the sentence as read (answers joined).
    const plain = normalise(evidence);
    const trigger = patterns
      .map((p) => plain.match(new RegExp(p.source, p.flags.replace('g', '')))?.[0]?.trim())
      .find((m) => !!m);
    found.set(trait, { trait, confidence, evidence, ...(trigger ? { trigger } : {}) });
  };

  for (const original of sentences(text)) {
    const sentence = answersJoined(normalise(original));
    if (HEDGE.test(sentence)) continue;
    const level = (explicit: boolean) =>
      SOFT_HEDGE.test(sentence) ? CONFIDENCE.hedged : explicit ? CONFIDENCE.explicit : CONFIDENCE.inferred;
    const blocked = new Set<TraitKey>();
    const first = clauses(sentence)[0] ?? '';
    const firstIsOther = OTHER_PERSON.test(first) || PAST.test(first);
    for (const phrase of PHRASES) {
      if (blocked.has(phrase.trait)) continue; // "rookster: nee" settled it as non_smoker.
      if (phrase.context && !phrase.context.test(sentence)) continue;
      // A phrase about someone else ("haar zus rookt niet") or the past is not the client's.
      const matches = [...sentence.matchAll(new RegExp(phrase.pattern.source, 'g'))];
      if (!matches.some((m) => !firstIsOther || m.index + m[0].length > first.length)) continue;
      add(phrase.trait, level(true), original, [phrase.pattern]);
      for (const other of [phrase.trait, ...phrase.blocks]) blocked.add(other);
    }
    const aboutClient = negatedAnswers(sentence)
      .replace(PARTNER_WISH, '')
      // "noemt zichzelf een avonturier, maar eigenlijk ..." : the contrast wins.
      .replace(/^.*\bmaar (eigenlijk|in werkelijkheid|in feite|in de praktijk)\b/, '')
      .replace(JOB, ' ');
    const parts = clauses(aboutClient);
    const own = parts.map(
      (clause, i) =>
        !PAST.test(clause) &&
        !(i + 1 < parts.length && NO_LONGER.test(parts[i + 1] ?? '') && !NEGATION.test(clause)),
    );
    const clientClauses = parts.filter((clause, i) => own[i] && !OTHER_PERSON.test(clause));
    const clientText = clientClauses.join(' en ');
    for (const rule of RULES) {
      if (blocked.has(rule.trait)) continue;
      // Only a child of the client is read from a clause about someone else ("zijn zoon voetbalt").
      const readable = rule.trait === 'has_children' ? parts.filter((_, i) => own[i]) : clientClauses;
      const text = rule.trait === 'has_children' ? readable.join(' en ') : clientText;
      if (rule.context && !rule.context.test(text)) continue;
      if (rule.phrases?.some((pattern) => pattern.test(text))) {
        add(rule.trait, level(true), original, rule.phrases);
        continue;
      }
      if (rule.sentence?.some((pattern) => pattern.test(text))) {
        add(rule.trait, level(true), original, rule.sentence);
        continue;
      }
      let best: number | null = null;
      for (const clause of readable) {
        if (NEGATION.test(clause)) continue;
        const index = rule.cues.findIndex((cue) => cue.test(clause));
        if (index < 0) continue;
        const confidence = level(index === 0);
        if (best === null || confidence > best) best = confidence;
      }
      if (best !== null) add(rule.trait, best, original, [...rule.cues, ...(rule.weak ?? [])]);
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
