CREATE TABLE "dispatch_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"driver_id" uuid NOT NULL,
	"offered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	CONSTRAINT "dispatch_offers_answer_check" CHECK (answer in ('accepted', 'declined', 'missed', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "missed_offers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "paused_for_misses_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dispatch_offers" ADD CONSTRAINT "dispatch_offers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_offers" ADD CONSTRAINT "dispatch_offers_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dispatch_offers_open_order_idx" ON "dispatch_offers" USING btree ("order_id") WHERE answer is null;--> statement-breakpoint
CREATE UNIQUE INDEX "dispatch_offers_open_driver_idx" ON "dispatch_offers" USING btree ("driver_id") WHERE answer is null;