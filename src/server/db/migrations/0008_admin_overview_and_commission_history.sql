CREATE TABLE "commission_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"old_bps" integer NOT NULL,
	"new_bps" integer NOT NULL,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_changes_range" CHECK (old_bps between 0 and 10000 and new_bps between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "platform_sales_days" (
	"day" date NOT NULL,
	"currency_symbol" text NOT NULL,
	"orders" integer NOT NULL,
	"cancelled" integer NOT NULL,
	"sales" bigint NOT NULL,
	"commission" bigint NOT NULL,
	CONSTRAINT "platform_sales_days_day_currency_symbol_pk" PRIMARY KEY("day","currency_symbol")
);
--> statement-breakpoint
CREATE TABLE "platform_sales_rollup" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"rolled_until" date DEFAULT '-infinity' NOT NULL,
	CONSTRAINT "platform_sales_rollup_single_row" CHECK (id = 1)
);
--> statement-breakpoint
ALTER TABLE "commission_changes" ADD CONSTRAINT "commission_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commission_changes_changed_at_idx" ON "commission_changes" USING btree ("changed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_in_progress_status_idx" ON "orders" USING btree ("status") WHERE status in ('pending', 'confirmed', 'preparing', 'ready', 'accepted', 'picked_up');--> statement-breakpoint
-- hand-written
-- The one watermark row of the platform's rolled-up days: nothing is rolled up yet.
INSERT INTO "platform_sales_rollup" ("id", "rolled_until") VALUES (1, '-infinity') ON CONFLICT ("id") DO NOTHING;
