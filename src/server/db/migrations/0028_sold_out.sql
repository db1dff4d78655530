ALTER TABLE "menu_items" ADD COLUMN "sold_out_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "choices_sold_out" jsonb DEFAULT '{}'::jsonb NOT NULL;