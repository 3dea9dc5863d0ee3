-- A patient's search trigrams, each tagged with the clinic: the GIN index over them holds one posting list per
-- clinic and trigram, so a search reads the rows of the caller's clinic only (decision 1105). Kept: the trigrams
-- inside a word and those of a word's start ("  m", " ma"); a word's end is never searched for. The bodies are parsed
-- here, once, so the index does not depend on the search path; the cost keeps the planner from computing them row
-- by row instead of reading the index.
CREATE FUNCTION patient_search_grams(clinic integer, search text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE COST 1000
  RETURN ARRAY(SELECT clinic || ':' || gram FROM unnest(show_trgm(search)) AS gram WHERE right(gram, 1) <> ' ');
--> statement-breakpoint
-- What a search needs of them: the trigrams inside each word of `anywhere` (found anywhere in the text), and the
-- start trigrams of each word of `word_starts` (found at a word's start). Parallel unsafe on purpose: a search runs
-- in one process, as starting workers costs more than the search itself.
CREATE FUNCTION patient_search_query_grams(clinic integer, anywhere text, word_starts text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL UNSAFE
  RETURN ARRAY(SELECT gram FROM unnest(patient_search_grams(clinic, coalesce(anywhere, ''))) AS gram WHERE strpos(gram, ' ') = 0)
    || patient_search_grams(clinic, coalesce(word_starts, ''));
