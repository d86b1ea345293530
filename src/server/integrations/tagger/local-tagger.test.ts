import { describe, expect, it } from 'vitest';
import { TRAIT_KEYS, type TraitKey } from '../../../shared/traits';
import { CONFIDENCE, localTagger, tagText } from './local-tagger';

const traitsOf = (text: string) =>
  tagText(text)
    .map((tag) => tag.trait)
    .sort();

describe('the local tagger', () => {
  it('finds every trait of the taxonomy from a plain sentence', () => {
    const examples: Record<TraitKey, string> = {
      adventurous: 'Ze is heel avontuurlijk en trok alleen door Patagonië.',
      calm: 'Hij is een rustige, evenwichtige man.',
      social: 'Ze is heel sociaal en heeft een grote vriendenkring.',
      introverted: 'Hij is eerder introvert en heeft tijd nodig om los te komen.',
      humorous: 'Ze heeft veel humor en maakte me tijdens het gesprek vaak aan het lachen.',
      ambitious: 'Hij is ambitieus en wil over vijf jaar een eigen zaak.',
      caring: 'Ze is zorgzaam en staat altijd klaar voor haar vrienden.',
      spontaneous: 'Hij is spontaan en boekt graag last minute een weekendje weg.',
      organised: 'Ze is erg georganiseerd en plant alles in haar agenda.',
      creative: 'Hij is creatief en schildert in zijn vrije tijd.',
      curious: 'Ze is nieuwsgierig en leest over alles wat ze niet kent.',
      romantic: 'Hij is een echte romanticus die graag bloemen meebrengt.',
      sporty: 'Ze loopt drie keer per week en fietst in het weekend.',
      outdoorsy: 'Hij wandelt graag in de natuur, liefst in de Ardennen.',
      traveller: 'Ze reist graag en was vorig jaar in Japan.',
      culture_lover: 'Hij gaat vaak naar het theater en bezoekt graag musea.',
      foodie: 'Ze kookt graag uitgebreid en houdt van lekker eten.',
      animal_lover: 'Hij heeft twee katten en een hond.',
      homebody: 'Ze blijft het liefst thuis met een goed boek.',
      night_out: 'Hij gaat graag uit en danst tot de vroege uurtjes.',
      health_conscious: 'Ze eet gezond en doet elke ochtend yoga.',
      family_oriented: 'Hij is een echte familiemens en ziet zijn ouders elke zondag.',
      wants_children: 'Ze heeft een sterke kinderwens.',
      no_children_wish: 'Hij wil geen kinderen.',
      has_children: 'Ze heeft twee kinderen van 8 en 11.',
      religious: 'Hij is gelovig en gaat elke zondag naar de kerk.',
      career_focused: 'Ze is heel carrièregericht en werkt lange dagen.',
      smoker: 'Hij rookt af en toe een sigaret.',
      non_smoker: 'Ze rookt niet.',
    };
    for (const trait of TRAIT_KEYS) {
      expect(traitsOf(examples[trait]), `${trait}: ${examples[trait]}`).toContain(trait);
    }
  });

  it('reads a negation as no trait, or as the opposite trait where there is one', () => {
    expect(traitsOf('Hij rookt niet.')).toEqual(['non_smoker']);
    expect(traitsOf('Ze heeft nooit gerookt.')).toEqual(['non_smoker']);
    expect(traitsOf('Hij wil geen kinderen.')).toEqual(['no_children_wish']);
    expect(traitsOf('Ze is geen uitgaanstype.')).not.toContain('night_out');
    expect(traitsOf('Sport is niets voor hem.')).not.toContain('sporty');
  });

  it('keeps a negation to its own clause', () => {
    expect(traitsOf('Ze rookt niet, maar ze gaat graag uit.')).toEqual(['night_out', 'non_smoker']);
  });

  it('leaves out what is hedged', () => {
    expect(traitsOf('Ze twijfelt nog over kinderen.')).toEqual([]);
    expect(traitsOf('Misschien wil hij later kinderen.')).toEqual([]);
  });

  it('reads what a client seeks in a partner as no trait of the client', () => {
    expect(traitsOf('Ze zoekt een man die sportief is en graag reist.')).toEqual([]);
    expect(traitsOf('Hij is zelf sportief en zoekt een vrouw die romantisch is.')).toEqual(['sporty']);
  });

  it('reads a wish for children across "en", and a habit given up as not smoking', () => {
    expect(traitsOf('Hij wil trouwen en kinderen krijgen.')).toEqual(['wants_children']);
    expect(traitsOf('Hij heeft geen kinderen maar wil er wel.')).toContain('wants_children');
    expect(traitsOf('Hij heeft geen kinderen en wil ze ook niet.')).toEqual(['no_children_wish']);
    expect(traitsOf('Vroeger rookte hij, nu niet meer.')).toEqual(['non_smoker']);
  });

  it('knows word forms: conjugations, diminutives and compounds', () => {
    expect(traitsOf('Ze fietste vroeger elke dag naar school en loopt nu marathons.')).toContain('sporty');
    expect(traitsOf('Hij heeft een dochtertje van drie.')).toContain('has_children');
    expect(traitsOf('Ze kookt graag voor vrienden.')).toContain('foodie');
  });

  it('gives each tag the sentence that supports it and a confidence between 0 and 1', async () => {
    const note = 'Lotte (31) werkt in Gent. Ze rookt niet. Ze reist graag en was net in Peru.';
    const tags = await localTagger.tag([note]);
    const byTrait = Object.fromEntries(tags.map((tag) => [tag.trait, tag]));
    expect(byTrait.non_smoker?.evidence).toBe('Ze rookt niet.');
    expect(byTrait.traveller?.evidence).toBe('Ze reist graag en was net in Peru.');
    for (const tag of tags) {
      expect(tag.confidence).toBeGreaterThan(0);
      expect(tag.confidence).toBeLessThanOrEqual(1);
      expect(note).toContain(tag.evidence);
    }
  });

  it('tags each trait once over several texts', async () => {
    const tags = await localTagger.tag(['Hij reist graag.', 'Reizen is zijn grote passie.']);
    expect(tags.filter((tag) => tag.trait === 'traveller')).toHaveLength(1);
  });

  it('suggests nothing for a text without cues, and never a key outside the taxonomy', async () => {
    expect(await localTagger.tag(['Hij werkt als boekhouder in Leuven.'])).toEqual([]);
    const tags = await localTagger.tag(['Ze is sportief, gelovig, rookt niet en heeft een kat.']);
    for (const tag of tags) expect(TRAIT_KEYS).toContain(tag.trait);
  });

  describe('issue 28: reads a note like a matchmaker', () => {
    it('does not tag the client with what is said of someone else', () => {
      expect(traitsOf('Haar ex was een echt feestbeest.')).toEqual([]);
      expect(traitsOf('Haar zus is heel gelovig, zij niet.')).toEqual([]);
      expect(traitsOf('Zijn zoon van 12 voetbalt elke zaterdag.')).toEqual(['has_children']);
      expect(traitsOf('Zijn broer rookt, hij nooit.')).toEqual(['non_smoker']);
      expect(traitsOf('Die vriend is een echte reiziger.')).toEqual([]);
    });

    it('reads "nee", "niet meer" and "geen ... meer" as negation', () => {
      expect(traitsOf('Kinderwens: nee.')).toEqual(['no_children_wish']);
      expect(traitsOf('Workaholic? Nee, zegt ze zelf.')).toEqual([]);
      expect(traitsOf('Rookt: nee.')).toEqual(['non_smoker']);
      expect(traitsOf('Hij gaat niet meer op café.')).toEqual([]);
      expect(traitsOf('Hij heeft een zoon en wil geen kinderen meer.')).toEqual([
        'has_children',
        'no_children_wish',
      ]);
    });

    it('reads a contrast: "maar" and "vroeger ... nu"', () => {
      expect(traitsOf('Katholiek opgevoed maar gelooft niet meer.')).toEqual([]);
      expect(traitsOf('Vroeger ging hij elk weekend uit, nu blijft hij liever thuis.')).toEqual(['homebody']);
      expect(traitsOf('Vroeger gelovig, nu niet meer.')).toEqual([]);
      expect(
        traitsOf('Hij noemt zichzelf een avonturier, maar eigenlijk komt hij zijn dorp niet uit.'),
      ).toEqual([]);
    });

    it('knows Flemish idioms and word forms', () => {
      expect(traitsOf('Zit het liefst in de zetel.')).toEqual(['homebody']);
      expect(traitsOf('Hij zit graag in zijn kot.')).toEqual(['homebody']);
      expect(traitsOf('Hij ziet kinderen niet zitten.')).toEqual(['no_children_wish']);
      expect(traitsOf('Ze wil een gezin stichten.')).toEqual(['wants_children']);
      expect(traitsOf('Ze is een rookster.')).toEqual(['smoker']);
      expect(traitsOf('Rookster? Nee.')).toEqual(['non_smoker']);
      expect(traitsOf('Ze rookt al jaren niet meer.')).toEqual(['non_smoker']);
      expect(traitsOf('Ze zorgt voor haar pleegzoon.')).toContain('has_children');
      expect(traitsOf('Hij heeft een stiefdochter.')).toEqual(['has_children']);
    });

    it('reads telegram notes', () => {
      expect(traitsOf('kinderen: later wel')).toEqual(['wants_children']);
      expect(traitsOf('- roken: ja\n- uitgaan: zelden\n- karakter: grappig')).toEqual(['humorous', 'smoker']);
      expect(traitsOf('Kinderwens? Twijfelt nog.')).toEqual([]);
      expect(traitsOf('Nog een kind? Nee.')).toEqual(['no_children_wish']);
    });

    it('does not read a job as a trait', () => {
      expect(traitsOf('Werkt als kok in een brasserie.')).toEqual([]);
      expect(traitsOf('Reisleider van beroep.')).toEqual([]);
      expect(traitsOf('Dierenarts in Gent.')).toEqual([]);
      expect(traitsOf('Werk: grafisch ontwerper.')).toEqual([]);
      expect(traitsOf('Hij is kok en kookt ook thuis graag.')).toEqual(['foodie']);
    });

    it('matches "op café" and splits a sentence after a closing quote', () => {
      expect(traitsOf('Hij gaat graag op café.')).toEqual(['night_out']);
      const tags = tagText('Ze zegt: "Ik ben een planner." Ze rookt niet.');
      expect(tags.find((tag) => tag.trait === 'non_smoker')?.evidence).toBe('Ze rookt niet.');
      expect(tags.find((tag) => tag.trait === 'organised')?.evidence).toBe('Ze zegt: "Ik ben een planner."');
    });

    it('quotes evidence as the note has it, also for a telegram question and answer', () => {
      const note = 'Workaholic? Nee, zegt ze zelf. Kinderwens? Ja, later.\n- roken: nee';
      const tags = tagText(note);
      expect(tags.map((tag) => [tag.trait, tag.evidence]).sort()).toEqual([
        ['non_smoker', '- roken: nee'],
        ['wants_children', 'Kinderwens? Ja, later.'],
      ]);
      for (const tag of tags) expect(note).toContain(tag.evidence);
    });

    it('gives a confidence from the evidence: explicit, inferred, softly hedged', () => {
      const confidence = (text: string, trait: TraitKey) =>
        tagText(text).find((tag) => tag.trait === trait)?.confidence;
      expect(confidence('Hij is heel sportief.', 'sporty')).toBe(CONFIDENCE.explicit);
      expect(confidence('Hij rookt niet.', 'non_smoker')).toBe(CONFIDENCE.explicit);
      expect(confidence('Hij loopt marathons.', 'sporty')).toBe(CONFIDENCE.inferred);
      expect(confidence('Ze is eerder verlegen.', 'introverted')).toBe(CONFIDENCE.hedged);
      expect(confidence('Misschien wil ze kinderen.', 'wants_children')).toBeUndefined();
      expect(CONFIDENCE.explicit).toBeGreaterThan(CONFIDENCE.inferred);
      expect(CONFIDENCE.inferred).toBeGreaterThan(CONFIDENCE.hedged);
    });
  });
});
