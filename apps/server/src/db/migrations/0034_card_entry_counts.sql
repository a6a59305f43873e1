ALTER TABLE "users_timecard" ADD COLUMN "entries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "users_timecard_tenant_period_idx" ON "users_timecard" USING btree ("tenant_uuid","payperiod_start_date");--> statement-breakpoint
-- Each card's count of entries, kept as time cards change (statement-level, with transition tables, as 0029's
-- booked minutes): a crew day of 40 entries is one UPDATE of each card it touched, the cards' rows locked in one
-- order so two statements on the same cards wait rather than deadlock.
CREATE OR REPLACE FUNCTION app_card_entries(deltas jsonb) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM 1 FROM users_timecard c
    WHERE (c.tenant_uuid, c.id) IN (SELECT (x->>'t')::uuid, (x->>'c')::int FROM jsonb_array_elements(deltas) x)
    ORDER BY c.tenant_uuid, c.id FOR UPDATE;
  UPDATE users_timecard c SET entries = c.entries + d.n
  FROM (SELECT (x->>'t')::uuid AS tenant_uuid, (x->>'c')::int AS id, sum((x->>'n')::int)::int AS n
        FROM jsonb_array_elements(deltas) x GROUP BY 1, 2) d
  WHERE c.tenant_uuid = d.tenant_uuid AND c.id = d.id AND d.n <> 0;
END $fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_card_entries_inserted() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM app_card_entries((SELECT jsonb_agg(jsonb_build_object('t', tenant_uuid, 'c', users_timecard_id, 'n', n))
    FROM (SELECT tenant_uuid, users_timecard_id, count(*) AS n FROM entries_new GROUP BY 1, 2) g));
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_card_entries_deleted() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM app_card_entries((SELECT jsonb_agg(jsonb_build_object('t', tenant_uuid, 'c', users_timecard_id, 'n', -n))
    FROM (SELECT tenant_uuid, users_timecard_id, count(*) AS n FROM entries_old GROUP BY 1, 2) g));
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_card_entries_updated() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM app_card_entries((SELECT jsonb_agg(jsonb_build_object('t', tenant_uuid, 'c', users_timecard_id, 'n', n)) FROM (
    SELECT tenant_uuid, users_timecard_id, sum(n) AS n FROM (
      SELECT tenant_uuid, users_timecard_id, 1 AS n FROM entries_new
      UNION ALL SELECT tenant_uuid, users_timecard_id, -1 FROM entries_old) u
    GROUP BY 1, 2 HAVING sum(n) <> 0) g));
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER timecard_entries_count_inserted AFTER INSERT ON timecard_entries
  REFERENCING NEW TABLE AS entries_new FOR EACH STATEMENT EXECUTE FUNCTION app_card_entries_inserted();
--> statement-breakpoint
CREATE TRIGGER timecard_entries_count_deleted AFTER DELETE ON timecard_entries
  REFERENCING OLD TABLE AS entries_old FOR EACH STATEMENT EXECUTE FUNCTION app_card_entries_deleted();
--> statement-breakpoint
CREATE TRIGGER timecard_entries_count_updated AFTER UPDATE ON timecard_entries
  REFERENCING OLD TABLE AS entries_old NEW TABLE AS entries_new FOR EACH STATEMENT EXECUTE FUNCTION app_card_entries_updated();
--> statement-breakpoint
-- A new card starts empty (a copied row's count must not come with it).
CREATE OR REPLACE FUNCTION app_card_entries_new() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  NEW.entries := 0;
  RETURN NEW;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER users_timecard_entries_new BEFORE INSERT ON users_timecard FOR EACH ROW EXECUTE FUNCTION app_card_entries_new();
--> statement-breakpoint
UPDATE users_timecard c SET entries = n.n
FROM (SELECT tenant_uuid, users_timecard_id, count(*)::int AS n FROM timecard_entries GROUP BY 1, 2) n
WHERE c.tenant_uuid = n.tenant_uuid AND c.id = n.users_timecard_id;
