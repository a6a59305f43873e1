CREATE TABLE "accounting_connections" (
	"tenant_uuid" uuid NOT NULL,
	"realm_id" text,
	"mapped_realm_id" text,
	"access_token" text,
	"refresh_token" text,
	"access_expires_at" timestamp with time zone,
	"refresh_expires_at" timestamp with time zone,
	"connected_on" timestamp with time zone,
	"connected_by" integer,
	"qbo_disconnected" boolean DEFAULT false NOT NULL,
	"disconnected_reason" text,
	"oauth_state" text,
	"oauth_state_expires_at" timestamp with time zone,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_connections_tenant_uuid_pk" PRIMARY KEY("tenant_uuid")
);
--> statement-breakpoint
CREATE TABLE "accounting_mappings" (
	"tenant_uuid" uuid NOT NULL,
	"kind" text NOT NULL,
	"local_id" integer NOT NULL,
	"remote_id" text NOT NULL,
	"remote_name" text,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_mappings_tenant_uuid_kind_local_id_pk" PRIMARY KEY("tenant_uuid","kind","local_id")
);
--> statement-breakpoint
CREATE TABLE "accounting_sync_log" (
	"tenant_uuid" uuid NOT NULL,
	"record_type" text NOT NULL,
	"record_id" integer NOT NULL,
	"version" text NOT NULL,
	"entity" text NOT NULL,
	"action" text NOT NULL,
	"status" text NOT NULL,
	"remote_id" text,
	"summary" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"synced_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_sync_log_tenant_uuid_record_type_record_id_version_pk" PRIMARY KEY("tenant_uuid","record_type","record_id","version")
);
--> statement-breakpoint
ALTER TABLE "accounting_connections" ADD CONSTRAINT "accounting_connections_tenant_uuid_tenants_tenant_uuid_fk" FOREIGN KEY ("tenant_uuid") REFERENCES "public"."tenants"("tenant_uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_mappings" ADD CONSTRAINT "accounting_mappings_tenant_uuid_tenants_tenant_uuid_fk" FOREIGN KEY ("tenant_uuid") REFERENCES "public"."tenants"("tenant_uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_sync_log" ADD CONSTRAINT "accounting_sync_log_tenant_uuid_tenants_tenant_uuid_fk" FOREIGN KEY ("tenant_uuid") REFERENCES "public"."tenants"("tenant_uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounting_sync_log_recent_idx" ON "accounting_sync_log" USING btree ("tenant_uuid","synced_on");