DROP INDEX "outbox_queued_idx";--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("deliver_after") WHERE "outbox"."state" in ('queued', 'sending');--> statement-breakpoint
-- Hand-written: mail and texts are queued in the transaction of the write that causes them (platform/outbox.ts), and
-- a company's transaction runs as app_user. It may add rows to the outbox and nothing more: no reading (the outbox
-- holds sign-in codes), no changing, no deleting; the delivery worker runs as the server's own role.
GRANT INSERT ON "outbox" TO app_user;
