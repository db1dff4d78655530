ALTER TABLE "restaurants" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "opening_hours" jsonb DEFAULT '{"weekly":[[{"opens":"00:00","closes":"24:00"}],[{"opens":"00:00","closes":"24:00"}],[{"opens":"00:00","closes":"24:00"}],[{"opens":"00:00","closes":"24:00"}],[{"opens":"00:00","closes":"24:00"}],[{"opens":"00:00","closes":"24:00"}],[{"opens":"00:00","closes":"24:00"}]],"closedDates":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "orders_paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "pause_ends_at" timestamp with time zone;--> statement-breakpoint
-- Existing restaurants keep their hours open all day and read them in their country's usual zone
-- (shared/restaurants/hours.ts, COUNTRY_TIME_ZONES).
UPDATE "restaurants" SET "time_zone" = CASE "country"
  WHEN 'Nigeria' THEN 'Africa/Lagos'
  WHEN 'Kenya' THEN 'Africa/Nairobi'
  WHEN 'Ghana' THEN 'Africa/Accra'
  WHEN 'South Africa' THEN 'Africa/Johannesburg'
  WHEN 'USA' THEN 'America/New_York'
  WHEN 'UK' THEN 'Europe/London'
  WHEN 'Canada' THEN 'America/Toronto'
  ELSE 'UTC' END;--> statement-breakpoint
-- A checkout refuses orders outside the hours or during a pause from its kept copy of the kitchen,
-- so they raise the kitchen's version too (migration 0025_kitchen_version).
DROP TRIGGER restaurants_kitchen_changed ON restaurants;--> statement-breakpoint
CREATE TRIGGER restaurants_kitchen_changed BEFORE UPDATE ON restaurants
  FOR EACH ROW WHEN ((OLD.country, OLD.currency_symbol, OLD.latitude, OLD.longitude, OLD.owner_id,
      OLD.time_zone, OLD.opening_hours, OLD.orders_paused, OLD.pause_ends_at)
    IS DISTINCT FROM (NEW.country, NEW.currency_symbol, NEW.latitude, NEW.longitude, NEW.owner_id,
      NEW.time_zone, NEW.opening_hours, NEW.orders_paused, NEW.pause_ends_at))
  EXECUTE FUNCTION restaurant_kitchen_changed();
