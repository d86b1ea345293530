import { ROLES, type Role } from '../../../../shared/domain';
import { ROUTES } from '../../../../shared/routes';
import { SESSION_PATH } from '../../../lib/early-session';
import { homePathForRole, safeNextPath } from '../../../lib/home-path';
import { VERIFIED_CALLBACK_URL } from '../api/auth-paths';
import {
  alertElement,
  authCodeOf,
  inputOf,
  postAuth,
  readTexts,
  refusalText,
  secondaryButton,
  setBusy,
  setFieldState,
  slotOf,
} from './form-dom';

const MISSING_ALERT_ID = 'inloggen-ontbreekt';

/** The role of the session the sign-in just made, `null` without a profile, `undefined` without a session. */
async function signedInRole(): Promise<Role | null | undefined> {
  const response = await fetch(SESSION_PATH, {
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) return undefined;
  const { session } = (await response.json()) as {
    session: { profile: { role: string } | null } | null;
  };
  if (!session) return undefined;
  const role = session.profile?.role;
  return ROLES.find((known) => known === role) ?? null;
}

/**
 * The prerendered login form (decision 044), as `LoginPage` behaves: all fields required, the
 * spec's text for a wrong password, the unconfirmed account told why with a way to resend, the code
 * step for an account with two-factor login on (the app's page at `?stap=code`), then on to the
 * role's area or to a `?next=` the role may open.
 */
export function enhanceLoginForm(form: HTMLFormElement): void {
  const texts = readTexts(form);
  const email = inputOf(form, 'email');
  const password = inputOf(form, 'password');
  const missing = slotOf(form, 'missing');
  const errors = slotOf(form, 'errors');
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!submit) return;
  const idleLabel = submit.textContent ?? '';
  const next = new URLSearchParams(window.location.search).get('next');
  let isBusy = false;

  const done = (message?: string) => {
    isBusy = false;
    setBusy(submit, idleLabel, false);
    if (message) errors.replaceChildren(alertElement(message));
  };

  const showUnverified = (address: string) => {
    const block = document.createElement('div');
    block.className = 'flex flex-col gap-3';
    const resend = secondaryButton(texts.resendConfirmation);
    const result = document.createElement('div');
    result.className = 'contents';
    resend.addEventListener('click', async () => {
      result.replaceChildren();
      setBusy(resend, texts.resendConfirmation, true);
      const answer = await postAuth('/send-verification-email', {
        email: address,
        callbackURL: VERIFIED_CALLBACK_URL,
      });
      setBusy(resend, texts.resendConfirmation, false);
      result.replaceChildren(
        answer?.ok
          ? alertElement(texts.confirmationResent, 'success')
          : alertElement(refusalText(answer, texts)),
      );
    });
    block.append(alertElement(texts.emailNotVerified), result, resend);
    errors.replaceChildren(block);
  };

  // Back to this page from the next one (the back/forward cache): the button is no longer busy.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) done();
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (isBusy) return;
    missing.replaceChildren();
    errors.replaceChildren();
    const values = { email: email.value.trim(), password: password.value };
    setFieldState(email, { formAlertId: values.email ? undefined : MISSING_ALERT_ID });
    setFieldState(password, { formAlertId: values.password ? undefined : MISSING_ALERT_ID });
    if (!values.email || !values.password) {
      missing.append(alertElement(texts.allFieldsRequired, 'error', MISSING_ALERT_ID));
      // As react-hook-form does: the first field to fix has the focus.
      (values.email ? password : email).focus();
      return;
    }
    isBusy = true;
    setBusy(submit, texts.busy ?? idleLabel, true);
    void (async () => {
      const answer = await postAuth('/sign-in/email', values);
      if (!answer?.ok) {
        if (authCodeOf(answer) === 'EMAIL_NOT_VERIFIED') {
          done();
          showUnverified(values.email);
          return;
        }
        done(answer?.status === 401 ? texts.loginFailed : refusalText(answer, texts));
        return;
      }
      if (answer.body?.twoFactorRedirect === true) {
        const params = new URLSearchParams(next ? { next } : {});
        params.set('stap', 'code');
        window.location.replace(`${ROUTES.login}?${params}`);
        return;
      }
      const role = await signedInRole().catch(() => undefined);
      if (role === undefined) {
        done(texts.sessionUnavailable);
        return;
      }
      // Signed in without a profile: the app's guard explains ('Profiel Niet Gevonden').
      if (role === null) {
        window.location.replace(ROUTES.dashboard);
        return;
      }
      window.location.replace(safeNextPath(next, role) ?? homePathForRole(role));
    })();
  });
}
