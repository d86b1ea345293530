import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import { matchmakerProfileInputSchema } from '../../../shared/admin';
import { matchmakerProfileFormSchema, profileFormValues } from './form-schemas';

const widgets = {
  full_name: ' Sofie Peeters ',
  bio: '',
  about_me: 'Over mij',
  specialties: 'Tweede liefde\n\n  Expats  \n',
  years_experience: '12',
  calendly_link: '',
};

describe('the matchmaker profile form', () => {
  it('sends one specialty per non-empty line, empty fields as null, and "active" only for the admin', () => {
    const own = matchmakerProfileFormSchema.parse(widgets);
    expect(own).toEqual({
      full_name: 'Sofie Peeters',
      bio: null,
      about_me: 'Over mij',
      specialties: ['Tweede liefde', 'Expats'],
      years_experience: 12,
      calendly_link: null,
    });
    expect(own).not.toHaveProperty('is_active');
    // What the form sends, the server's schema takes as it is.
    expect(matchmakerProfileInputSchema.parse(own)).toEqual(own);
    expect(matchmakerProfileFormSchema.parse({ ...widgets, is_active: false }).is_active).toBe(false);
  });

  it('lets the shared schema refuse what the server refuses, in Dutch, at the field it is about', () => {
    const bad = matchmakerProfileFormSchema.safeParse({
      ...widgets,
      specialties: `Expats\n${'x'.repeat(61)}`,
      years_experience: 'twaalf',
      calendly_link: 'http://calendly.com/x',
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['specialties', 'Een specialiteit mag hoogstens 60 tekens bevatten'],
      ['years_experience', 'Geef de jaren ervaring als getal'],
      ['calendly_link', 'Geef een https-link naar calendly.com'],
    ]);
  });

  it("gives react-hook-form each message at its widget's name, a specialty's at the specialties box", async () => {
    const resolve = zodResolver(matchmakerProfileFormSchema);
    const values = { ...widgets, full_name: ' ', specialties: `Expats\n${'x'.repeat(61)}` };
    const result = await resolve(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors.full_name?.message).toBe('Vul een naam in');
    expect(result.errors.specialties?.message).toBe('Een specialiteit mag hoogstens 60 tekens bevatten');
  });

  it('fills the widgets from the saved profile, with "active" only in the admin\'s form', () => {
    const member = {
      id: 'm1',
      email: 'sofie@example.be',
      full_name: 'Sofie Peeters',
      slug: 'sofie-peeters',
      profile_photo_url: null,
      bio: null,
      about_me: 'Over mij',
      specialties: ['Tweede liefde', 'Expats'],
      years_experience: 12,
      calendly_link: null,
      is_active: true,
      success_rate: null,
      client_count: 0,
      invitation_pending: false,
    };
    expect(profileFormValues(member, false)).toEqual({
      full_name: 'Sofie Peeters',
      bio: '',
      about_me: 'Over mij',
      specialties: 'Tweede liefde\nExpats',
      years_experience: '12',
      calendly_link: '',
    });
    expect(profileFormValues(member, true).is_active).toBe(true);
    expect(matchmakerProfileFormSchema.parse(profileFormValues(member, true))).toMatchObject({
      specialties: member.specialties,
      years_experience: 12,
      is_active: true,
    });
  });
});
