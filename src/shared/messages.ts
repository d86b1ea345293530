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
  passwordLikeEmail: 'Je wachtwoord lijkt te veel op je e-mailadres. Kies een ander wachtwoord.',
  passwordTooWeak:
    'Dit wachtwoord is te makkelijk te raden. Kies een langer wachtwoord, bijvoorbeeld een paar woorden met een cijfer, zonder je naam of e-mailadres.',
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
  matchWithSelf: 'Een klant kan niet met zichzelf gematcht worden',
  matchNeedsClients: 'Je kunt alleen twee klanten met elkaar matchen',
  matchNotOwnClient:
    'Je kunt alleen een match voorstellen waarbij minstens één van de twee je eigen klant is',
  matchNotOpen: 'Deze match wacht niet meer op een antwoord',
  matchDeadlinePassed: 'De termijn om te antwoorden is verstreken',
  matchAlreadyAnswered: 'Je hebt al op deze match geantwoord',
  matchOutcomeNotAllowed: 'Deze stap past niet bij de huidige status van de match',
  matchDateNotPassed: 'De date heeft nog niet plaatsgevonden. Verzet de date als ze eerder was.',
  matchDateBeforeAcceptance: 'De date kan niet vóór de aanvaarding van de match gepland worden.',
  feedbackOnlyAfterDate: 'Je kunt feedback geven nadat de date heeft plaatsgevonden',
  feedbackAlreadyGiven: 'Je hebt al feedback gegeven op deze date',
  placeTooLong: 'Houd de plek korter (hoogstens 200 tekens)',
  placeNameRequired: 'Vul de naam van de plek in',
  placeAddressRequired: 'Vul het adres van de plek in',
  placeUrlInvalid: 'Geef een webadres dat begint met http:// of https://',
  dateMoveMessageRequired: 'Laat je matchmaker weten wanneer je wel kan',
  dateMoveNotOpen: 'Er is geen geplande date die nog moet komen',
  dateMoveAlreadyAsked: 'Je vroeg al om deze date te verzetten. Je matchmaker neemt contact met je op.',
  dateNotPlanned: 'Er is nog geen date gepland',
  chooseTwoClients: 'Kies twee klanten.',
  noteTooLong: 'Een notitie mag maximaal 2000 tekens bevatten',
  introductionTooShort: 'Schrijf een introductie van minstens 30 tekens: waarom passen deze twee bij elkaar?',
  introductionTooLong: 'Houd de introductie korter (hoogstens 1000 tekens)',
  rejectionReasonOnlyWhenRejecting: 'Een reden kan alleen bij een afwijzing',
  chooseDateTime: 'Kies een datum en uur voor de date',
  chooseRatingAndMeetAgain: 'Kies een score en of je elkaar wilt terugzien.',
  chooseValidDate: 'Kies een geldige datum',
  followUpNotesRequired: 'Schrijf wat er gebeurde',
  tierNotAvailable: 'Dit lidmaatschap kun je nu niet kopen. Kies een hoger lidmaatschap.',
  paymentProviderFailed: 'De betaling kon niet gestart worden. Probeer het over een paar minuten opnieuw.',
  checkoutNotOpen: 'Deze betaling is niet meer open. Start een nieuwe betaling vanaf de pagina Diensten.',
  paymentNotConfirmed:
    'Je betaling is nog niet bevestigd. Sommige betaalmethoden bevestigen pas later: je lidmaatschap start zodra je bank de betaling bevestigt, en dan krijg je een e-mail met je factuur. Deze pagina kijkt vanzelf opnieuw.',
  paymentDeclined:
    'Je bank heeft deze betaling niet bevestigd: er werd niets aangerekend en je lidmaatschap is niet gestart. Je kunt opnieuw betalen via de pagina Diensten.',
  purchaseNotFound: 'Deze aankoop werd niet gevonden.',
  paymentProviderUnavailable: 'De betaalprovider antwoordt niet. Probeer het over een paar minuten opnieuw.',
  paymentProcessing:
    'Je vorige betaling voor dit lidmaatschap wordt nog verwerkt. We laten je weten zodra ze binnen is.',
  nothingToCancel: 'Je hebt geen lopend lidmaatschap om op te zeggen.',
  outboxNotFailed: 'Alleen een e-mail die niet verstuurd kon worden, kun je opnieuw versturen.',
  outboxNotPending: 'Alleen een e-mail die nog in de wachtrij staat, kan mislukken.',
  invalidWebhookSignature: 'Ongeldige handtekening',
  notFound: 'Niet gevonden',
  badRequest: 'Ongeldige invoer',
  malformedJson: 'De aanvraag is geen geldige JSON.',
  unsupportedMediaType: 'Stuur de gegevens als JSON (Content-Type: application/json).',
  invalidCharacters: 'De aanvraag bevat tekens die niet toegelaten zijn.',
  dateOutOfRange: 'Kies een datum tussen 1900 en 2200.',
  invalidWebhookEvent: 'Ongeldige gebeurtenis',
  // Issue 29: withdrawals and refunds.
  withdrawalPeriodOver: 'De herroepingstermijn van 14 dagen voor deze aankoop is voorbij.',
  withdrawalAlreadyRequested: 'Je hebt deze aankoop al herroepen.',
  refundTooHigh: 'Dit bedrag is hoger dan wat er van deze betaling nog terug te betalen is.',
  refundFailed: 'De betaalprovider kon deze terugbetaling niet uitvoeren. Probeer het later opnieuw.',
  invoiceNotFound: 'Deze factuur werd niet gevonden.',
  localHostOnly:
    'Deze lokale installatie antwoordt alleen op localhost. Stel APP_URL in op het publieke adres om ze elders te gebruiken.',
  payloadTooLarge: 'De aanvraag is te groot.',
  nameTooLong: 'Je naam mag maximaal 200 tekens bevatten',
  tooManyRequests: 'Te veel pogingen. Probeer het over een paar minuten opnieuw.',
  traitCorrectionLimit:
    'Je hebt vandaag al 5 correcties gevraagd. Je matchmaker bekijkt ze; morgen kun je opnieuw een correctie vragen.',
  serverError: 'Er is een onverwachte fout opgetreden. Probeer het later opnieuw.',
  serviceUnavailable: 'Koppel is even niet bereikbaar. Probeer het over een minuutje opnieuw.',
  networkError: 'Geen verbinding met de server. Controleer je internetverbinding en probeer opnieuw.',
  // Issue 15: the matchmaker's clients.
  clientAlreadyClaimed: 'Een andere matchmaker heeft deze klant net opgenomen.',
  clientNotClaimable: 'Alleen een betalende klant zonder matchmaker kun je opnemen.',
  scopeAllAdminOnly: 'Alle klanten zien kan alleen een beheerder.',
  // Issue 14: the quiz.
  quizChooseAnswer: 'Kies een antwoord van 1 (helemaal oneens) tot 5 (helemaal eens).',
  quizUnknownQuestion: 'Deze uitspraak hoort niet bij de quiz.',
  quizAttemptNotFound: 'Deze quizronde werd niet gevonden. Herlaad de pagina om verder te gaan.',
  quizAttemptFinished: 'Deze quizronde is al afgerond. Start de quiz opnieuw om je antwoorden te wijzigen.',
  quizIncomplete: 'Beantwoord eerst alle uitspraken, dan zie je je resultaat.',
  // Issue 14: the profile form, photos and trait corrections.
  orientationConsentRequired:
    'Vink de toestemming aan om te bewaren wie je zoekt. Zonder je toestemming bewaren we dit niet.',
  tooYoung: 'Je moet minstens 18 jaar zijn',
  photoMissing: 'Kies een foto om op te laden.',
  photoNotImage: 'Dit bestand is geen foto die we kunnen lezen. Kies een JPEG-, PNG-, WebP- of HEIC-foto.',
  photoHeicUnreadable: 'Deze HEIC-foto kunnen we niet lezen. Bewaar ze als JPEG en probeer het opnieuw.',
  photoTooLarge: 'Deze foto is groter dan 10 MB. Kies een kleinere foto.',
  photoTooManyPixels: 'Deze foto is te groot (meer dan 50 megapixel). Kies een kleinere foto.',
  tooManyPhotos: 'Je kunt hoogstens 6 foto’s opladen. Verwijder eerst een foto.',
  photoNotFound: 'Deze foto bestaat niet of je mag ze niet zien.',
  // Issue 13: intake sessions and intake feedback.
  intakeNotOpen: 'Dit gesprek is niet meer gepland.',
  intakeNotYourSession: 'Alleen de matchmaker van dit gesprek kan het afronden.',
  intakeFeedbackAlreadyGiven: 'Je hebt al feedback gegeven op dit gesprek.',
  intakeFeedbackSuccess: 'Bedankt voor je feedback! Je helpt ons onze begeleiding beter te maken.',
  intakeFeedbackAnonymous: 'Al je scores zijn anoniem voor je matchmaker.',
  schedulerNotConfigured: 'De agenda is op deze installatie niet ingesteld.',
  intakeEventTaken: 'Deze afspraak hoort bij een andere klant.',
  // Issue 26: the intake's rules.
  intakeNotStarted: 'Je kunt een gesprek pas afronden vanaf het geplande begin.',
  intakeAlreadyBooked:
    'Je hebt al een gepland gesprek. Verplaats of annuleer dat gesprek als je een ander moment wilt.',
  intakeChangeTooLate:
    'Minder dan 24 uur voor het gesprek kun je het niet meer verplaatsen of annuleren. Neem contact op met je matchmaker.',
  intakeSlotNotFree: 'Dit moment is niet meer vrij. Kies een ander moment.',
  intakeFeedbackClosed: 'De termijn om feedback te geven op dit gesprek is verstreken.',
  // Issue 14: settings, export, deletion and choosing a matchmaker.
  wrongPassword: 'Het wachtwoord klopt niet.',
  staffCannotDelete:
    'Een account van een medewerker kun je hier niet verwijderen. Vraag het aan een beheerder.',
  clientsOnly: 'Alleen klanten kunnen dit doen.',
  clientsOnlyChooseMatchmaker: 'Alleen klanten kunnen een matchmaker kiezen.',
  clientsOnlyExport: 'Alleen klanten kunnen hier hun gegevens downloaden.',
  clientsOnlyPause: 'Alleen klanten kunnen hun matching pauzeren.',
  matchmakerInactive: 'Deze matchmaker neemt momenteel geen nieuwe klanten aan. Kies een andere matchmaker.',
  matchmakerChangeUnconfirmed: 'Je hebt al een matchmaker. Bevestig dat je van matchmaker wilt wisselen.',
  matchingPaused: 'Deze klant heeft matching gepauzeerd en kan nu geen voorstellen krijgen.',
  accountDeleted: 'Deze klant heeft het account verwijderd.',
  emailNotOptional: 'Deze e-mail kun je niet uitzetten.',
  // Issue 17: two-factor login.
  twoFactorRequired:
    'Stel eerst tweestapsverificatie in. Als medewerker heb je die nodig voor je verder kunt.',
  twoFactorStaffRequired: 'Als medewerker kun je tweestapsverificatie niet uitzetten.',
  twoFactorInvalidCode: 'Deze code klopt niet. Typ de code die je app nu toont.',
  twoFactorCodeUsed: 'Deze code is al gebruikt. Wacht tot je app een nieuwe code toont en typ die.',
  twoFactorInvalidBackupCode: 'Deze back-upcode klopt niet of is al gebruikt.',
  twoFactorAlreadyEnabled: 'Tweestapsverificatie staat al aan.',
  twoFactorNotEnabled: 'Tweestapsverificatie staat niet aan voor dit account.',
  twoFactorLoginExpired: 'Je aanmelding is verlopen. Log opnieuw in met je e-mailadres en wachtwoord.',
  twoFactorTooManyAttempts: 'Te veel foute codes. Log opnieuw in met je e-mailadres en wachtwoord.',
  twoFactorLocked: 'Te veel foute codes. Je account is een kwartier geblokkeerd. Probeer het daarna opnieuw.',
  twoFactorCodeFormat: 'Typ de 6 cijfers uit je authenticator-app.',
  twoFactorBackupCodeRequired: 'Typ een van je back-upcodes.',
  twoFactorPasswordRequired: 'Typ je wachtwoord om verder te gaan.',
  // Issue 17: feedback on matchmakers.
  feedbackNotYourMatchmaker: 'Je kunt alleen feedback geven op je eigen matchmaker.',
  matchmakerFeedbackAlreadyGiven: 'Je hebt al feedback gegeven op dit verzoek.',
  feedbackRequestExpired: 'Dit feedbackverzoek is verlopen.',
  // Issue 17 (item 4): the admin console.
  staffEmailTaken: 'Er bestaat al een account met dit e-mailadres. Kies een ander e-mailadres.',
  clientNotFound: 'Deze klant werd niet gevonden.',
  adminMatchmakerInactive: 'Deze matchmaker is niet actief. Kies een actieve matchmaker.',
  // Issue 29 (decision 032): the tasks a purchase promises.
  taskNotFound: 'Deze taak bestaat niet of is niet aan jou toegewezen.',
  noMatchmaker: 'Je hebt nog geen matchmaker. Kies er eerst een om een bericht te sturen.',
  taskAlreadyDone: 'Deze taak is al afgerond.',
  // Issue 26: a matchmaker an admin deactivated.
  accountInactive:
    'Je account is niet meer actief. Neem contact op met de beheerder van Koppel als je denkt dat dit niet klopt.',
  feedbackPeriodInvalid: 'De begindatum moet vóór de einddatum liggen.',
  staffInvited: 'De uitnodiging is verstuurd.',
  matchmakerProfileSaved: 'Het profiel is bewaard.',
  // Issue 16: magic match and the eligibility of every proposal.
  matchClientNotEligible:
    'Een voorstel kan alleen voor een klant die actief is voor matching (na de intake).',
  packageDatesUsed:
    'Deze klant heeft de dates van het pakket al gehad of gepland. Bevestig dat je toch een extra voorstel doet.',
  magicMatchDealbreaker: 'Een dealbreaker van de klant kun je niet versoepelen.',
  magicMatchNotSearchable: 'Voor deze klant kan magic match nog niet zoeken.',
  // Issue 26: one eligibility rule for every proposal (decision 026).
  matchGenderNotSought: 'Een voorstel kan alleen als elk van beiden het geslacht van de ander zoekt.',
  matchAgeOutOfRange:
    'Een voorstel kan niet als een leeftijd onbekend is of meer dan 5 jaar buiten het gezochte bereik valt.',
  matchDealbreaker: 'Een voorstel kan niet tegen een dealbreaker van een van beide klanten in.',
  matchOverrideReasonRequired:
    'Dit voorstel wijkt af van een wens van een klant. Schrijf waarom je het toch voorstelt.',
  overrideReasonTooLong: 'De reden mag maximaal 500 tekens bevatten',
  matchOnlyStatusChanges: 'Van een match verandert alleen de status; de twee klanten liggen vast.',
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

