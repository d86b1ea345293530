/**
 * Issue 30: the data export reads as a document for its owner, not as a database dump. Each table
 * of client-data.ts has a Dutch heading and each column a Dutch name; `export-labels.test.ts` reads
 * the schema and fails when an exported column has none, so a new column gets its name here.
 */

/** What the file says about itself, for the person who opens it. */
export const EXPORT_INTRO =
  'Alle gegevens die Koppel over jou bewaart, per onderdeel. Tijden staan in UTC (ISO 8601). Links uit e-mails zijn weggelaten, omdat ze sleutels kunnen bevatten.';

/** The heading of each part of the export, by table. */
export const EXPORT_HEADINGS: Readonly<Record<string, string>> = {
  user: 'Account',
  user_profiles: 'Lidmaatschap',
  account: 'Inloggegevens',
  session: 'Sessies (ingelogde toestellen)',
  two_factor: 'Tweestapsverificatie',
  account_settings: 'Instellingen',
  client_profiles: 'Profiel',
  client_traits: 'Eigenschappen',
  client_trait_events: 'Geschiedenis van je eigenschappen',
  tagging_requests: 'Aanvragen om eigenschappen uit je intake te halen',
  client_consents: 'Toestemmingen',
  client_photos: 'Foto’s',
  trait_correction_requests: 'Correctievragen over je eigenschappen',
  quiz_answers: 'Antwoorden in de quiz',
  quiz_attempts: 'Quizpogingen',
  client_notes: 'Notities van het team',
  intake_sessions: 'Intakegesprekken',
  intake_feedback: 'Feedback op intakegesprekken',
  matches: 'Matches',
  client_match_responses: 'Je antwoorden op voorstellen',
  match_feedback: 'Feedback na een date',
  match_follow_up: 'Opvolging van dates',
  feedback_requests: 'Vragen om feedback',
  matchmaker_feedback: 'Feedback op je matchmaker',
  matchmaker_assignments: 'Je matchmakers',
  checkout_sessions: 'Betaalpogingen',
  payments: 'Betalingen',
  admin_audit_events: 'Wijzigingen door het beheer',
  magic_match_hidden: 'Verborgen in Magic Match',
  email_outbox: 'E-mails aan jou',
  staff_tasks: 'Taken van het team voor jou',
  conversations: 'Gesprek met je matchmaker',
  conversation_messages: 'Berichten',
  magic_match_shown: 'Aan een matchmaker getoond in Magic Match',
  invoices: 'Facturen en creditnota’s',
};

