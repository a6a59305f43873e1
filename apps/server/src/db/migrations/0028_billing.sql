CREATE TABLE "billing_accounts" (
	"tenant_uuid" uuid NOT NULL,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"status" text,
	"price_id" text,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"status_at" timestamp with time zone,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_accounts_tenant_uuid_pk" PRIMARY KEY("tenant_uuid")
);
--> statement-breakpoint
CREATE TABLE "billing_events" (
	"tenant_uuid" uuid NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_events_tenant_uuid_event_id_pk" PRIMARY KEY("tenant_uuid","event_id")
);
--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_tenant_uuid_tenants_tenant_uuid_fk" FOREIGN KEY ("tenant_uuid") REFERENCES "public"."tenants"("tenant_uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_events" ADD CONSTRAINT "billing_events_tenant_uuid_tenants_tenant_uuid_fk" FOREIGN KEY ("tenant_uuid") REFERENCES "public"."tenants"("tenant_uuid") ON DELETE cascade ON UPDATE no action;