/**
 * The spec prescribes these texts in English. A person reads the Dutch sentence; the spec's text
 * stays beside it as the technical detail (`dutchFirst`).
 */
export const DUTCH_FOR_SPEC_TEXT: Readonly<Record<string, string>> = {
  [MESSAGES.schedulerLoadFailed]:
    'De agenda kan nu niet geladen worden. Open hem in een nieuw tabblad of probeer het straks opnieuw.',
  [MESSAGES.invalidSchedulerUrl]:
    'Via deze agendalink kun je nu geen gesprek plannen. Mail ons op hallo@koppel.example, dan plannen we het samen.',
  [MESSAGES.unauthorized]: 'Je hebt geen toegang tot deze gegevens.',
  [MESSAGES.notAuthenticated]: 'Je bent niet meer ingelogd. Log opnieuw in om verder te gaan.',
  [MESSAGES.sessionUnavailable]: 'We konden niet nagaan of je ingelogd bent. Probeer het zo opnieuw.',
  [FALLBACK_MESSAGES.fetchMatches]: 'Je matches konden niet geladen worden.',
  [FALLBACK_MESSAGES.fetchProposedMatches]: 'Je voorstellen konden niet geladen worden.',
  [FALLBACK_MESSAGES.createMatch]: 'De match kon niet voorgesteld worden.',
  [FALLBACK_MESSAGES.updateMatch]: 'De match kon niet bijgewerkt worden.',
  [FALLBACK_MESSAGES.createFeedback]: 'Je feedback kon niet bewaard worden.',
  [FALLBACK_MESSAGES.fetchFeedback]: 'De feedback kon niet geladen worden.',
  [FALLBACK_MESSAGES.submitMatchResponse]: 'Je antwoord kon niet bewaard worden.',
  [FALLBACK_MESSAGES.updateMatchOutcome]: 'De status van de match kon niet bijgewerkt worden.',
  [FALLBACK_MESSAGES.fetchFollowUps]: 'De opvolging kon niet geladen worden.',
};

