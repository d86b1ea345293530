import { ROUTES } from '../../../../shared/routes';
import { rememberConfirmationEmail, VERIFIED_CALLBACK_URL } from '../api/auth-paths';
import { passwordScore, STRENGTH_LEVELS, strengthBarClasses } from '../components/password-strength-score';
import {
  alertElement,
  inputOf,
  postAuth,
  readTexts,
  refusalText,
  setBusy,
  setFieldState,
  slotOf,
} from './form-dom';

const MISSING_ALERT_ID = 'aanmelden-ontbreekt';
const FIELDS = ['full_name', 'email', 'password'] as const;
type Field = (typeof FIELDS)[number];

type AuthSchemas = typeof import('../../../../shared/auth');
type SignUpCheck = ReturnType<AuthSchemas['signUpSchema']['safeParse']>;

/** The shared schema (zod) of the app's form, fetched once the visitor starts on the form. */
let schema: Promise<AuthSchemas> | undefined;
const loadSchema = () => {
  schema ??= import('../../../../shared/auth');
  schema.catch(() => {
    schema = undefined;
  });
  return schema;
};

/** "Sterkte: …" under the password, as `PasswordStrength` draws it (zxcvbn-ts loads on first use). */
function drawStrength(target: HTMLElement, score: number | null): void {
  if (score === null) {
    target.replaceChildren();
    return;
  }
  {
    const row = document.createElement('div');
    row.className = 'flex items-center gap-3';
    const bar = document.createElement('div');
    bar.setAttribute('aria-hidden', 'true');
    bar.className = 'flex flex-1 gap-1';
    for (const classes of strengthBarClasses(score)) {
      const segment = document.createElement('span');
      segment.className = classes;
      bar.append(segment);
    }
    const label = document.createElement('span');
    label.className = 'text-sm font-medium text-stone-700';
    label.textContent = `Sterkte: ${STRENGTH_LEVELS[score]?.label ?? ''}`;
    row.append(bar, label);
    target.replaceChildren(row);
  }
}

/**
 * The prerendered sign-up form (decision 044), as `SignUpPage` behaves: the shared schema's checks
 * (empty fields in one form-level message, other problems at their field), the server's refusal in
 * Dutch, then the confirmation page.
 */
export function enhanceSignUpForm(form: HTMLFormElement): void {
  const texts = readTexts(form);
  const inputs: Record<Field, HTMLInputElement> = {
    full_name: inputOf(form, 'full_name'),
    email: inputOf(form, 'email'),
    password: inputOf(form, 'password'),
  };
  const missingSlot = slotOf(form, 'missing');
  const errors = slotOf(form, 'errors');
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const strength = form.querySelector<HTMLElement>('[data-password-strength]');
  if (!submit) return;
  const idleLabel = submit.textContent ?? '';
  let isBusy = false;

  form.addEventListener('focusin', () => void loadSchema(), { once: true });

  let strengthTimer: number | undefined;
  let strengthRun = 0;
  form.addEventListener('input', () => {
    if (!strength) return;
    window.clearTimeout(strengthTimer);
    const run = ++strengthRun;
    const password = inputs.password.value;
    if (!password) {
      drawStrength(strength, null);
      return;
    }
    strengthTimer = window.setTimeout(() => {
      const userInputs = [inputs.full_name.value, inputs.email.value].filter(Boolean);
      passwordScore(password, userInputs)
        .then((score) => run === strengthRun && drawStrength(strength, score))
        .catch(() => run === strengthRun && drawStrength(strength, null));
    }, 200);
  });

  const done = (message?: string) => {
    isBusy = false;
    setBusy(submit, idleLabel, false);
    if (message) errors.replaceChildren(alertElement(message));
  };

  // Back to this page from the next one (the back/forward cache): the button is no longer busy.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) done();
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (isBusy) return;
    isBusy = true;
    void (async () => {
      let parsed: SignUpCheck;
      try {
        const { signUpSchema } = await loadSchema();
        parsed = signUpSchema.safeParse({
          full_name: inputs.full_name.value,
          email: inputs.email.value,
          password: inputs.password.value,
        });
      } catch {
        done(texts.networkError);
        return;
      }
      missingSlot.replaceChildren();
      errors.replaceChildren();
      // As react-hook-form's resolver: the first problem of each field.
      const problems = new Map<Field, string>();
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = issue.path[0] as Field;
          if (FIELDS.includes(field) && !problems.has(field)) problems.set(field, issue.message);
        }
      }
      const isMissing = (field: Field) => problems.get(field) === texts.allFieldsRequired;
      for (const field of FIELDS) {
        const problem = problems.get(field);
        setFieldState(inputs[field], {
          formAlertId: isMissing(field) ? MISSING_ALERT_ID : undefined,
          error: problem && !isMissing(field) ? problem : undefined,
        });
      }
      if (FIELDS.some(isMissing)) {
        missingSlot.append(alertElement(texts.allFieldsRequired, 'error', MISSING_ALERT_ID));
      }
      if (!parsed.success) {
        isBusy = false;
        // As react-hook-form does: the first field to fix has the focus.
        inputs[FIELDS.find((field) => problems.has(field)) ?? 'full_name'].focus();
        return;
      }
      setBusy(submit, texts.busy ?? idleLabel, true);
      const values = parsed.data;
      const answer = await postAuth('/sign-up/email', {
        name: values.full_name,
        email: values.email,
        password: values.password,
        callbackURL: VERIFIED_CALLBACK_URL,
      });
      if (!answer?.ok) {
        done(refusalText(answer, texts));
        return;
      }
      rememberConfirmationEmail(values.email);
      window.location.assign(ROUTES.confirmation);
    })();
  });
}
