-- Hand-written: the identity path (choosing a company before one is set: with-tenant.ts withIdentity) gets a role of
-- its own. Its two read policies were for every role, so PostgreSQL ORed `cognito_uuid = app.identity` into every
-- company read of employees as app_user: a scan of employees_identity_idx beside the tenant's index (reading no row,
-- as app.identity is never set there) and an estimate of one person where a company has eighty (db/plans.test.ts).
-- app_identity is app_user plus those two policies; app_user no longer carries them.
DO $$ BEGIN
  CREATE ROLE app_identity NOLOGIN NOBYPASSRLS;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF NOT pg_has_role('app_identity', 'app_user', 'MEMBER') THEN
    GRANT app_user TO app_identity;
  END IF;
END $$;
--> statement-breakpoint
-- The migrating role and the serving role (0013) must be able to SET ROLE app_identity (a no-op for superusers).
DO $$ BEGIN
  EXECUTE format('GRANT app_identity TO %I', current_user);
EXCEPTION WHEN others THEN NULL;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  IF NOT pg_has_role('app_server', 'app_identity', 'MEMBER') THEN
    GRANT app_identity TO app_server;
  END IF;
END $$;
--> statement-breakpoint
ALTER POLICY identity_membership ON employees TO app_identity;
--> statement-breakpoint
ALTER POLICY identity_companies ON tenants TO app_identity;
