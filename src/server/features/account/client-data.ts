/**
 * Every table that holds rows about a client, in one place: what `GET /api/me/export` puts in the
 * file (GDPR art. 15/20) and what `DELETE /api/me` does with each (art. 17, decision 014).
 * `client-data.test.ts` reads the database catalog and fails when a column that references an
 * account (`"user"` or `user_profiles`) is neither here nor in NOT_THE_CLIENT: a new table with a
 * client column must say here what its export and deletion are.
 */

/** What deletion does with the client's rows of a table. */
export type Erasure =
  /** The rows go. */
  | { kind: 'delete' }
  /** The rows stay (someone else's history, or the law), with these columns emptied. */
  | { kind: 'keep'; clear?: readonly string[]; why: string };

export interface ClientTable {
  table: string;
  /** The columns whose value is the client's id: a row is the client's when any of them is. */
  client_columns: readonly string[];
  /**
   * A table without a client column whose rows belong to a parent row of the client (a quiz
   * answer to an attempt): `column` holds the parent's id.
   */
  via?: { column: string; parent: string; parent_client_column: string };
  /** Secrets that never leave the server, even to their owner (password hashes, tokens). */
  omit?: readonly string[];
  /**
   * Client columns exported only where they hold the client's own id: in a row about the client
   * and someone else, the other client's id is not the client's data (written as null).
   */
  own_id_only?: readonly string[];
  erasure: Erasure;
}

export const CLIENT_TABLES: readonly ClientTable[] = [
  {
    table: 'user',
    client_columns: ['id'],
    erasure: { kind: 'keep', why: 'anchors the rows that stay; name and e-mail are replaced' },
  },
  {
    table: 'user_profiles',
    client_columns: ['id'],
    erasure: {
      kind: 'keep',
      clear: ['assigned_matchmaker_id', 'last_activity_at', 'last_login_at'],
      why: 'the tier and term of the payments that stay; the name follows "user".name',
    },
  },
  {
    table: 'account',
    client_columns: ['user_id'],
    omit: ['password', 'access_token', 'refresh_token', 'id_token'],
    erasure: { kind: 'delete' },
  },
  { table: 'session', client_columns: ['user_id'], omit: ['token'], erasure: { kind: 'delete' } },
  // Issue 17: the authenticator app's secret and the backup codes never leave the server.
  {
    table: 'two_factor',
    client_columns: ['user_id'],
    omit: ['secret', 'backup_codes'],
    erasure: { kind: 'delete' },
  },
  {
    table: 'account_settings',
    client_columns: ['user_id'],
    erasure: { kind: 'keep', clear: ['matching_paused_at'], why: 'records when the account was deleted' },
  },
  { table: 'client_profiles', client_columns: ['id'], erasure: { kind: 'delete' } },
  { table: 'client_traits', client_columns: ['client_id'], erasure: { kind: 'delete' } },
  { table: 'client_trait_events', client_columns: ['client_id'], erasure: { kind: 'delete' } },
  { table: 'tagging_requests', client_columns: ['client_id'], erasure: { kind: 'delete' } },
  { table: 'client_consents', client_columns: ['client_id'], erasure: { kind: 'delete' } },
  // The files go too: eraseClientFiles, after the commit.
  { table: 'client_photos', client_columns: ['client_id'], erasure: { kind: 'delete' } },
  { table: 'trait_correction_requests', client_columns: ['client_id'], erasure: { kind: 'delete' } },
  {
    table: 'quiz_answers',
    client_columns: [],
    via: { column: 'attempt_id', parent: 'quiz_attempts', parent_client_column: 'client_id' },
    erasure: { kind: 'delete' },
  },
  { table: 'quiz_attempts', client_columns: ['client_id'], erasure: { kind: 'delete' } },
  // Staff notes on the client's file: about the client, so they go with the account.
  { table: 'client_notes', client_columns: ['client_id'], erasure: { kind: 'delete' } },
  { table: 'intake_sessions', client_columns: ['user_id'], erasure: { kind: 'delete' } },
  { table: 'intake_feedback', client_columns: ['client_id'], erasure: { kind: 'delete' } },
  // Issue 30: the other client's id is not the client's data (exported as null); their first name
  // is added only once both said yes (as the client's own match list shows it). Why a matchmaker
  // overrode a rule is their note about the pair (often about the other person): not exported.
  {
    table: 'matches',
    client_columns: ['client1_id', 'client2_id'],
    own_id_only: ['client1_id', 'client2_id'],
    omit: ['override_reason', 'overridden_rules'],
    erasure: { kind: 'keep', why: "the other client's match history ('Verwijderd account')" },
  },
  {
    table: 'client_match_responses',
    client_columns: ['client_id'],
    erasure: {
      kind: 'keep',
      clear: ['rejection_reason'],
      why: "the match's status for the other client follows from the answers",
    },
  },
  { table: 'match_feedback', client_columns: ['client_id'], erasure: { kind: 'delete' } },
  {
    table: 'match_follow_up',
    client_columns: ['reported_by_client_id'],
    erasure: {
      kind: 'keep',
      clear: ['reported_by_client_id'],
      why: 'the follow-up belongs to the match, which the other client still sees',
    },
  },
  { table: 'feedback_requests', client_columns: ['client_id'], erasure: { kind: 'delete' } },
  { table: 'matchmaker_feedback', client_columns: ['client_id'], erasure: { kind: 'delete' } },
  // Issue 17: since when the client has their matchmaker (the feedback requests' cadence).
  { table: 'matchmaker_assignments', client_columns: ['client_id'], erasure: { kind: 'delete' } },
  { table: 'checkout_sessions', client_columns: ['client_id'], erasure: { kind: 'delete' } },
  {
    table: 'payments',
    client_columns: ['client_id'],
    erasure: { kind: 'keep', why: 'Belgian bookkeeping keeps payment records 7 years (decision 014)' },
  },
  // Issue 29 (decision 031): the client's invoices and credit notes, as issued; kept like the
  // payments they document (the account's deletion sets the client column to null).
  {
    table: 'invoices',
    client_columns: ['client_id'],
    erasure: { kind: 'keep', why: 'an issued invoice is kept 7 years by Belgian bookkeeping (decision 031)' },
  },
  // Issue 29 (decision 032): what the client's purchases promised; no one to call once they left.
  { table: 'staff_tasks', client_columns: ['client_id'], erasure: { kind: 'delete' } },
  // Issue 17: what the admin changed on the account (matchmaker, pause).
  { table: 'admin_audit_events', client_columns: ['subject_id'], erasure: { kind: 'delete' } },
  // Issue 16: candidates a matchmaker hid in magic match, for the client or with the client as the
  // candidate. The reason is the matchmaker's working note about the other person: not exported.
  {
    table: 'magic_match_hidden',
    client_columns: ['client_id', 'candidate_id'],
    omit: ['reason', 'hidden_by'],
    own_id_only: ['client_id', 'candidate_id'],
    erasure: { kind: 'delete' },
  },
  // Issue 32 (decision 036): the conversation with the matchmaker. The messages go with the
  // account; the conversation's row stays, so the matchmaker who had it reads "Verwijderd account".
  {
    table: 'conversations',
    client_columns: ['client_id'],
    erasure: {
      kind: 'keep',
      clear: ['last_message_at', 'client_notified_at', 'matchmaker_notified_at'],
      why: "the matchmaker's inbox shows the conversation ended: 'Verwijderd account', no messages",
    },
  },
  { table: 'conversation_messages', client_columns: ['client_id'], erasure: { kind: 'delete' } },
  // Issue 30 (decision 034): when magic match showed the client to a matchmaker (who may then see
  // their photos for a while). Which matchmaker is staff's working record: not exported.
  {
    table: 'magic_match_shown',
    client_columns: ['candidate_id'],
    omit: ['matchmaker_id'],
    erasure: { kind: 'delete' },
  },
];

