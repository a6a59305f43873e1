ALTER TABLE "jobs_costcodes" ADD COLUMN "booked_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Minutes booked per budget line, kept as time cards change, so budget totals (the dashboard's jobs over
-- budget, listProjectBudget, the labor report) read the line instead of summing every entry on it.
-- Statement-level triggers with transition tables: a crew day of 40 entries is one UPDATE, not 40.
-- Each entry counts as round(hours * 60) minutes, so the running total is exact (no float drift).
CREATE OR REPLACE FUNCTION app_book_entries_inserted() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE jobs_costcodes jc SET booked_minutes = jc.booked_minutes + d.minutes
  FROM (SELECT tenant_uuid, jobs_id, costcodes_id, sum(round(hours * 60))::int AS minutes
        FROM booked_new GROUP BY 1, 2, 3) d
  WHERE jc.tenant_uuid = d.tenant_uuid AND jc.jobs_id = d.jobs_id AND jc.costcodes_id = d.costcodes_id
    AND d.minutes <> 0;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_book_entries_deleted() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE jobs_costcodes jc SET booked_minutes = jc.booked_minutes - d.minutes
  FROM (SELECT tenant_uuid, jobs_id, costcodes_id, sum(round(hours * 60))::int AS minutes
        FROM booked_old GROUP BY 1, 2, 3) d
  WHERE jc.tenant_uuid = d.tenant_uuid AND jc.jobs_id = d.jobs_id AND jc.costcodes_id = d.costcodes_id
    AND d.minutes <> 0;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_book_entries_updated() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE jobs_costcodes jc SET booked_minutes = jc.booked_minutes + d.minutes
  FROM (SELECT tenant_uuid, jobs_id, costcodes_id, sum(minutes)::int AS minutes FROM (
          SELECT tenant_uuid, jobs_id, costcodes_id, round(hours * 60) AS minutes FROM booked_new
          UNION ALL
          SELECT tenant_uuid, jobs_id, costcodes_id, -round(hours * 60) FROM booked_old) c
        GROUP BY 1, 2, 3) d
  WHERE jc.tenant_uuid = d.tenant_uuid AND jc.jobs_id = d.jobs_id AND jc.costcodes_id = d.costcodes_id
    AND d.minutes <> 0;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER timecard_entries_book_inserted AFTER INSERT ON timecard_entries
  REFERENCING NEW TABLE AS booked_new FOR EACH STATEMENT EXECUTE FUNCTION app_book_entries_inserted();
--> statement-breakpoint
CREATE TRIGGER timecard_entries_book_deleted AFTER DELETE ON timecard_entries
  REFERENCING OLD TABLE AS booked_old FOR EACH STATEMENT EXECUTE FUNCTION app_book_entries_deleted();
--> statement-breakpoint
CREATE TRIGGER timecard_entries_book_updated AFTER UPDATE ON timecard_entries
  REFERENCING OLD TABLE AS booked_old NEW TABLE AS booked_new FOR EACH STATEMENT EXECUTE FUNCTION app_book_entries_updated();
--> statement-breakpoint
-- A line added (or moved to another job or cost code) starts from what is already booked there. Clients
-- cannot write booked_minutes (the record operations hold it read-only); only the triggers above do.
CREATE OR REPLACE FUNCTION app_book_line() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.jobs_id IS DISTINCT FROM OLD.jobs_id OR NEW.costcodes_id IS DISTINCT FROM OLD.costcodes_id
     OR NEW.tenant_uuid IS DISTINCT FROM OLD.tenant_uuid THEN
    NEW.booked_minutes := coalesce((SELECT sum(round(te.hours * 60))::int FROM timecard_entries te
      WHERE te.tenant_uuid = NEW.tenant_uuid AND te.jobs_id = NEW.jobs_id AND te.costcodes_id = NEW.costcodes_id), 0);
  END IF;
  RETURN NEW;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER jobs_costcodes_book_line BEFORE INSERT OR UPDATE OF jobs_id, costcodes_id, tenant_uuid ON jobs_costcodes
  FOR EACH ROW EXECUTE FUNCTION app_book_line();
--> statement-breakpoint
UPDATE jobs_costcodes jc SET booked_minutes = coalesce((SELECT sum(round(te.hours * 60))::int FROM timecard_entries te
  WHERE te.tenant_uuid = jc.tenant_uuid AND te.jobs_id = jc.jobs_id AND te.costcodes_id = jc.costcodes_id), 0);
