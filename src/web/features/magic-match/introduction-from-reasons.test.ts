import { describe, expect, it } from 'vitest';
import { INTRODUCTION_OPENING, introductionFromReasons } from './introduction-from-reasons';

describe('introductionFromReasons', () => {
  it('turns the reasons into sentences to both clients, after an opening', () => {
    expect(
      introductionFromReasons([
        'Delen wandelen, koken en lezen',
        'Zoeken allebei een vaste relatie',
        'Allebei willen ze kinderen',
        'Wonen 12 km van elkaar',
        'Hun leeftijden passen goed bij wat beiden zoeken',
      ]),
    ).toBe(
      `${INTRODUCTION_OPENING} Jullie delen wandelen, koken en lezen. Jullie zoeken allebei een vaste relatie. ` +
        'Jullie willen allebei kinderen. Jullie wonen ongeveer 10 km van elkaar. ' +
        'Jullie leeftijden passen goed bij wat jullie allebei zoeken.',
    );
  });

  it('says other phrasings as they are, as a sentence', () => {
    expect(introductionFromReasons(['Allebei geen kinderwens', 'Een warme, rustige klik.'])).toBe(
      `${INTRODUCTION_OPENING} Jullie hebben allebei geen kinderwens. Een warme, rustige klik.`,
    );
    expect(introductionFromReasons(['Wonen 0 km van elkaar', 'Wonen 23 km van elkaar'])).toBe(
      `${INTRODUCTION_OPENING} Jullie wonen minder dan 10 km van elkaar. Jullie wonen ongeveer 25 km van elkaar.`,
    );
    // Magic match's mutual wording (decision 030): the distance rounded, the rest kept.
    expect(introductionFromReasons(['Wonen 70 km van elkaar, ruim binnen wat beiden willen'])).toBe(
      `${INTRODUCTION_OPENING} Jullie wonen ongeveer 70 km van elkaar, ruim binnen wat jullie allebei willen.`,
    );
    expect(introductionFromReasons(['Lijken op elkaar in de quiz (82% gelijk)'])).toBe(
      `${INTRODUCTION_OPENING} Jullie lijken op elkaar in de quiz (82% gelijk).`,
    );
  });

  it('leaves out a life view, and is empty without reasons', () => {
    expect(
      introductionFromReasons([
        'Dezelfde levensbeschouwing (christelijk)',
        'Delen de eigenschap avontuurlijk',
      ]),
    ).toBe(`${INTRODUCTION_OPENING} Jullie delen de eigenschap avontuurlijk.`);
    expect(introductionFromReasons([])).toBe('');
    expect(introductionFromReasons(['Dezelfde levensbeschouwing (islamitisch)', '  '])).toBe('');
  });
});
