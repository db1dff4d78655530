ALTER TABLE "menu_items" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "folder" uuid;--> statement-breakpoint
CREATE INDEX "menu_items_restaurant_position_idx" ON "menu_items" USING btree ("restaurant_id","position");--> statement-breakpoint
-- Existing menus keep the order customers saw until now: by category, then oldest first.
UPDATE "menu_items" SET "position" = ranked.position
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "restaurant_id" ORDER BY "category" ASC NULLS LAST, "created_at", "id") AS position
  FROM "menu_items"
) AS ranked
WHERE "menu_items"."id" = ranked."id";
