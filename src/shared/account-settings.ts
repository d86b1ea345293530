/** The account's own settings, its data export and its deletion (issue 14, items 6 and 7). */
import { z } from 'zod';
import type { Role } from './domain';

/**
 * The e-mails an account may switch off, by template, with the roles that receive them. Every
 * other e-mail is required: it confirms something the person did (password, deletion, payment),
 * is part of the contract (subscription terms, intake invitation) or asks for an answer with a
 * deadline (a proposal, an accepted match). See decision 013.
 */
export const OPTIONAL_EMAILS = {
  'match-reminder': {
    label: 'Herinnering als een matchvoorstel bijna verloopt',
    roles: ['client'],
  },
  'match-accepted-matchmaker': {
    label: 'Een match die je voorstelde werd door beide klanten aanvaard',
    roles: ['matchmaker', 'admin'],
  },
  'match-rejected': {
    label: 'Een match die je voorstelde werd afgewezen',
    roles: ['matchmaker', 'admin'],
  },
  'match-expired': {
    label: 'Een voorstel verliep zonder antwoord',
    roles: ['matchmaker', 'admin'],
  },
  'matchmaker-client-joined': {
    label: 'Een klant koos jou als matchmaker',
    roles: ['matchmaker', 'admin'],
  },
  'matchmaker-client-left': {
    label: 'Een klant koos een andere matchmaker',
    roles: ['matchmaker', 'admin'],
  },
  'payment-admin-notice': {
    label: 'Een nieuwe betalende klant',
    roles: ['matchmaker', 'admin'],
  },
  // Issue 17 (decision 016): feedback is a favour, never a duty; the widget shows it as well.
  'matchmaker-feedback-request': {
    label: 'De vraag om feedback op je matchmaker (om de 3 maanden en na een date)',
    roles: ['client'],
  },
  'matchmaker-feedback-reminder': {
    label: 'Herinnering als een feedbackvraag bijna verloopt',
    roles: ['client'],
  },
  // Issue 32 (decision 036): unread messages, 15 minutes after the last, at most one mail an hour.
  'message-notification': {
    label: 'Een bericht dat je nog niet las (na 15 minuten, hoogstens één e-mail per uur per gesprek)',
    roles: ['client', 'matchmaker'],
  },
} as const satisfies Record<string, { label: string; roles: readonly Role[] }>;
export type OptionalEmail = keyof typeof OPTIONAL_EMAILS;
export const OPTIONAL_EMAIL_TEMPLATES = Object.keys(OPTIONAL_EMAILS) as OptionalEmail[];

/** The e-mails that always go out, as the settings page lists them. */
export const REQUIRED_EMAIL_LABELS: Record<Role, readonly string[]> = {
  client: [
    'Bevestiging van je e-mailadres, wachtwoord en account',
    'Betalingen, je lidmaatschap en de termijn ervan',
    'Een nieuw matchvoorstel en een match die beide aanvaardden',
  ],
  matchmaker: ['Bevestiging van je e-mailadres, wachtwoord en account'],
  admin: [
    'Bevestiging van je e-mailadres, wachtwoord en account',
    'Een e-mail die niet verstuurd kon worden',
  ],
};

export function optionalEmailsFor(role: Role): OptionalEmail[] {
  return OPTIONAL_EMAIL_TEMPLATES.filter((template) =>
    (OPTIONAL_EMAILS[template].roles as readonly Role[]).includes(role),
  );
}

export const accountSettingsSchema = z.object({
  /** The optional e-mails this role can receive, in display order. */
  optional_emails: z.array(z.string()),
  /** Those of them switched off. */
  email_opt_outs: z.array(z.string()),
  /** Clients only: when matching was paused (null: not paused). */
  matching_paused_at: z.string().nullable(),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;
export const accountSettingsResponseSchema = z.object({ settings: accountSettingsSchema });

export const updateAccountSettingsSchema = z.object({
  email_opt_outs: z
    .array(z.string().max(64))
    .max(OPTIONAL_EMAIL_TEMPLATES.length, 'Kies alleen e-mails uit de lijst')
    .optional(),
  matching_paused: z.boolean().optional(),
});
export type UpdateAccountSettingsInput = z.infer<typeof updateAccountSettingsSchema>;

/** The word a client types to delete their account. */
export const DELETE_CONFIRMATION_WORD = 'VERWIJDER';

/**
 * Issue 30: the word counts in any case ('verwijder' too), with spaces around it ignored; anything
 * else gets a message that says what was wrong, not the field's label again.
 */
export function isDeleteConfirmation(typed: string): boolean {
  return typed.trim().toUpperCase() === DELETE_CONFIRMATION_WORD;
}

export const DELETE_CONFIRMATION_MISSING = `Typ het woord ${DELETE_CONFIRMATION_WORD} in het vak: zo weten we dat je het account echt wilt verwijderen.`;
export const DELETE_CONFIRMATION_WRONG = `Dat is niet het woord ${DELETE_CONFIRMATION_WORD}. Controleer de spelling (hoofdletters hoeven niet).`;

export const deleteAccountSchema = z.object({
  password: z.string().min(1, 'Vul je wachtwoord in').max(128, 'Vul je wachtwoord in'),
  confirmation: z
    .string({ error: DELETE_CONFIRMATION_MISSING })
    .max(64, DELETE_CONFIRMATION_WRONG)
    .refine((typed) => typed.trim() !== '', DELETE_CONFIRMATION_MISSING)
    .refine((typed) => typed.trim() === '' || isDeleteConfirmation(typed), DELETE_CONFIRMATION_WRONG),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
export const deleteAccountResponseSchema = z.object({ deleted: z.literal(true) });

/**
 * GET /api/me/export: every row about the client, per part with a Dutch heading and Dutch names
 * for its fields (issue 30), with the time it was made.
 */
export const dataExportSchema = z.object({
  formaat: z.literal('koppel-export-2'),
  gemaakt_op: z.string(),
  account: z.string(),
  uitleg: z.string(),
  onderdelen: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** PUT /api/me/matchmaker. Changing an assigned matchmaker needs `confirm: true` (decision 013). */
export const chooseMatchmakerSchema = z.object({
  matchmaker_id: z.string().min(1, 'Kies een matchmaker').max(64, 'Kies een matchmaker'),
  confirm: z.boolean().optional(),
});
export type ChooseMatchmakerInput = z.infer<typeof chooseMatchmakerSchema>;
export const chooseMatchmakerResponseSchema = z.object({
  assigned_matchmaker_id: z.string(),
  changed: z.boolean(),
});