/** The Dutch name of each exported column; one name per column name, the same in every table. */
export const EXPORT_COLUMNS: Readonly<Record<string, string>> = {
  // Issue 28 (decision 037): copies on the profile that magic match reads.
  match_traits: 'Bevestigde eigenschappen (voor Magic Match)',
  quiz_scores: 'Scores van je laatste quiz (voor Magic Match)',
  matchable: 'Kan voorgesteld worden',
  // Issue 29: checkout, payments and promised tasks.
  terms_version: 'Versie van de voorwaarden',
  terms_accepted_at: 'Voorwaarden aanvaard op',
  start_requested_at: 'Start binnen de bedenktijd gevraagd op',
  payment_method: 'Betaalmethode',
  provider_payment_id: 'Betaling bij de betaaldienst',
  withdrawal_requested_at: 'Herroeping gevraagd op',
  amount_refunded: 'Terugbetaald bedrag (cent)',
  personal_data_erased_at: 'Persoonsgegevens gewist op',
  payment_id: 'Betaling',
  assignee_id: 'Toegewezen aan',
  due_at: 'Uiterlijk op',
  done_at: 'Gedaan op',
  done_by: 'Gedaan door',
  year: 'Jaar',
  sequence: 'Volgnummer in het jaar',
  number: 'Nummer',
  refund_id: 'Terugbetaling',
  credits_invoice_id: 'Gecrediteerde factuur',
  buyer_name: 'Naam van de koper',
  buyer_email: 'E-mailadres van de koper',
  issued_at: 'Uitgereikt op',
  amount_excl_vat: 'Bedrag zonder btw (cent)',
  vat_amount: 'Btw (cent)',
  vat_rate: 'Btw-tarief (%)',
  seller_name: 'Verkoper',
  seller_address: 'Adres van de verkoper',
  seller_vat_number: 'Btw-nummer van de verkoper',
  // Issue 32: the conversation with the matchmaker.
  client_notified_at: 'Jij laatst gemaild over berichten op',
  matchmaker_notified_at: 'Matchmaker laatst gemaild over berichten op',
  last_message_at: 'Laatste bericht op',
  sender_id: 'Afzender',
  sender_role: 'Rol van de afzender',
  read_at: 'Gelezen op',
  notified_at: 'Gemaild over dit bericht op',
  // Issue 30 (decision 034): what the export says of a match's other client, and magic match's showing.
  other_first_name: 'Voornaam van de ander',
  shown_at: 'Getoond op',
  // Issue 30 (decision 033): the last 30-second step whose code was used.
  last_totp_step: 'Laatst gebruikte code (tijdstap)',
  id: 'Kenmerk',
  user_id: 'Account',
  client_id: 'Klant',
  created_at: 'Aangemaakt op',
  updated_at: 'Gewijzigd op',
  // user
  name: 'Naam',
  email: 'E-mailadres',
  email_verified: 'E-mailadres bevestigd',
  image: 'Afbeelding',
  two_factor_enabled: 'Tweestapsverificatie aan',
  // user_profiles
  role: 'Rol',
  full_name: 'Volledige naam',
  assigned_matchmaker_id: 'Matchmaker',
  tier: 'Pakket',
  contract_status: 'Status van je lidmaatschap',
  subscription_status: 'Status van je termijn',
  subscription_started_at: 'Termijn begonnen op',
  subscription_ends_at: 'Termijn loopt tot',
  grace_period_end_date: 'Respijt tot',
  last_activity_at: 'Laatst actief op',
  last_login_at: 'Laatst ingelogd op',
  inactivity_status: 'Activiteit',
  // account, session, two_factor
  account_id: 'Kenmerk bij de aanbieder',
  provider_id: 'Manier van inloggen',
  access_token_expires_at: 'Toegang verloopt op',
  refresh_token_expires_at: 'Vernieuwing verloopt op',
  scope: 'Bereik',
  expires_at: 'Verloopt op',
  ip_address: 'IP-adres',
  user_agent: 'Browser',
  verified: 'Bevestigd',
  failed_verification_count: 'Foute codes op rij',
  locked_until: 'Geblokkeerd tot',
  // account_settings
  email_opt_outs: 'Uitgezette e-mails',
  matching_paused_at: 'Matching gepauzeerd op',
  deleted_at: 'Verwijderd op',
  // client_profiles
  birth_date: 'Geboortedatum',
  gender: 'Geslacht',
  town: 'Woonplaats',
  postcode: 'Postcode',
  province: 'Provincie',
  interests: 'Interesses',
  about_me: 'Over mij',
  looking_for: 'Wat ik zoek',
  height_cm: 'Lengte (cm)',
  education: 'Opleiding',
  profession: 'Beroep',
  languages: 'Talen',
  seeking_genders: 'Wie ik zoek',
  age_min: 'Leeftijd vanaf',
  age_max: 'Leeftijd tot',
  max_distance_km: 'Maximale afstand (km)',
  relationship_sought: 'Gezochte relatie',
  smoking: 'Roken',
  drinking: 'Alcohol',
  has_children: 'Heeft kinderen',
  wants_children: 'Kinderwens',
  religion: 'Geloof',
  dealbreakers: 'Dealbreakers',
  completed_steps: 'Ingevulde stappen',
  // traits, tagging, consents, photos, corrections
  trait: 'Eigenschap',
  confidence: 'Zekerheid',
  source: 'Bron',
  evidence: 'Onderbouwing',
  status: 'Status',
  intake_session_id: 'Intakegesprek',
  decided_by: 'Beslist door',
  decided_at: 'Beslist op',
  action: 'Handeling',
  actor_id: 'Door',
  reason: 'Reden',
  requested_at: 'Gevraagd op',
  claimed_at: 'In behandeling sinds',
  kind: 'Soort',
  text_version: 'Versie van de tekst',
  given_at: 'Gegeven op',
  withdrawn_at: 'Ingetrokken op',
  width: 'Breedte (pixels)',
  height: 'Hoogte (pixels)',
  matchmaker_id: 'Matchmaker',
  message: 'Bericht',
  handled_at: 'Behandeld op',
  // quiz
  attempt_id: 'Quizpoging',
  question_id: 'Vraag',
  value: 'Antwoord',
  answered_at: 'Beantwoord op',
  quiz_version: 'Versie van de quiz',
  started_at: 'Begonnen op',
  finished_at: 'Afgerond op',
  openness: 'Openheid',
  conscientiousness: 'Zorgvuldigheid',
  extraversion: 'Extraversie',
  agreeableness: 'Vriendelijkheid',
  emotional_stability: 'Emotionele stabiliteit',
  closeness: 'Nabijheid',
  independence: 'Zelfstandigheid',
  togetherness: 'Samen doen',
  // notes, intakes
  author_id: 'Geschreven door',
  body: 'Tekst',
  calendly_event_id: 'Kenmerk van de afspraak',
  scheduled_at: 'Gepland op',
  session_type: 'Soort gesprek',
  matchmaker_notes: 'Notities van de matchmaker',
  location: 'Plaats',
  join_url: 'Link om deel te nemen',
  completed_at: 'Afgerond op',
  cancelled_at: 'Geannuleerd op',
  feedback_requested_at: 'Feedback gevraagd op',
  submitted_at: 'Ingestuurd op',
  professionalism_rating: 'Score professionaliteit',
  communication_rating: 'Score communicatie',
  overall_satisfaction_rating: 'Score algemene tevredenheid',
  improvement_feedback: 'Wat beter kan',
  // matches
  client1_id: 'Eerste klant',
  client2_id: 'Tweede klant',
  note: 'Introductie',
  proposed_to_clients_at: 'Voorgesteld op',
  response_deadline: 'Antwoorden vóór',
  accepted_at: 'Aanvaard op',
  completed_recorded_at: 'Afronding genoteerd op',
  override_reason: 'Reden om af te wijken van een wens',
  overridden_rules: 'Wensen waarvan werd afgeweken',
  date_place_name: 'Plaats van de date',
  date_place_address: 'Adres van de date',
  date_place_url: 'Link naar de plaats',
  date_message: 'Bericht bij de date',
  date_sequence: 'Volgnummer van de date',
  match_id: 'Match',
  response: 'Antwoord',
  rejection_reason: 'Reden van afwijzing',
  rating: 'Score',
  would_meet_again: 'Wil elkaar terugzien',
  feedback_text: 'Feedback',
  follow_up_date: 'Datum van de opvolging',
  notes: 'Notities',
  reported_by_client_id: 'Gemeld door',
  updated_by_matchmaker_id: 'Bijgewerkt door',
  // feedback
  request_type: 'Soort vraag',
  feedback_request_id: 'Feedbackvraag',
  preference_understanding_rating: 'Score begrip van je wensen',
  match_quality_rating: 'Score kwaliteit van de voorstellen',
  responsiveness_rating: 'Score bereikbaarheid',
  improvement_suggestions: 'Suggesties',
  is_anonymous: 'Anoniem',
  feedback_period_start: 'Periode vanaf',
  feedback_period_end: 'Periode tot',
  assigned_at: 'Toegewezen op',
  // payments
  provider: 'Betaaldienst',
  provider_session_id: 'Kenmerk bij de betaaldienst',
  price_id: 'Prijs',
  amount_total: 'Bedrag (eurocent)',
  currency: 'Munt',
  url: 'Betaallink',
  paid_at: 'Betaald op',
  // admin, magic match
  subject_id: 'Over',
  detail: 'Details',
  candidate_id: 'Kandidaat',
  // e-mails (emailExportRow)
  subject: 'Onderwerp',
  text: 'Tekst',
  sent_at: 'Verstuurd op',
};

/**
 * Columns that are the system's bookkeeping, not data about the person: left out of the export
 * (the claim token of a tagging run is a secret too).
 */
export const EXPORT_SKIPPED: Readonly<Record<string, readonly string[]>> = {
  tagging_requests: ['claim_token'],
};

/** A row with its columns under their Dutch names (a column without one keeps its own name). */
export function readableRow(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([column, value]) => [EXPORT_COLUMNS[column] ?? column, value]),
  );
}

/**
 * An e-mail as the export gives it: subject, status, times and the text, with every link left out.
 * The links of old e-mails carry tokens (a password reset, an e-mail confirmation): a file the
 * person downloads and keeps must not hold them.
 */
export function emailExportRow(row: {
  subject: string;
  text: string;
  status: string;
  created_at: unknown;
  sent_at: unknown;
}): Record<string, unknown> {
  return readableRow({
    subject: row.subject,
    status: row.status,
    created_at: row.created_at,
    sent_at: row.sent_at,
    text: row.text.replace(/\bhttps?:\/\/\S+/gi, '[link weggelaten]'),
  });
}
