/**
 * Decision 045: a statement whose text begins with this mark is planned for its own values on
 * every call. Every other statement with parameters is prepared (decision 020), and after five
 * calls PostgreSQL may keep one generic plan for all values, chosen without seeing them. For a
 * name search that plan is wrong: whether the trigram index or the matchmaker's name index is the
 * cheaper way depends on what was typed (how many names hold its trigrams), and the generic plan
 * of Sofie's search "klant 12" cost 86 ms of PostgreSQL CPU at 200,000 clients against 25 ms
 * planned for the value. Marked statements are sent unnamed (PostgreSQL plans an unnamed statement
 * with its values) and take PGlite's own path; planning costs about a millisecond per call.
 */
export const PLAN_PER_CALL = '/* planned per call */ ';

export const isPlannedPerCall = (text: string) => text.startsWith(PLAN_PER_CALL);
