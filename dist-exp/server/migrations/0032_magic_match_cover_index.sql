DROP INDEX "client_profiles_matchable_idx";--> statement-breakpoint
-- Decision 037 (issue 28, speed): the matchable clients by gender and birth date, with every column
-- magic match's ranking query reads of a candidate (topCandidatesQuery: the hard filters, the
-- ceiling and the row it returns). The candidates of one search lie together in this index, so
-- PostgreSQL reads them from it alone (an index-only scan) instead of from thousands of heap pages
-- spread over the whole table. Drizzle cannot declare INCLUDE, so this is written by hand
-- (schema-agreement.test.ts lists it); magic-match.test.ts checks the plan on PostgreSQL.
CREATE INDEX "client_profiles_matchable_cover_idx" ON "client_profiles" USING btree ("gender","birth_date")
  INCLUDE ("id", "postcode", "age_min", "age_max", "max_distance_km", "seeking_genders", "dealbreakers",
           "smoking", "drinking", "wants_children", "has_children", "religion", "relationship_sought",
           "education", "languages", "interests", "match_traits", "quiz_scores")
  WHERE "matchable";
