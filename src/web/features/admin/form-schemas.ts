/**
 * The matchmaker profile form's schema: its widgets (one specialty per line, the years as typed)
 * turned into the request and checked by the shared matchmakerProfileInputSchema, so the form and
 * the server refuse the same things with the same Dutch messages.
 */
import { z } from 'zod';
import {
  type MatchmakerProfileInput,
  matchmakerProfileInputSchema,
  type StaffMember,
} from '../../../shared/admin';

const profileWidgetsSchema = z.object({
  full_name: z.string(),
  bio: z.string(),
  about_me: z.string(),
  specialties: z.string(),
  years_experience: z.string(),
  calendly_link: z.string(),
  /** Only in the admin's form: a matchmaker cannot switch themselves on or off. */
  is_active: z.boolean().optional(),
});
type ProfileWidgets = z.infer<typeof profileWidgetsSchema>;

/** The widgets as the API takes them: one specialty per non-empty line, the years as a number. */
function requestOf(widgets: ProfileWidgets): MatchmakerProfileInput {
  const years = widgets.years_experience.trim();
  return {
    full_name: widgets.full_name,
    bio: widgets.bio,
    about_me: widgets.about_me,
    specialties: widgets.specialties
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== ''),
    years_experience: years === '' ? null : Number(years),
    calendly_link: widgets.calendly_link,
    ...(widgets.is_active === undefined ? {} : { is_active: widgets.is_active }),
  };
}

/**
 * Each of the shared schema's issues is shown at its widget: one about the second specialty
 * (path `specialties.1`) at the specialties box.
 */
export const matchmakerProfileFormSchema = profileWidgetsSchema.transform((widgets, context) => {
  const checked = matchmakerProfileInputSchema.safeParse(requestOf(widgets));
  if (checked.success) return checked.data;
  for (const issue of checked.error.issues)
    context.addIssue({ code: 'custom', path: issue.path.slice(0, 1), message: issue.message });
  return z.NEVER;
});
export type MatchmakerProfileFormValues = z.input<typeof matchmakerProfileFormSchema>;

/** The form's widgets filled with `member`'s profile; "active" only for the admin. */
export function profileFormValues(member: StaffMember, withActive: boolean): MatchmakerProfileFormValues {
  return {
    full_name: member.full_name,
    bio: member.bio ?? '',
    about_me: member.about_me ?? '',
    specialties: member.specialties.join('\n'),
    years_experience: member.years_experience === null ? '' : String(member.years_experience),
    calendly_link: member.calendly_link ?? '',
    ...(withActive ? { is_active: member.is_active } : {}),
  };
}
