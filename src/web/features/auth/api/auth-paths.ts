import { ROUTES } from '../../../../shared/routes';

/** Where the e-mail confirmation link lands after the server verified it. */
export const VERIFIED_CALLBACK_URL = `${ROUTES.login}?bevestigd=1`;

const CONFIRMATION_EMAIL_KEY = 'koppel.bevestiging.email';

/**
 * The address the sign-up just wrote to, for the confirmation page: the prerendered sign-up form
 * (decision 044) loads that page anew, where the app's own form hands it over in the router's state.
 * This tab's session storage, not the address: an e-mail address stays out of URLs and logs.
 */
export function rememberConfirmationEmail(email: string): void {
  try {
    sessionStorage.setItem(CONFIRMATION_EMAIL_KEY, email);
  } catch {
    // Storage refused (private mode): the page then says it without the address.
  }
}

export function rememberedConfirmationEmail(): string | null {
  try {
    return sessionStorage.getItem(CONFIRMATION_EMAIL_KEY);
  } catch {
    return null;
  }
}
