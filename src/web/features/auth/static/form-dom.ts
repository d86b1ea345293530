import {
  type AlertTone,
  alertClasses,
  BUSY_SPINNER_CLASSES,
  buttonClasses,
  FIELD_ERROR_CLASSES,
} from '../../../components/ui/classes';
import { fetchAuth } from '../../../lib/auth-fetch';

/**
 * The DOM side of the prerendered login and sign-up forms (decision 044): what the app's React
 * components do with state, done here on the server's markup, with the same class names
 * (`components/ui/classes.ts`) and the same ARIA wiring (`TextField`: its hint, the form-level
 * alert and its own error in `aria-describedby`).
 */

/** The texts the script shows, written into the form's `data-texts` by the server. */
export interface AuthFormTexts {
  allFieldsRequired: string;
  loginFailed: string;
  emailNotVerified: string;
  resendConfirmation: string;
  confirmationResent: string;
  sessionUnavailable: string;
  serverError: string;
  networkError: string;
  /** The submit button's label while the request runs. */
  busy?: string;
}

export function readTexts(form: HTMLFormElement): AuthFormTexts {
  return JSON.parse(form.dataset.texts ?? '{}') as AuthFormTexts;
}

export function inputOf(form: HTMLFormElement, name: string): HTMLInputElement {
  const input = form.elements.namedItem(name);
  if (!(input instanceof HTMLInputElement)) throw new Error(`Missing field ${name}`);
  return input;
}

export function slotOf(form: HTMLFormElement, name: 'missing' | 'errors'): HTMLElement {
  const slot = form.querySelector<HTMLElement>(`[data-slot="${name}"]`);
  if (!slot) throw new Error(`Missing slot ${name}`);
  return slot;
}

/** `Alert`: errors are announced at once (role="alert"), other tones politely (role="status"). */
export function alertElement(text: string, tone: AlertTone = 'error', id?: string): HTMLDivElement {
  const alert = document.createElement('div');
  if (id) alert.id = id;
  alert.setAttribute('role', tone === 'error' ? 'alert' : 'status');
  alert.className = alertClasses(tone);
  alert.textContent = text;
  return alert;
}

/** `Button` with `isBusy`: a spinner, disabled, aria-busy; the label as given. */
export function setBusy(button: HTMLButtonElement, label: string, isBusy: boolean): void {
  button.disabled = isBusy;
  if (isBusy) button.setAttribute('aria-busy', 'true');
  else button.removeAttribute('aria-busy');
  const children: Node[] = [document.createTextNode(label)];
  if (isBusy) {
    const spinner = document.createElement('span');
    spinner.setAttribute('aria-hidden', 'true');
    spinner.className = BUSY_SPINNER_CLASSES;
    children.unshift(spinner);
  }
  button.replaceChildren(...children);
}

export function secondaryButton(label: string): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = buttonClasses('secondary');
  button.textContent = label;
  return button;
}

/** What the server wrote into each field's aria-describedby (its hint), before any error. */
const describedAtFirst = new WeakMap<HTMLInputElement, string | null>();

/**
 * A field's error state, as `TextField` draws it: `formAlertId` when its problem is told in the
 * form-level alert, `error` for a message of its own under the field; neither clears it.
 */
export function setFieldState(
  input: HTMLInputElement,
  { formAlertId, error }: { formAlertId?: string; error?: string },
): void {
  if (!describedAtFirst.has(input)) describedAtFirst.set(input, input.getAttribute('aria-describedby'));
  const field = input.closest('[data-field]');
  const errorId = `${input.id}-fout`;
  field?.querySelector(`[id="${errorId}"]`)?.remove();
  if (error && field) {
    const message = document.createElement('p');
    message.id = errorId;
    message.setAttribute('role', 'alert');
    message.className = FIELD_ERROR_CLASSES;
    message.textContent = error;
    field.append(message);
  }
  const described = [formAlertId, describedAtFirst.get(input), error ? errorId : undefined]
    .filter(Boolean)
    .join(' ');
  if (described) input.setAttribute('aria-describedby', described);
  else input.removeAttribute('aria-describedby');
  if (formAlertId || error) input.setAttribute('aria-invalid', 'true');
  else input.removeAttribute('aria-invalid');
}

/** `PasswordField`'s show/hide button (its icons follow aria-pressed by CSS). */
export function enhancePasswordToggles(root: ParentNode): void {
  for (const toggle of root.querySelectorAll<HTMLButtonElement>('[data-password-toggle]')) {
    toggle.addEventListener('click', () => {
      const input = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
      if (!(input instanceof HTMLInputElement)) return;
      const isVisible = toggle.getAttribute('aria-pressed') !== 'true';
      toggle.setAttribute('aria-pressed', String(isVisible));
      input.type = isVisible ? 'text' : 'password';
    });
  }
}

export interface AuthAnswer {
  ok: boolean;
  status: number;
  body: Record<string, unknown> | null;
}

/** A POST to better-auth (`/api/auth/*`) through `fetchAuth`, as the app sends it; null when no answer came. */
export async function postAuth(path: string, body: unknown): Promise<AuthAnswer | null> {
  let response: Response;
  try {
    response = await fetchAuth(path, body);
  } catch {
    return null;
  }
  const parsed: unknown = await response.json().catch(() => null);
  const isObject = typeof parsed === 'object' && parsed !== null;
  return {
    ok: response.ok,
    status: response.status,
    body: isObject ? (parsed as Record<string, unknown>) : null,
  };
}

function stringField(body: Record<string, unknown> | null, key: string): string | undefined {
  const value = body?.[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The server's text of a refusal (it answers better-auth's codes in Dutch), as `apiErrorOf` reads it. */
export function refusalText(answer: AuthAnswer | null, texts: AuthFormTexts): string {
  if (!answer) return texts.networkError;
  return stringField(answer.body, 'error') ?? stringField(answer.body, 'message') ?? texts.serverError;
}

export function authCodeOf(answer: AuthAnswer | null): string | undefined {
  return answer ? stringField(answer.body, 'code') : undefined;
}
