ALTER TABLE "notifications" ADD COLUMN "text_key" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "text_values" jsonb;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "language" text;