import { describe, expect, it } from 'vitest';
import { slugify, uniqueSlug } from './slugify';

describe('slugify', () => {
  it.each([
    ['Sofie Peeters', 'sofie-peeters'],
    ['Lotte & Wout Janssens', 'lotte-and-wout-janssens'],
    ['  Marc Dubois  ', 'marc-dubois'],
    ['Véronique Lefèvre', 'veronique-lefevre'],
    ["Jean-Luc O'Neill", 'jean-luc-oneill'],
    ['Anne -- Marie', 'anne-marie'],
    ['Dr. An (Antwerpen)!', 'dr-an-antwerpen'],
    ['&Co', 'and-co'],
    ['Zoë&Jan', 'zoe-and-jan'],
    ['- Sofie Peeters -', 'sofie-peeters'],
    ['Jan &', 'jan-and'],
    ['Ann\tde  Smet', 'ann-de-smet'],
  ])('%s → %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});

describe('uniqueSlug', () => {
  it('adds -2, -3 on collisions', () => {
    expect(uniqueSlug('sofie-peeters', new Set())).toBe('sofie-peeters');
    expect(uniqueSlug('sofie-peeters', new Set(['sofie-peeters']))).toBe('sofie-peeters-2');
    expect(uniqueSlug('sofie-peeters', new Set(['sofie-peeters', 'sofie-peeters-2']))).toBe(
      'sofie-peeters-3',
    );
  });
});
