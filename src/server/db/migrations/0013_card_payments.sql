ALTER TABLE "checkout_intents" DROP CONSTRAINT "checkout_intents_status_check";--> statement-breakpoint
ALTER TABLE "checkout_intents" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "checkout_intents" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkout_intents" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "checkout_intents_pending_idx" ON "checkout_intents" USING btree ("created_at") WHERE status = 'pending';--> statement-breakpoint
ALTER TABLE "checkout_intents" ADD CONSTRAINT "checkout_intents_status_check" CHECK (status in ('pending', 'completed', 'failed', 'expired', 'review'));