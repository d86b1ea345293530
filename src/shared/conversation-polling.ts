/**
 * How often the web asks for messages, free of schemas: the navigation's unread badges load with
 * every page, without zod (decision 047). conversations.ts re-exports these.
 */

/** How often an open conversation asks for new messages (decision 036: polling). */
export const CONVERSATION_POLL_MS = 3_000;
/** How often the unread badges ask. */
export const UNREAD_POLL_MS = 30_000;
