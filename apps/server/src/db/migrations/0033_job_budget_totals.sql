ALTER TABLE "jobs" ADD COLUMN "budget_hours" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "booked_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A job's budget totals over its active lines, recomputed for the jobs a statement on jobs_costcodes touched
-- (statement-level, with transition tables: a budget import of 40 lines or a crew day booked to 12 lines is one
-- UPDATE of each job). Recomputed from the job's lines rather than added to, so it is exact whatever changed
-- (a line switched off, moved to another job, its hours budget edited, or minutes booked by 0029's triggers).
CREATE OR REPLACE FUNCTION app_job_budget_totals(changed_jobs jsonb) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  -- The jobs' rows are locked in one order first, so two statements touching the same jobs wait, never deadlock.
  PERFORM 1 FROM jobs j
    WHERE (j.tenant_uuid, j.id) IN (SELECT (x->>'t')::uuid, (x->>'j')::int FROM jsonb_array_elements(changed_jobs) x)
    ORDER BY j.tenant_uuid, j.id FOR UPDATE;
  UPDATE jobs j SET budget_hours = t.hours, booked_minutes = t.minutes
  FROM (SELECT c.tenant_uuid, c.jobs_id,
          coalesce(sum(jc.hrsbdg) FILTER (WHERE jc.status = 1), 0) AS hours,
          coalesce(sum(jc.booked_minutes) FILTER (WHERE jc.status = 1), 0)::int AS minutes
        FROM (SELECT DISTINCT (x->>'t')::uuid AS tenant_uuid, (x->>'j')::int AS jobs_id
              FROM jsonb_array_elements(changed_jobs) x) c
        LEFT JOIN jobs_costcodes jc ON jc.tenant_uuid = c.tenant_uuid AND jc.jobs_id = c.jobs_id
        GROUP BY 1, 2) t
  WHERE j.tenant_uuid = t.tenant_uuid AND j.id = t.jobs_id
    AND (j.budget_hours IS DISTINCT FROM t.hours OR j.booked_minutes IS DISTINCT FROM t.minutes);
END $fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_job_totals_inserted() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM app_job_budget_totals((SELECT jsonb_agg(DISTINCT jsonb_build_object('t', tenant_uuid, 'j', jobs_id)) FROM lines_new));
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_job_totals_deleted() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM app_job_budget_totals((SELECT jsonb_agg(DISTINCT jsonb_build_object('t', tenant_uuid, 'j', jobs_id)) FROM lines_old));
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_job_totals_updated() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM app_job_budget_totals((SELECT jsonb_agg(DISTINCT jsonb_build_object('t', c.tenant_uuid, 'j', c.jobs_id)) FROM (
    SELECT n.tenant_uuid, n.jobs_id FROM lines_new n
    UNION SELECT o.tenant_uuid, o.jobs_id FROM lines_old o) c));
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER jobs_costcodes_totals_inserted AFTER INSERT ON jobs_costcodes
  REFERENCING NEW TABLE AS lines_new FOR EACH STATEMENT EXECUTE FUNCTION app_job_totals_inserted();
--> statement-breakpoint
CREATE TRIGGER jobs_costcodes_totals_deleted AFTER DELETE ON jobs_costcodes
  REFERENCING OLD TABLE AS lines_old FOR EACH STATEMENT EXECUTE FUNCTION app_job_totals_deleted();
--> statement-breakpoint
CREATE TRIGGER jobs_costcodes_totals_updated AFTER UPDATE ON jobs_costcodes
  REFERENCING OLD TABLE AS lines_old NEW TABLE AS lines_new FOR EACH STATEMENT EXECUTE FUNCTION app_job_totals_updated();
--> statement-breakpoint
-- A new job has no lines yet (a copied row's totals must not come with it).
CREATE OR REPLACE FUNCTION app_job_totals_new() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  NEW.budget_hours := 0;
  NEW.booked_minutes := 0;
  RETURN NEW;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER jobs_totals_new BEFORE INSERT ON jobs FOR EACH ROW EXECUTE FUNCTION app_job_totals_new();
--> statement-breakpoint
UPDATE jobs j SET budget_hours = t.hours, booked_minutes = t.minutes
FROM (SELECT jc.tenant_uuid, jc.jobs_id, sum(jc.hrsbdg) AS hours, sum(jc.booked_minutes)::int AS minutes
      FROM jobs_costcodes jc WHERE jc.status = 1 GROUP BY 1, 2) t
WHERE j.tenant_uuid = t.tenant_uuid AND j.id = t.jobs_id;
