import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  QUIZ_ANSWER_MAX,
  QUIZ_ANSWER_MIN,
  QUIZ_ANSWER_OPTIONS,
  QUIZ_QUESTIONS,
  type QuizAttempt,
} from '../../../../shared/quiz';
import { ROUTES } from '../../../../shared/routes';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorText } from '../../../components/ui/error-text';
import { errorText } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { saveQuizAnswer, useFinishQuiz } from '../api/quiz';

type SaveState = 'idle' | 'saving' | 'saved' | 'error';

const TOTAL = QUIZ_QUESTIONS.length;

/** Where to resume: the first statement without an answer (the last one when all are answered). */
function resumeIndex(answers: Record<string, number>): number {
  const index = QUIZ_QUESTIONS.findIndex((q) => answers[q.id] === undefined);
  return index === -1 ? TOTAL - 1 : index;
}

/**
 * One statement per screen. Each answer is saved the moment it is chosen (in order, one request
 * after the other), so a reload resumes at the first unanswered statement. Keyboard: the arrow
 * keys move through the five options (a native radio group), the number keys 1-5 choose one,
 * Enter goes on.
 */
export function QuizRunner({
  attempt,
  autoFocus,
  onFinishing,
}: {
  attempt: QuizAttempt;
  /** Focus the first option (the client just started, so the keyboard carries on here). */
  autoFocus: boolean;
  /** Called when the last answer is in and the result is asked for. */
  onFinishing: () => void;
}) {
  const navigate = useNavigate();
  const finish = useFinishQuiz();
  const [answers, setAnswers] = useState<Record<string, number>>(() =>
    Object.fromEntries(attempt.answers.map((a) => [a.question_id, a.value])),
  );
  const [index, setIndex] = useState(() => resumeIndex(answers));
  /** The statement whose answer gets the focus once it is on screen (null: none). */
  const focusWanted = useRef<number | null>(autoFocus ? index : null);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [hint, setHint] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<unknown>(null);
  const answersRef = useRef(answers);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const pending = useRef(0);
  const failed = useRef(new Set<string>());
  const groupRef = useRef<HTMLFieldSetElement>(null);

  const question = QUIZ_QUESTIONS[index]!;
  const value = answers[question.id];
  const answeredCount = QUIZ_QUESTIONS.filter((q) => answers[q.id] !== undefined).length;
  const isLast = index === TOTAL - 1;
  const groupName = `quiz-${question.id}`;

  // Focus the statement asked for once it is the one on screen: a render in between (a save that
  // answers while the next statement is on its way) must not use up the request on the old one.
  useEffect(() => {
    if (focusWanted.current !== index) return;
    focusWanted.current = null;
    const group = groupRef.current;
    const target =
      group?.querySelector<HTMLInputElement>('input:checked') ??
      group?.querySelector<HTMLInputElement>('input');
    target?.focus();
  });

  function save(question_id: string, chosen: number) {
    pending.current += 1;
    setSaveState('saving');
    chain.current = chain.current
      .then(() => saveQuizAnswer(attempt.id, { question_id, value: chosen }))
      .then(
        () => failed.current.delete(question_id),
        (error: unknown) => {
          failed.current.add(question_id);
          setSaveError(error);
        },
      )
      .finally(() => {
        pending.current -= 1;
        if (pending.current === 0) setSaveState(failed.current.size > 0 ? 'error' : 'saved');
      });
  }

  function choose(chosen: number) {
    setHint(null);
    if (answersRef.current[question.id] === chosen) return;
    const next = { ...answersRef.current, [question.id]: chosen };
    answersRef.current = next;
    setAnswers(next);
    save(question.id, chosen);
  }

  function retryFailed() {
    for (const id of [...failed.current]) {
      const chosen = answersRef.current[id];
      if (chosen !== undefined) save(id, chosen);
    }
  }

  async function goNext() {
    if (value === undefined) {
      setHint('Kies eerst een antwoord om verder te gaan.');
      return;
    }
    if (!isLast) {
      focusWanted.current = index + 1;
      setIndex(index + 1);
      return;
    }
    await chain.current;
    if (failed.current.size > 0) return;
    const missing = resumeIndex(answersRef.current);
    if (answersRef.current[QUIZ_QUESTIONS[missing]!.id] === undefined) {
      focusWanted.current = missing;
      setIndex(missing);
      setHint('Deze uitspraak heeft nog geen antwoord.');
      return;
    }
    onFinishing();
    // A promise, not mutate's callbacks: this component is gone by the time the result is in.
    finish.mutateAsync(attempt.id).then(
      () => navigate(ROUTES.quizResults),
      () => undefined,
    );
  }

  function goBack() {
    setHint(null);
    focusWanted.current = index - 1;
    setIndex(index - 1);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void goNext();
  }

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const digit = Number(event.key);
    if (Number.isInteger(digit) && digit >= QUIZ_ANSWER_MIN && digit <= QUIZ_ANSWER_MAX) {
      event.preventDefault();
      choose(digit);
      groupRef.current?.querySelector<HTMLInputElement>(`input[value="${digit}"]`)?.focus();
      return;
    }
    if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') {
      event.preventDefault();
      void goNext();
    }
  }

  const percent = Math.round((answeredCount / TOTAL) * 100);

  return (
    <Card>
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm text-stone-700">
        <p id="quiz-position" className="font-semibold text-stone-900">
          Uitspraak {index + 1} van {TOTAL}
        </p>
        <p>{answeredCount} beantwoord</p>
      </div>
      <div
        role="progressbar"
        aria-label="Voortgang van de quiz"
        aria-valuemin={0}
        aria-valuemax={TOTAL}
        aria-valuenow={answeredCount}
        aria-valuetext={`${answeredCount} van ${TOTAL} uitspraken beantwoord`}
        className="mt-2 h-2 overflow-hidden rounded-full bg-stone-200"
      >
        <div
          className="h-full rounded-full bg-brand-700 motion-safe:transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>

      <form className="mt-6" onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate>
        <fieldset key={question.id} ref={groupRef} aria-describedby="quiz-position quiz-keys">
          <legend className="font-serif text-xl font-semibold text-stone-900 sm:text-2xl">
            {question.text}
          </legend>
          <div className="mt-5 grid gap-2 sm:grid-cols-5">
            {QUIZ_ANSWER_OPTIONS.map((option) => (
              <label
                key={option.value}
                className={cn(
                  'flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border-2 px-3 py-2 text-stone-900',
                  'sm:flex-col sm:justify-center sm:gap-2 sm:text-center',
                  'hover:border-brand-300 hover:bg-brand-50',
                  'has-checked:border-brand-700 has-checked:bg-brand-50',
                  'has-focus-visible:ring-4 has-focus-visible:ring-brand-300',
                  value === option.value ? 'border-brand-700 bg-brand-50' : 'border-stone-200 bg-white',
                )}
              >
                <input
                  type="radio"
                  name={groupName}
                  value={option.value}
                  checked={value === option.value}
                  onChange={() => choose(option.value)}
                  className="size-5 shrink-0 accent-brand-700"
                />
                <span className="flex items-center gap-2 sm:flex-col sm:gap-1">
                  <span
                    aria-hidden="true"
                    className="flex size-6 items-center justify-center rounded-full bg-stone-100 text-xs font-semibold text-stone-800"
                  >
                    {option.value}
                  </span>
                  <span className="text-sm font-medium">{option.label}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <p id="quiz-keys" className="mt-3 text-sm text-stone-700">
          Met het toetsenbord: pijltjestoetsen of de cijfers 1 tot 5 om te kiezen, Enter om verder te gaan.
        </p>

        {hint && (
          <p role="alert" className="mt-3 text-sm font-semibold text-red-800">
            {hint}
          </p>
        )}

        <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
          <Button variant="secondary" onClick={goBack} disabled={index === 0}>
            Vorige
          </Button>
          <Button type="submit" isBusy={finish.isPending}>
            {isLast ? 'Bekijk je resultaat' : 'Volgende'}
          </Button>
        </div>
      </form>

      {/* Shown, not announced after every answer: only a failure is (the alert below). */}
      <p className="mt-4 min-h-5 text-sm text-stone-700">
        {saveState === 'saving' && 'Je antwoord wordt bewaard...'}
        {saveState === 'saved' && 'Je antwoord is bewaard. Je kunt altijd stoppen en later verdergaan.'}
      </p>
      {saveState === 'error' && (
        <Alert className="mt-2">
          <p className="font-semibold">Je antwoord kon niet bewaard worden.</p>
          <ErrorText message={errorText(saveError)} />
          <Button variant="secondary" className="mt-3" onClick={retryFailed}>
            Opnieuw bewaren
          </Button>
        </Alert>
      )}
      {finish.isError && (
        <Alert className="mt-4">
          <ErrorText message={errorText(finish.error)} />
        </Alert>
      )}
    </Card>
  );
}
