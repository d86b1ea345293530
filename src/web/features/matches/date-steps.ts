import { formatDateTime } from '../../../shared/format';
import type { ClientMatch } from '../../../shared/matches';

/** One step of "Wat gebeurt er nu?": done, the one the client is at, or still to come. */
export interface DateStep {
  title: string;
  text: string;
  state: 'done' | 'current' | 'todo';
}

/**
 * Issue 27 item 3: "Wat gebeurt er nu?" follows the match's state at every step: proposed (no
 * match both said yes to yet), accepted, planned, held, feedback given, and stopped (declined or
 * cancelled). `now` tells a planned date to come from one whose time has passed.
 */
export function dateSteps(match: ClientMatch | undefined, now: Date): DateStep[] {
  if (match && (match.status === 'rejected' || match.status === 'cancelled')) {
    return [
      {
        title: match.status === 'rejected' ? 'Dit voorstel gaat niet verder' : 'Deze date gaat niet door',
        text: 'Dat gebeurt, en het zegt niets over jou.',
        state: 'done',
      },
      {
        title: 'Je matchmaker zoekt verder',
        text: 'Je krijgt een e-mail zodra er een nieuw voorstel voor je klaarstaat.',
        state: 'current',
      },
    ];
  }
  const planned = match?.status === 'scheduled' || match?.status === 'completed';
  const passed = !!match?.scheduled_at && Date.parse(match.scheduled_at) <= now.getTime();
  const held = match?.status === 'completed';
  const order = [!!match, planned, held || (planned && passed), held && match.feedback_given];
  // The first step not yet done is the current one.
  const current = order.indexOf(false);
  const state = (i: number): DateStep['state'] =>
    i < (current === -1 ? order.length : current) ? 'done' : i === current ? 'current' : 'todo';
  return [
    {
      title: match ? 'Jullie zeiden allebei ja' : 'Antwoord op je voorstel',
      text: match
        ? 'Jullie willen allebei kennismaken.'
        : 'Zodra jij en de ander allebei ja zeggen, plant je matchmaker jullie date.',
      state: state(0),
    },
    {
      title: planned ? 'Jullie date is gepland' : 'Je matchmaker plant jullie date',
      text:
        planned && match?.scheduled_at
          ? `Op ${formatDateTime(match.scheduled_at)}${match.date?.place_name ? ` in ${match.date.place_name}` : ''}.`
          : 'Binnen enkele dagen stemt je matchmaker met jullie allebei een moment en een plek af.',
      state: state(1),
    },
    {
      title: held || passed ? 'Jullie date' : 'Jullie eerste date',
      text: held
        ? 'Jullie date heeft plaatsgevonden.'
        : passed
          ? 'Je matchmaker rondt de date af; daarna vragen we hoe het was.'
          : 'Je krijgt de dag voordien nog een herinnering. Kan je niet? Laat het je matchmaker weten.',
      state: state(2),
    },
    {
      title: held && match.feedback_given ? 'Bedankt voor je feedback' : 'Vertel hoe het was',
      text:
        held && match.feedback_given
          ? 'Je matchmaker leest ze en bespreekt met je hoe het verder gaat.'
          : 'Na de date vragen we je feedback. Alleen je matchmaker leest die.',
      state: state(3),
    },
  ];
}

/** The match the steps follow: one under way first, else the newest. */
export function currentMatch(matches: readonly ClientMatch[]): ClientMatch | undefined {
  const underWay = matches.find(
    (m) =>
      m.status === 'accepted' || m.status === 'scheduled' || (m.status === 'completed' && !m.feedback_given),
  );
  return underWay ?? matches[0];
}
