CREATE TABLE "device_mutations" (
	"tenant_uuid" uuid NOT NULL,
	"employees_id" integer NOT NULL,
	"id" uuid NOT NULL,
	"payload_hash" text NOT NULL,
	"result" jsonb,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_mutations_tenant_uuid_employees_id_id_pk" PRIMARY KEY("tenant_uuid","employees_id","id")
);
--> statement-breakpoint
ALTER TABLE "device_mutations" ADD CONSTRAINT "device_mutations_tenant_uuid_employees_id_employees_tenant_uuid_id_fk" FOREIGN KEY ("tenant_uuid","employees_id") REFERENCES "public"."employees"("tenant_uuid","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_mutations_created_idx" ON "device_mutations" USING btree ("tenant_uuid","created_on");