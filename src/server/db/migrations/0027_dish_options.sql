ALTER TABLE "menu_items" ADD COLUMN "option_groups" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "choices" jsonb DEFAULT '[]'::jsonb NOT NULL;