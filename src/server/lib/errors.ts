import { ERROR_STATUS, type ErrorCode, MESSAGES } from '../../shared/messages';

const DEFAULT_MESSAGES: Record<ErrorCode, string> = {
  BAD_REQUEST: MESSAGES.badRequest,
  NOT_AUTHENTICATED: MESSAGES.notAuthenticated,
  UNAUTHORIZED: MESSAGES.unauthorized,
  NOT_FOUND: MESSAGES.notFound,
  MATCHMAKER_NOT_FOUND: MESSAGES.matchmakerNotFound,
  DUPLICATE_MATCH: MESSAGES.duplicateMatch,
  MATCH_NOT_OPEN: MESSAGES.matchNotOpen,
  MATCH_DEADLINE_PASSED: MESSAGES.matchDeadlinePassed,
  MATCH_ALREADY_ANSWERED: MESSAGES.matchAlreadyAnswered,
  MATCH_OUTCOME_NOT_ALLOWED: MESSAGES.matchOutcomeNotAllowed,
  MATCH_NOT_OWN_CLIENT: MESSAGES.matchNotOwnClient,
  MATCH_DATE_NOT_PASSED: MESSAGES.matchDateNotPassed,
  MATCH_DATE_BEFORE_ACCEPTANCE: MESSAGES.matchDateBeforeAcceptance,
  FEEDBACK_NOT_OPEN: MESSAGES.feedbackOnlyAfterDate,
  FEEDBACK_ALREADY_GIVEN: MESSAGES.feedbackAlreadyGiven,
  TIER_NOT_AVAILABLE: MESSAGES.tierNotAvailable,
  CHECKOUT_NOT_OPEN: MESSAGES.checkoutNotOpen,
  NOTHING_TO_CANCEL: MESSAGES.nothingToCancel,
  OUTBOX_NOT_FAILED: MESSAGES.outboxNotFailed,
  OUTBOX_NOT_PENDING: MESSAGES.outboxNotPending,
  PAYMENT_PROVIDER: MESSAGES.paymentProviderFailed,
  PAYMENT_PROCESSING: MESSAGES.paymentProcessing,
  PAYLOAD_TOO_LARGE: MESSAGES.payloadTooLarge,
  UNSUPPORTED_MEDIA_TYPE: MESSAGES.unsupportedMediaType,
  MISDIRECTED_REQUEST: MESSAGES.localHostOnly,
  TOO_MANY_REQUESTS: MESSAGES.tooManyRequests,
  CLIENT_ALREADY_CLAIMED: MESSAGES.clientAlreadyClaimed,
  CLIENT_NOT_CLAIMABLE: MESSAGES.clientNotClaimable,
  INTERNAL: MESSAGES.serverError,
  // Issue 14: the quiz.
  QUIZ_ATTEMPT_NOT_FOUND: MESSAGES.quizAttemptNotFound,
  QUIZ_ATTEMPT_FINISHED: MESSAGES.quizAttemptFinished,
  QUIZ_INCOMPLETE: MESSAGES.quizIncomplete,
  CONSENT_REQUIRED: MESSAGES.orientationConsentRequired,
  PHOTO_MISSING: MESSAGES.photoMissing,
  PHOTO_NOT_IMAGE: MESSAGES.photoNotImage,
  PHOTO_TOO_LARGE: MESSAGES.photoTooLarge,
  PHOTO_TOO_MANY_PIXELS: MESSAGES.photoTooManyPixels,
  TOO_MANY_PHOTOS: MESSAGES.tooManyPhotos,
  PHOTO_NOT_FOUND: MESSAGES.photoNotFound,
  INTAKE_NOT_OPEN: MESSAGES.intakeNotOpen,
  INTAKE_NOT_YOUR_SESSION: MESSAGES.intakeNotYourSession,
  INTAKE_FEEDBACK_ALREADY_GIVEN: MESSAGES.intakeFeedbackAlreadyGiven,
  INTAKE_EVENT_TAKEN: MESSAGES.intakeEventTaken,
  WRONG_PASSWORD: MESSAGES.wrongPassword,
  STAFF_CANNOT_DELETE: MESSAGES.staffCannotDelete,
  CLIENTS_ONLY: MESSAGES.clientsOnly,
  MATCHMAKER_INACTIVE: MESSAGES.matchmakerInactive,
  MATCHMAKER_CHANGE_UNCONFIRMED: MESSAGES.matchmakerChangeUnconfirmed,
  MATCHING_PAUSED: MESSAGES.matchingPaused,
  ACCOUNT_DELETED: MESSAGES.accountDeleted,
  TWO_FACTOR_REQUIRED: MESSAGES.twoFactorRequired,
  // Issue 17
  FEEDBACK_NOT_YOUR_MATCHMAKER: MESSAGES.feedbackNotYourMatchmaker,
  MATCHMAKER_FEEDBACK_ALREADY_GIVEN: MESSAGES.matchmakerFeedbackAlreadyGiven,
  FEEDBACK_REQUEST_EXPIRED: MESSAGES.feedbackRequestExpired,
  // Issue 17 (item 4)
  STAFF_EMAIL_TAKEN: MESSAGES.staffEmailTaken,
  CLIENT_NOT_FOUND: MESSAGES.clientNotFound,
  FEEDBACK_PERIOD_INVALID: MESSAGES.feedbackPeriodInvalid,
  // Issue 16
  MATCH_CLIENT_NOT_ELIGIBLE: MESSAGES.matchClientNotEligible,
  PACKAGE_DATES_USED: MESSAGES.packageDatesUsed,
  MAGIC_MATCH_DEALBREAKER: MESSAGES.magicMatchDealbreaker,
  MAGIC_MATCH_NOT_SEARCHABLE: MESSAGES.magicMatchNotSearchable,
};

/** A failure the API reports as `{ error, code }` with the status of its code. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message ?? DEFAULT_MESSAGES[code]);
    this.status = ERROR_STATUS[code];
  }
}
