CREATE TABLE "order_ratings" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"driver_id" uuid,
	"food_stars" integer NOT NULL,
	"comment" text,
	"rider_thumbs_up" boolean,
	"reply" text,
	"replied_at" timestamp with time zone,
	"hidden" boolean DEFAULT false NOT NULL,
	"hidden_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_ratings_food_stars_check" CHECK (food_stars between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "saved_places" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"label" text NOT NULL,
	"address" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"landmark" text,
	"gps_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_places_latitude_check" CHECK (latitude between -90 and 90),
	CONSTRAINT "saved_places_longitude_check" CHECK (longitude between -180 and 180)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_landmark" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_gps_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prep_minutes" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ready_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "picked_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "prep_minutes" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "busy_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "rating_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_ratings" ADD CONSTRAINT "order_ratings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_ratings" ADD CONSTRAINT "order_ratings_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_ratings" ADD CONSTRAINT "order_ratings_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_ratings" ADD CONSTRAINT "order_ratings_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_ratings" ADD CONSTRAINT "order_ratings_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_places" ADD CONSTRAINT "saved_places_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_ratings_restaurant_idx" ON "order_ratings" USING btree ("restaurant_id","created_at" DESC NULLS FIRST,"order_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "order_ratings_driver_idx" ON "order_ratings" USING btree ("driver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_places_user_label_idx" ON "saved_places" USING btree ("user_id",lower("label"));--> statement-breakpoint
CREATE INDEX "saved_places_user_used_idx" ON "saved_places" USING btree ("user_id","used_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_prep_minutes_check" CHECK (prep_minutes between 5 and 120);--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_busy_minutes_check" CHECK (busy_minutes between 0 and 120);--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_rating_check" CHECK (rating_count >= 0 and rating_total between rating_count and 5 * rating_count);--> statement-breakpoint
-- A checkout writes the order's preparation minutes from its kept copy of the kitchen, so the usual
-- and busy minutes raise the kitchen's version too (migrations 0025_kitchen_version, 0026_opening_hours).
DROP TRIGGER restaurants_kitchen_changed ON restaurants;--> statement-breakpoint
CREATE TRIGGER restaurants_kitchen_changed BEFORE UPDATE ON restaurants
  FOR EACH ROW WHEN ((OLD.country, OLD.currency_symbol, OLD.latitude, OLD.longitude, OLD.owner_id,
      OLD.time_zone, OLD.opening_hours, OLD.orders_paused, OLD.pause_ends_at, OLD.prep_minutes, OLD.busy_minutes)
    IS DISTINCT FROM (NEW.country, NEW.currency_symbol, NEW.latitude, NEW.longitude, NEW.owner_id,
      NEW.time_zone, NEW.opening_hours, NEW.orders_paused, NEW.pause_ends_at, NEW.prep_minutes, NEW.busy_minutes))
  EXECUTE FUNCTION restaurant_kitchen_changed();--> statement-breakpoint
-- The catalog serves each restaurant's rating count and total as read: every rating written, moved
-- or hidden (or shown again) changes them here, whoever writes it.
CREATE FUNCTION order_ratings_tally() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND NOT OLD.hidden THEN
    UPDATE restaurants SET rating_count = rating_count - 1, rating_total = rating_total - OLD.food_stars
      WHERE id = OLD.restaurant_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NOT NEW.hidden THEN
    UPDATE restaurants SET rating_count = rating_count + 1, rating_total = rating_total + NEW.food_stars
      WHERE id = NEW.restaurant_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER order_ratings_tally AFTER INSERT OR DELETE OR UPDATE OF food_stars, hidden, restaurant_id ON order_ratings
  FOR EACH ROW EXECUTE FUNCTION order_ratings_tally();
