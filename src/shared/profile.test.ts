import { describe, expect, it } from 'vitest';
import { ageOn } from './format';
import {
  aboutStepSchema,
  type ClientProfile,
  profileCompleteness,
  provinceForPostcode,
  seekingStepSchema,
} from './profile';

const EMPTY = {
  birth_date: null,
  gender: null,
  town: null,
  postcode: null,
  height_cm: null,
  education: null,
  profession: null,
  languages: [],
  seeking_genders: [],
  age_min: null,
  max_distance_km: null,
  relationship_sought: null,
  smoking: null,
  drinking: null,
  has_children: null,
  wants_children: null,
  religion: null,
  interests: [],
  about_me: null,
  looking_for: null,
  photo_count: 0,
} satisfies Parameters<typeof profileCompleteness>[0];

const FULL = {
  ...EMPTY,
  birth_date: '1990-04-12',
  gender: 'woman',
  town: 'Leuven',
  postcode: 3000,
  height_cm: 170,
  education: 'master',
  profession: 'Architecte',
  languages: ['nl'],
  seeking_genders: ['man'],
  age_min: 30,
  max_distance_km: 50,
  relationship_sought: 'long_term',
  smoking: 'no',
  drinking: 'no',
  has_children: false,
  wants_children: 'maybe',
  religion: 'none',
  interests: ['wandelen'],
  about_me: 'Hallo',
  looking_for: 'Jij',
  photo_count: 1,
} satisfies Parameters<typeof profileCompleteness>[0] & Partial<ClientProfile>;

describe('profileCompleteness', () => {
  it('is 0% with every part missing, each with the step where it is filled in', () => {
    const result = profileCompleteness(EMPTY);
    expect(result.percent).toBe(0);
    expect(result.missing).toHaveLength(20);
    expect(result.missing[0]).toEqual({ key: 'birth_date', label: 'Geboortedatum', step: 'about' });
    expect(result.missing.at(-1)).toEqual({ key: 'photo', label: 'Een foto', step: 'photos' });
  });

  it('is 100% with nothing missing when all is filled in, and counts has_children=false as an answer', () => {
    expect(profileCompleteness(FULL)).toEqual({ percent: 100, missing: [] });
  });

  it('names what is missing: a whitespace-only text counts as empty', () => {
    const result = profileCompleteness({ ...FULL, about_me: '  ', seeking_genders: [], photo_count: 0 });
    expect(result.percent).toBe(85);
    expect(result.missing.map((m) => m.key)).toEqual(['seeking_genders', 'about_me', 'photo']);
  });
});

describe('provinceForPostcode', () => {
  it('follows the Belgian postcode ranges', () => {
    expect(provinceForPostcode(1000)).toBe('Brussel');
    expect(provinceForPostcode(1299)).toBe('Brussel');
    expect(provinceForPostcode(1300)).toBe('Waals-Brabant');
    expect(provinceForPostcode(1500)).toBe('Vlaams-Brabant');
    expect(provinceForPostcode(2000)).toBe('Antwerpen');
    expect(provinceForPostcode(3000)).toBe('Vlaams-Brabant');
    expect(provinceForPostcode(3500)).toBe('Limburg');
    expect(provinceForPostcode(4000)).toBe('Luik');
    expect(provinceForPostcode(5000)).toBe('Namen');
    expect(provinceForPostcode(6599)).toBe('Henegouwen');
    expect(provinceForPostcode(6600)).toBe('Luxemburg');
    expect(provinceForPostcode(7000)).toBe('Henegouwen');
    expect(provinceForPostcode(8000)).toBe('West-Vlaanderen');
    expect(provinceForPostcode(9999)).toBe('Oost-Vlaanderen');
    expect(provinceForPostcode(999)).toBeNull();
    expect(provinceForPostcode(10000)).toBeNull();
  });
});

describe('the step schemas', () => {
  it('counts age in whole years and refuses someone under 18', () => {
    expect(ageOn('2000-06-15', new Date('2018-06-14T12:00:00Z'))).toBe(17);
    expect(ageOn('2000-06-15', new Date('2018-06-15T12:00:00Z'))).toBe(18);
    const year = new Date().getUTCFullYear();
    const result = aboutStepSchema.safeParse({
      birth_date: `${year - 10}-01-01`,
      gender: 'man',
      town: 'Gent',
      postcode: '9000',
      height_cm: '180',
      education: 'bachelor',
      profession: 'Leraar',
      languages: ['nl'],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Je moet minstens 18 jaar zijn']);
  });

  it('refuses an age range upside down, at the maximum', () => {
    const result = seekingStepSchema.safeParse({
      seeking_genders: ['woman'],
      age_min: 40,
      age_max: 30,
      max_distance_km: 10,
      relationship_sought: 'open',
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['age_max'],
        message: 'De minimumleeftijd mag niet hoger zijn dan de maximumleeftijd',
      }),
    ]);
  });
});