/**
 * Columns that reference an account but never point at the client whose data it is: the staff
 * member on a client's row, or a matchmaker's own profile. Each with its reason.
 */
export const NOT_THE_CLIENT: Readonly<Record<string, string>> = {
  'user_profiles.assigned_matchmaker_id': "the client's matchmaker",
  'refunds.refunded_by': 'the admin who refunded a payment in the console (issue 29)',
  'matchmaker_profiles.id': "a matchmaker's public profile",
  'client_traits.decided_by': 'the staff member who confirmed or rejected a trait',
  'intake_sessions.assigned_matchmaker_id': 'the matchmaker of the intake',
  'matches.matchmaker_id': 'the matchmaker who proposed the match',
  'match_follow_up.updated_by_matchmaker_id': 'the matchmaker who updated the follow-up',
  'feedback_requests.matchmaker_id': 'the matchmaker the feedback is about',
  'matchmaker_feedback.matchmaker_id': 'the matchmaker the feedback is about',
  'intake_feedback.matchmaker_id': 'the matchmaker of the intake',
  'client_trait_events.actor_id': 'the staff member who changed a trait',
  'client_notes.author_id': 'the staff member who wrote a note on a client',
  'trait_correction_requests.matchmaker_id': 'the matchmaker asked to correct a trait',
  'matchmaker_assignments.matchmaker_id': 'the matchmaker the client has (issue 17)',
  'admin_audit_events.actor_id': 'the staff member who made the change',
  'magic_match_hidden.hidden_by': 'the staff member who hid a candidate in magic match',
  'conversations.matchmaker_id': 'the matchmaker the client had when the conversation last changed',
  'conversation_messages.sender_id': 'the writer of a message: the client (client_id says so) or staff',
  'staff_tasks.assignee_id': 'the staff member a promised task is assigned to (issue 29)',
  'staff_tasks.done_by': 'the staff member who did a promised task (issue 29)',
  'magic_match_shown.matchmaker_id': 'the matchmaker magic match showed a candidate to (issue 30)',
  'unassigned_bookings.host_matchmaker_id': 'the host of a booking no client is attached to (issue 30)',
};

/** E-mails have no account column: they are the client's by address (`email_outbox.to_address`). */
export const EMAIL_TABLE = 'email_outbox';
