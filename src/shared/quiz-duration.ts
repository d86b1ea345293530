/**
 * How long the quiz takes, said the same way everywhere it is mentioned (issue 30). Free of
 * schemas, so the account overview does not load zod (decision 047); quiz.ts re-exports it.
 */
export const QUIZ_DURATION = 'ongeveer vijf minuten';
