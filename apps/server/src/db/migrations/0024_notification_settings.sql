CREATE TABLE "notice_keys" (
	"tenant_uuid" uuid NOT NULL,
	"key" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_keys_tenant_uuid_key_pk" PRIMARY KEY("tenant_uuid","key")
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"tenant_uuid" uuid NOT NULL,
	"employees_id" integer NOT NULL,
	"push_off" text[] DEFAULT '{}' NOT NULL,
	"email_on" text[] DEFAULT '{}' NOT NULL,
	"quiet_start" text,
	"quiet_end" text,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_tenant_uuid_employees_id_pk" PRIMARY KEY("tenant_uuid","employees_id")
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "push_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "emailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notice_keys" ADD CONSTRAINT "notice_keys_tenant_uuid_tenants_tenant_uuid_fk" FOREIGN KEY ("tenant_uuid") REFERENCES "public"."tenants"("tenant_uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_tenant_uuid_employees_id_employees_tenant_uuid_id_fk" FOREIGN KEY ("tenant_uuid","employees_id") REFERENCES "public"."employees"("tenant_uuid","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_held_idx" ON "notifications" USING btree ("tenant_uuid","employees_id") WHERE "notifications"."push_held";--> statement-breakpoint
CREATE INDEX "notifications_undigested_idx" ON "notifications" USING btree ("tenant_uuid","employees_id") WHERE "notifications"."read_at" is null and "notifications"."emailed_at" is null;--> statement-breakpoint
-- Hand-written: the one cross-tenant read the notification sweeps need. A transaction that sets app.sweep (set only
-- by sweeps.ts, in a transaction that sets no tenant, identity or join code) sees which companies exist, to then open
-- each one's own walled transaction; it sees no company's data.
CREATE POLICY sweep_companies ON tenants FOR SELECT
  USING (current_setting('app.sweep', true) = 'on');