/** A text as a person reads it: Dutch, with the spec's English text as the detail where there is one. */
export function dutchFirst(text: string): { text: string; detail: string | null } {
  const dutch = DUTCH_FOR_SPEC_TEXT[text];
  return dutch ? { text: dutch, detail: text } : { text, detail: null };
}

/**
 * Every error code of the API, each with its HTTP status and the text a person reads: the one table
 * of errors. The server throws `new AppError(code)` and answers `{ error, code }` with them; the
 * web's `ApiError` carries the code (`ErrorCode`) and shows the text.
 */
export const ERRORS = {
  BAD_REQUEST: { status: 400, message: MESSAGES.badRequest },
  NOT_AUTHENTICATED: { status: 401, message: MESSAGES.notAuthenticated },
  UNAUTHORIZED: { status: 403, message: MESSAGES.unauthorized },
  NOT_FOUND: { status: 404, message: MESSAGES.notFound },
  MATCHMAKER_NOT_FOUND: { status: 404, message: MESSAGES.matchmakerNotFound },
  DUPLICATE_MATCH: { status: 409, message: MESSAGES.duplicateMatch },
  MATCH_NOT_OPEN: { status: 409, message: MESSAGES.matchNotOpen },
  MATCH_DEADLINE_PASSED: { status: 409, message: MESSAGES.matchDeadlinePassed },
  MATCH_ALREADY_ANSWERED: { status: 409, message: MESSAGES.matchAlreadyAnswered },
  MATCH_OUTCOME_NOT_ALLOWED: { status: 409, message: MESSAGES.matchOutcomeNotAllowed },
  MATCH_NOT_OWN_CLIENT: { status: 403, message: MESSAGES.matchNotOwnClient },
  MATCH_DATE_NOT_PASSED: { status: 409, message: MESSAGES.matchDateNotPassed },
  MATCH_DATE_BEFORE_ACCEPTANCE: { status: 409, message: MESSAGES.matchDateBeforeAcceptance },
  FEEDBACK_NOT_OPEN: { status: 409, message: MESSAGES.feedbackOnlyAfterDate },
  FEEDBACK_ALREADY_GIVEN: { status: 409, message: MESSAGES.feedbackAlreadyGiven },
  DATE_MOVE_NOT_OPEN: { status: 409, message: MESSAGES.dateMoveNotOpen },
  DATE_MOVE_ALREADY_ASKED: { status: 409, message: MESSAGES.dateMoveAlreadyAsked },
  DATE_NOT_PLANNED: { status: 404, message: MESSAGES.dateNotPlanned },
  TIER_NOT_AVAILABLE: { status: 409, message: MESSAGES.tierNotAvailable },
  CHECKOUT_NOT_OPEN: { status: 409, message: MESSAGES.checkoutNotOpen },
  NOTHING_TO_CANCEL: { status: 409, message: MESSAGES.nothingToCancel },
  WITHDRAWAL_PERIOD_OVER: { status: 409, message: MESSAGES.withdrawalPeriodOver },
  WITHDRAWAL_ALREADY_REQUESTED: { status: 409, message: MESSAGES.withdrawalAlreadyRequested },
  REFUND_TOO_HIGH: { status: 409, message: MESSAGES.refundTooHigh },
  REFUND_FAILED: { status: 502, message: MESSAGES.refundFailed },
  INVOICE_NOT_FOUND: { status: 404, message: MESSAGES.invoiceNotFound },
  OUTBOX_NOT_FAILED: { status: 409, message: MESSAGES.outboxNotFailed },
  OUTBOX_NOT_PENDING: { status: 409, message: MESSAGES.outboxNotPending },
  PAYMENT_PROVIDER: { status: 502, message: MESSAGES.paymentProviderFailed },
  PAYMENT_PROCESSING: { status: 409, message: MESSAGES.paymentProcessing },
  PAYLOAD_TOO_LARGE: { status: 413, message: MESSAGES.payloadTooLarge },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: MESSAGES.unsupportedMediaType },
  MISDIRECTED_REQUEST: { status: 421, message: MESSAGES.localHostOnly },
  TOO_MANY_REQUESTS: { status: 429, message: MESSAGES.tooManyRequests },
  // Issue 30: trait-correction requests per client and day.
  TRAIT_CORRECTION_LIMIT: { status: 429, message: MESSAGES.traitCorrectionLimit },
  CLIENT_ALREADY_CLAIMED: { status: 409, message: MESSAGES.clientAlreadyClaimed },
  CLIENT_NOT_CLAIMABLE: { status: 409, message: MESSAGES.clientNotClaimable },
  INTERNAL: { status: 500, message: MESSAGES.serverError },
  // Issue 30 (decision 033): the database did not answer in time, or the request took too long.
  UNAVAILABLE: { status: 503, message: MESSAGES.serviceUnavailable },
  // Issue 14: the quiz.
  QUIZ_ATTEMPT_NOT_FOUND: { status: 404, message: MESSAGES.quizAttemptNotFound },
  QUIZ_ATTEMPT_FINISHED: { status: 409, message: MESSAGES.quizAttemptFinished },
  QUIZ_INCOMPLETE: { status: 409, message: MESSAGES.quizIncomplete },
  // Issue 14: the profile form and photos.
  CONSENT_REQUIRED: { status: 400, message: MESSAGES.orientationConsentRequired },
  PHOTO_MISSING: { status: 400, message: MESSAGES.photoMissing },
  PHOTO_NOT_IMAGE: { status: 415, message: MESSAGES.photoNotImage },
  PHOTO_TOO_LARGE: { status: 413, message: MESSAGES.photoTooLarge },
  PHOTO_TOO_MANY_PIXELS: { status: 413, message: MESSAGES.photoTooManyPixels },
  TOO_MANY_PHOTOS: { status: 409, message: MESSAGES.tooManyPhotos },
  PHOTO_NOT_FOUND: { status: 404, message: MESSAGES.photoNotFound },
  // Issue 13
  INTAKE_NOT_OPEN: { status: 409, message: MESSAGES.intakeNotOpen },
  INTAKE_NOT_YOUR_SESSION: { status: 403, message: MESSAGES.intakeNotYourSession },
  INTAKE_FEEDBACK_ALREADY_GIVEN: { status: 409, message: MESSAGES.intakeFeedbackAlreadyGiven },
  INTAKE_EVENT_TAKEN: { status: 409, message: MESSAGES.intakeEventTaken },
  // Issue 26: the intake's rules.
  INTAKE_NOT_STARTED: { status: 409, message: MESSAGES.intakeNotStarted },
  INTAKE_ALREADY_BOOKED: { status: 409, message: MESSAGES.intakeAlreadyBooked },
  INTAKE_CHANGE_TOO_LATE: { status: 409, message: MESSAGES.intakeChangeTooLate },
  INTAKE_SLOT_NOT_FREE: { status: 409, message: MESSAGES.intakeSlotNotFree },
  INTAKE_FEEDBACK_CLOSED: { status: 409, message: MESSAGES.intakeFeedbackClosed },
  // Issue 14
  WRONG_PASSWORD: { status: 400, message: MESSAGES.wrongPassword },
  STAFF_CANNOT_DELETE: { status: 403, message: MESSAGES.staffCannotDelete },
  CLIENTS_ONLY: { status: 403, message: MESSAGES.clientsOnly },
  MATCHMAKER_INACTIVE: { status: 409, message: MESSAGES.matchmakerInactive },
  MATCHMAKER_CHANGE_UNCONFIRMED: { status: 409, message: MESSAGES.matchmakerChangeUnconfirmed },
  MATCHING_PAUSED: { status: 409, message: MESSAGES.matchingPaused },
  ACCOUNT_DELETED: { status: 409, message: MESSAGES.accountDeleted },
  // Issue 17: a staff session without a second factor while STAFF_2FA=required.
  TWO_FACTOR_REQUIRED: { status: 403, message: MESSAGES.twoFactorRequired },
  // Issue 17: feedback on matchmakers.
  FEEDBACK_NOT_YOUR_MATCHMAKER: { status: 403, message: MESSAGES.feedbackNotYourMatchmaker },
  MATCHMAKER_FEEDBACK_ALREADY_GIVEN: { status: 409, message: MESSAGES.matchmakerFeedbackAlreadyGiven },
  FEEDBACK_REQUEST_EXPIRED: { status: 409, message: MESSAGES.feedbackRequestExpired },
  // Issue 17 (item 4)
  STAFF_EMAIL_TAKEN: { status: 409, message: MESSAGES.staffEmailTaken },
  CLIENT_NOT_FOUND: { status: 404, message: MESSAGES.clientNotFound },
  FEEDBACK_PERIOD_INVALID: { status: 400, message: MESSAGES.feedbackPeriodInvalid },
  // Issue 26: a deactivated matchmaker, on every route behind requireActor.
  ACCOUNT_INACTIVE: { status: 403, message: MESSAGES.accountInactive },
  // Issue 16
  MATCH_CLIENT_NOT_ELIGIBLE: { status: 409, message: MESSAGES.matchClientNotEligible },
  PACKAGE_DATES_USED: { status: 409, message: MESSAGES.packageDatesUsed },
  MAGIC_MATCH_DEALBREAKER: { status: 400, message: MESSAGES.magicMatchDealbreaker },
  MAGIC_MATCH_NOT_SEARCHABLE: { status: 409, message: MESSAGES.magicMatchNotSearchable },
  // Issue 26 (decision 026)
  MATCH_GENDER_NOT_SOUGHT: { status: 409, message: MESSAGES.matchGenderNotSought },
  MATCH_AGE_OUT_OF_RANGE: { status: 409, message: MESSAGES.matchAgeOutOfRange },
  MATCH_DEALBREAKER: { status: 409, message: MESSAGES.matchDealbreaker },
  MATCH_OVERRIDE_REASON_REQUIRED: { status: 409, message: MESSAGES.matchOverrideReasonRequired },
  // Issue 32: a client without a matchmaker has nobody to write to yet.
  NO_MATCHMAKER: { status: 409, message: MESSAGES.noMatchmaker },
  // Issue 29 (decision 032)
  TASK_NOT_FOUND: { status: 404, message: MESSAGES.taskNotFound },
  TASK_ALREADY_DONE: { status: 409, message: MESSAGES.taskAlreadyDone },
} as const satisfies Record<string, { status: number; message: string }>;
export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERRORS, code);
}

/** The codes a bare status stands for, when an answer carries no code of ours (Hono, better-auth, a proxy). */
const GENERIC_CODES = [
  'BAD_REQUEST',
  'NOT_AUTHENTICATED',
  'UNAUTHORIZED',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
] as const satisfies readonly ErrorCode[];

/** The code of a status without one: its generic code, else INTERNAL for a 5xx and BAD_REQUEST for the rest. */
export function codeForStatus(status: number): ErrorCode {
  const generic = GENERIC_CODES.find((code) => ERRORS[code].status === status);
  return generic ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
}
