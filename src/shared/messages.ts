/** Every user-facing text of the spec's error catalogue, once. */
export const MESSAGES = {
  loginFailed: 'Ongeldige inloggegevens',
  emailNotVerified:
    'Je e-mailadres is nog niet bevestigd. Klik op de link in de bevestigingsmail om je account te activeren.',
  resendConfirmation: 'Stuur de bevestigingsmail opnieuw',
  confirmationResent: 'We hebben een nieuwe bevestigingsmail gestuurd. Controleer je inbox.',
  allFieldsRequired: 'Alle velden zijn verplicht',
  emailRequired: 'Vul je e-mailadres in',
  invalidEmail: 'Vul een geldig e-mailadres in',
  passwordsDoNotMatch: 'Wachtwoorden komen niet overeen',
  passwordTooShort: 'Wachtwoord moet minimaal 6 tekens bevatten',
  passwordTooLong: 'Wachtwoord mag maximaal 128 tekens bevatten',
  passwordTooCommon: 'Dit wachtwoord komt te vaak voor. Kies een ander wachtwoord.',
  userAlreadyExists: 'Er bestaat al een account met dit e-mailadres',
  noAccessToken: 'Geen toegangstoken gevonden. Probeer de link opnieuw aan te vragen.',
  noAccessTokenInUrl: 'Geen toegangstoken gevonden in de URL. Probeer de link opnieuw aan te vragen.',
  invalidResetLink: 'Ongeldige of verlopen reset link. Vraag een nieuwe link aan op de inlogpagina.',
  resetEmailFailed: 'Er is een fout opgetreden bij het versturen van de reset link',
  resetEmailSent: 'Reset link is verstuurd naar je e-mail. Controleer je inbox.',
  resetPasswordFailed: 'Er is een fout opgetreden bij het resetten van je wachtwoord',
  resetPasswordSuccess: 'Je wachtwoord is gewijzigd. Je wordt zo doorgestuurd naar de inlogpagina.',
  purchaseDetailFailed: 'Er is een fout opgetreden bij het ophalen van je aankoop details.',
  bookingSaveFailed:
    'Er is een probleem opgetreden bij het opslaan van je afspraak. Neem contact op met ondersteuning als dit probleem aanhoudt.',
  bookingUnexpectedError:
    'Er is een onverwachte fout opgetreden. Probeer het opnieuw of neem contact op met ondersteuning.',
  bookingSuccess:
    'Je intakegesprek is succesvol gepland! Je ontvangt binnenkort een bevestigingsmail van Calendly.',
  schedulerLoadFailed: 'Failed to load Calendly widget',
  invalidSchedulerUrl: 'Invalid Calendly URL',
  unauthorized: 'Unauthorized access',
  notAuthenticated: 'User not authenticated',
  sessionUnavailable: 'Failed to get authentication session',
  duplicateMatch: 'Er bestaat al een match tussen deze twee klanten',
  noProfile: 'Profiel Niet Gevonden',
  roleMismatch: 'Geen Toegang - Je hebt geen toegang tot deze pagina.',
  notLoggedInForFeedback: 'Je moet ingelogd zijn om feedback te geven',
  overallSatisfactionRequired: 'Algemene tevredenheid is verplicht',
  matchmakerFeedbackFailed: 'Er is een fout opgetreden bij het verzenden van je feedback',
  feedbackRequestsFailed: 'Er is een fout opgetreden bij het ophalen van feedbackverzoeken',
  intakeDetailsFailed: 'Er is een fout opgetreden bij het ophalen van de gespreksdetails',
  matchmakerNotFound: 'Matchmaker Niet Gevonden',
  notFound: 'Niet gevonden',
  badRequest: 'Ongeldige invoer',
  payloadTooLarge: 'De aanvraag is te groot.',
  nameTooLong: 'Je naam mag maximaal 200 tekens bevatten',
  tooManyRequests: 'Te veel pogingen. Probeer het over een paar minuten opnieuw.',
  serverError: 'Er is een onverwachte fout opgetreden. Probeer het later opnieuw.',
  networkError: 'Geen verbinding met de server. Controleer je internetverbinding en probeer opnieuw.',
} as const;

/** Fallback messages of spec section 8, used when a failed call carries no error text. */
export const FALLBACK_MESSAGES = {
  fetchMatches: 'Failed to fetch matches',
  fetchProposedMatches: 'Failed to fetch proposed matches',
  createMatch: 'Failed to create match',
  updateMatch: 'Failed to update match',
  createFeedback: 'Failed to create feedback',
  fetchFeedback: 'Failed to fetch feedback',
  submitMatchResponse: 'Failed to submit match response',
  updateMatchOutcome: 'Failed to update match outcome',
  fetchFollowUps: 'Failed to fetch match follow-ups',
} as const;

/** Error codes of the API (`{ error, code }`), mapped to HTTP status. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  NOT_AUTHENTICATED: 401,
  UNAUTHORIZED: 403,
  NOT_FOUND: 404,
  MATCHMAKER_NOT_FOUND: 404,
  DUPLICATE_MATCH: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;
