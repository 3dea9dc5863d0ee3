-- Each patient's newest run of consecutive days with an exercise logged, kept as its first and last day so the
-- streak is read in one row however long the history (decision 1113). A trigger keeps it with every log, whoever
-- writes it; logs are never deleted, so a run only grows or is overtaken by a newer one.
CREATE TABLE exercise_streaks (
  patient_id integer PRIMARY KEY REFERENCES patients(id) ON DELETE CASCADE,
  first_day date NOT NULL,
  last_day date NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION exercise_streak_keep() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kept exercise_streaks%ROWTYPE;
  day date := NEW.local_date;
BEGIN
  INSERT INTO exercise_streaks (patient_id, first_day, last_day) VALUES (NEW.patient_id, day, day)
    ON CONFLICT (patient_id) DO NOTHING;
  SELECT * INTO kept FROM exercise_streaks WHERE patient_id = NEW.patient_id FOR UPDATE;
  IF day > kept.last_day + 1 THEN
    -- A day after a gap starts the newest run.
    UPDATE exercise_streaks SET first_day = day, last_day = day WHERE patient_id = NEW.patient_id;
  ELSIF day = kept.last_day + 1 THEN
    UPDATE exercise_streaks SET last_day = day WHERE patient_id = NEW.patient_id;
  ELSIF day = kept.first_day - 1 THEN
    -- A late log (sent from a phone that was offline) just before the run may join it to an older run.
    WHILE EXISTS (SELECT 1 FROM exercise_logs WHERE patient_id = NEW.patient_id AND local_date = day - 1) LOOP
      day := day - 1;
    END LOOP;
    UPDATE exercise_streaks SET first_day = day WHERE patient_id = NEW.patient_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER exercise_logs_keep_streak AFTER INSERT ON exercise_logs
  FOR EACH ROW EXECUTE FUNCTION exercise_streak_keep();
--> statement-breakpoint
-- The newest run of every patient with logs: consecutive days share `day - rank`, the island they form.
INSERT INTO exercise_streaks (patient_id, first_day, last_day)
SELECT DISTINCT ON (patient_id) patient_id, min(day), max(day)
FROM (
  SELECT patient_id, day, day - (row_number() OVER (PARTITION BY patient_id ORDER BY day))::int AS island
  FROM (SELECT DISTINCT patient_id, local_date AS day FROM exercise_logs) AS days
) AS ranked
GROUP BY patient_id, island
ORDER BY patient_id, max(day) DESC;
