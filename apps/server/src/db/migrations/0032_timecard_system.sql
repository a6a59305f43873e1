CREATE TABLE "timecard_system_connections" (
	"tenant_uuid" uuid NOT NULL,
	"remote_company_id" text,
	"mapped_company_id" text,
	"access_token" text,
	"refresh_token" text,
	"access_expires_at" timestamp with time zone,
	"connected_on" timestamp with time zone,
	"connected_by" integer,
	"disconnected_reason" text,
	"oauth_state" text,
	"oauth_state_expires_at" timestamp with time zone,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timecard_system_connections_tenant_uuid_pk" PRIMARY KEY("tenant_uuid")
);
--> statement-breakpoint
CREATE TABLE "timecard_system_imports" (
	"tenant_uuid" uuid NOT NULL,
	"remote_id" text NOT NULL,
	"timecard_entries_id" integer NOT NULL,
	"employees_id" integer NOT NULL,
	"jobs_id" integer NOT NULL,
	"timecard_date" date NOT NULL,
	"hours" double precision NOT NULL,
	"imported_by" integer,
	"imported_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timecard_system_imports_tenant_uuid_remote_id_pk" PRIMARY KEY("tenant_uuid","remote_id")
);
--> statement-breakpoint
CREATE TABLE "timecard_system_mappings" (
	"tenant_uuid" uuid NOT NULL,
	"kind" text NOT NULL,
	"remote_id" text NOT NULL,
	"remote_name" text,
	"local_id" integer NOT NULL,
	"costcodes_id" integer,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timecard_system_mappings_tenant_uuid_kind_remote_id_pk" PRIMARY KEY("tenant_uuid","kind","remote_id")
);
--> statement-breakpoint
ALTER TABLE "timecard_system_connections" ADD CONSTRAINT "timecard_system_connections_tenant_uuid_tenants_tenant_uuid_fk" FOREIGN KEY ("tenant_uuid") REFERENCES "public"."tenants"("tenant_uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timecard_system_imports" ADD CONSTRAINT "timecard_system_imports_tenant_uuid_tenants_tenant_uuid_fk" FOREIGN KEY ("tenant_uuid") REFERENCES "public"."tenants"("tenant_uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timecard_system_mappings" ADD CONSTRAINT "timecard_system_mappings_tenant_uuid_tenants_tenant_uuid_fk" FOREIGN KEY ("tenant_uuid") REFERENCES "public"."tenants"("tenant_uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "timecard_system_imports_entry_idx" ON "timecard_system_imports" USING btree ("tenant_uuid","timecard_entries_id");--> statement-breakpoint
CREATE INDEX "timecard_system_imports_recent_idx" ON "timecard_system_imports" USING btree ("tenant_uuid","imported_on");