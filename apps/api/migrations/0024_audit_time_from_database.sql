-- An audit row's time is the database's, whatever the insert gives: the application's role cannot back-date or
-- post-date evidence (decision 1266). now() is the time of the writing transaction, as the column's default was.
CREATE OR REPLACE FUNCTION audit_events_stamp_time() RETURNS trigger AS $$
BEGIN
  NEW.at := now();
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audit_events_time_from_database
  BEFORE INSERT ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_stamp_time();
