/** A checkout's consent (decision 031): the terms accepted and the express request to start now. */
export const TERMS_ACCEPTED = { accept_terms: true, start_now: true } as const;
