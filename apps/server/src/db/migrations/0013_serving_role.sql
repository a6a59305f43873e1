-- Hand-written: the role that serves requests on PostgreSQL when it is not the role that owns the tables
-- (MIGRATION_DATABASE_URL set beside DATABASE_URL, see migrate.ts). app_server holds what that login role may
-- do outside a company's transaction: the identity and platform tables, read-only catalogues, and SET ROLE
-- app_user for everything else (with-tenant.ts). It owns nothing and bypasses no row-level security, so it
-- cannot ALTER, DROP or turn off the walls. migrate.ts grants it to the serving login role.
DO $$ BEGIN
  CREATE ROLE app_server NOLOGIN NOBYPASSRLS;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
-- Grants app_server what it needs on every table of the schema; runs after every migration (migrate.ts), like
-- app_enforce_tenant_walls, so a table added later is covered without anyone remembering to. A tenant table is
-- reached only through app_user (walled); a catalogue app_user may read is read-only; any other table (identity,
-- outbox, throttles) is the server's own.
CREATE OR REPLACE FUNCTION app_grant_server() RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE t record;
BEGIN
  -- Roles are shared by every database of the cluster: grant only what is missing, so an owner without the
  -- ADMIN option on app_user does not fail once someone has granted it.
  IF NOT pg_has_role('app_server', 'app_user', 'MEMBER') THEN
    GRANT app_user TO app_server;
  END IF;
  GRANT USAGE ON SCHEMA public TO app_server;
  FOR t IN
    SELECT c.oid, c.relname,
      EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant_uuid' AND NOT a.attisdropped) AS tenant
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
  LOOP
    IF t.tenant THEN
      CONTINUE;
    ELSIF has_table_privilege('app_user', t.oid, 'SELECT') THEN
      EXECUTE format('GRANT SELECT ON %I TO app_server', t.relname);
    ELSE
      EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO app_server', t.relname);
    END IF;
  END LOOP;
  GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO app_server;
END
$fn$;
--> statement-breakpoint
-- Only the owner runs these (functions are executable by PUBLIC unless revoked).
REVOKE ALL ON FUNCTION app_enforce_tenant_walls() FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_grant_server() FROM PUBLIC;
