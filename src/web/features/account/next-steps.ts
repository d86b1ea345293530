import type { UserProfile } from '../../../shared/account';
import { formatDateTime } from '../../../shared/format';
import type { ClientMatch } from '../../../shared/matches';
import { QUIZ_DURATION } from '../../../shared/quiz-duration';
import { ROUTES } from '../../../shared/routes';

/** One step of the client's checklist on the account overview: a link, done or still to do. */
export interface NextStep {
  id: 'tier' | 'profile' | 'quiz' | 'intake' | 'proposals' | 'feedback' | 'date' | 'date-passed';
  title: string;
  text: string;
  to: string;
  done: boolean;
}

/** What the overview knows of the client; null where a source has not answered (yet). */
export interface JourneyState {
  profile: Pick<UserProfile, 'tier' | 'contract_status' | 'subscription_status'>;
  /** Open proposals waiting for this client's answer. */
  openProposals: number | null;
  /** The client's matches after both accepted. */
  matches: ClientMatch[] | null;
  /** Whether the profile form is complete; null when unknown. */
  profileComplete?: boolean | null;
  /** Whether the client finished the quiz; null when unknown. */
  quizFinished?: boolean | null;
  /** When the client's next booked intake is (ISO); null when none is booked. */
  upcomingIntakeAt?: string | null;
  /** The time to judge planned dates by (a date in the past is no longer wished 'Veel plezier!'). */
  now?: Date;
}

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/**
 * The client's next steps, in the order of the journey, following their state: what is done is
 * ticked, what waits for them is a link; steps that do not apply to them are left out.
 */
export function nextSteps(state: JourneyState): NextStep[] {
  const { tier, contract_status, subscription_status } = state.profile;
  const isPaying =
    tier !== 'Relax' && subscription_status !== 'expired' && subscription_status !== 'cancelled';
  const steps: NextStep[] = [];

  if (state.profileComplete !== undefined) {
    steps.push({
      id: 'profile',
      title: state.profileComplete ? 'Je profiel is ingevuld' : 'Vul je profiel aan',
      text: state.profileComplete
        ? 'Je kunt het altijd aanpassen.'
        : 'Hoe beter we je kennen, hoe beter de match.',
      to: state.profileComplete ? ROUTES.profileOverview : ROUTES.profileForm,
      done: state.profileComplete === true,
    });
  }
  if (state.quizFinished !== undefined) {
    steps.push({
      id: 'quiz',
      title: state.quizFinished ? 'Je hebt de quiz gedaan' : 'Doe de persoonlijkheidsquiz',
      text: state.quizFinished
        ? 'Bekijk wat hij over jou zegt.'
        : `Het duurt ${QUIZ_DURATION}: zo leert je matchmaker je nog beter kennen.`,
      to: state.quizFinished ? ROUTES.quizResults : ROUTES.quiz,
      done: state.quizFinished === true,
    });
  }

  if (!isPaying) {
    steps.push({
      id: 'tier',
      title: 'Kies je begeleiding',
      text: 'Met Persoonlijk of Persoonlijk+ zoekt een matchmaker actief mee.',
      to: ROUTES.products,
      done: false,
    });
    return steps;
  }

  const isMatching = contract_status === 'active_for_matching';
  const booked = !isMatching && state.upcomingIntakeAt;
  steps.push({
    id: 'intake',
    title: isMatching
      ? 'Je intakegesprek is gebeurd'
      : booked
        ? 'Je intakegesprek staat gepland'
        : 'Plan je intakegesprek',
    text: isMatching
      ? 'Je matchmaker zoekt nu mensen die bij je passen.'
      : booked
        ? `Op ${formatDateTime(booked)}. Daarna zoeken we je eerste match.`
        : 'Maak kennis met je matchmaker: daarna zoeken we je eerste match.',
    to: ROUTES.intakePlanning,
    done: isMatching,
  });

  if (state.openProposals) {
    steps.push({
      id: 'proposals',
      title: plural(
        state.openProposals,
        'Beantwoord je voorstel',
        `Beantwoord je ${state.openProposals} voorstellen`,
      ),
      text: 'Laat weten of je kennis wilt maken, binnen de termijn.',
      to: ROUTES.proposedMatches,
      done: false,
    });
  }

  const withoutFeedback = (state.matches ?? []).filter(
    (match) => match.status === 'completed' && !match.feedback_given,
  );
  if (withoutFeedback.length > 0) {
    steps.push({
      id: 'feedback',
      title: 'Vertel hoe je date was',
      text: `Je feedback over je date met ${withoutFeedback.map((m) => m.other.first_name).join(' en ')} helpt je matchmaker verder.`,
      to: ROUTES.matchAccepted,
      done: false,
    });
  }
  const scheduled = (state.matches ?? []).filter((match) => match.status === 'scheduled');
  const nowMs = (state.now ?? new Date()).getTime();
  const isAhead = (match: ClientMatch) => !!match.scheduled_at && Date.parse(match.scheduled_at) > nowMs;
  const planned = scheduled.filter(isAhead);
  if (planned.length > 0) {
    steps.push({
      id: 'date',
      title: 'Je date is gepland',
      text: `Met ${planned.map((m) => m.other.first_name).join(' en ')}. Veel plezier!`,
      to: ROUTES.matchAccepted,
      done: false,
    });
  }
  // A planned time that has passed, not yet marked as held by the matchmaker: no 'Veel plezier!'.
  const passed = scheduled.filter((match) => !isAhead(match));
  if (passed.length > 0) {
    steps.push({
      id: 'date-passed',
      title: 'Hoe was je date?',
      text: `Met ${passed.map((m) => m.other.first_name).join(' en ')}. Zodra je matchmaker de date heeft afgerond, vertel je hier hoe het was.`,
      to: ROUTES.matchAccepted,
      done: false,
    });
  }
  return steps;
}
