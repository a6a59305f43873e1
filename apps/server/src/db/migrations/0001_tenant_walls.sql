-- Hand-written: roles, the tenant wall on every tenant table, and the one cross-tenant read sign-in needs.
-- app_user is the role every request runs as; it never owns tables and cannot bypass RLS.
DO $$ BEGIN
  CREATE ROLE app_user NOLOGIN NOBYPASSRLS;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
-- The migrating role must be able to SET ROLE app_user (a no-op for superusers).
DO $$ BEGIN
  EXECUTE format('GRANT app_user TO %I', current_user);
EXCEPTION WHEN others THEN NULL;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO app_user;
--> statement-breakpoint
-- Applies DESIGN.md's three-part wall to every table with a tenant_uuid column. It runs after every
-- migration (see migrate.ts), so a table added later is walled without anyone remembering to.
CREATE OR REPLACE FUNCTION app_enforce_tenant_walls() RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE t record;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'tenant_uuid' AND NOT a.attisdropped
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.relname);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t.relname);
    IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = 'public' AND tablename = t.relname AND policyname = 'tenant_wall') THEN
      EXECUTE format(
        'CREATE POLICY tenant_wall ON %I USING (tenant_uuid = nullif(current_setting(''app.tenant_uuid'', true), '''')::uuid) WITH CHECK (tenant_uuid = nullif(current_setting(''app.tenant_uuid'', true), '''')::uuid)',
        t.relname);
    END IF;
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO app_user', t.relname);
  END LOOP;
  GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO app_user;
END
$fn$;
--> statement-breakpoint
-- Sign-in must find a person's companies before any tenant is chosen. These read-only policies show an
-- identity its own membership rows and those companies, and nothing else; app.identity is only ever set
-- in a transaction that sets no tenant (with-tenant.ts), so they never widen a tenant session.
CREATE POLICY identity_membership ON employees FOR SELECT
  USING (cognito_uuid = nullif(current_setting('app.identity', true), ''));
--> statement-breakpoint
CREATE POLICY identity_companies ON tenants FOR SELECT
  USING (tenant_uuid IN (SELECT e.tenant_uuid FROM employees e WHERE e.cognito_uuid = nullif(current_setting('app.identity', true), '') AND e.status = 1));
