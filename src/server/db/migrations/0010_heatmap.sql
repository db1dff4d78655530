CREATE TABLE "heatmap_places" (
	"lat_cell" integer NOT NULL,
	"lng_cell" integer NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "heatmap_places_lat_cell_lng_cell_pk" PRIMARY KEY("lat_cell","lng_cell"),
	CONSTRAINT "heatmap_places_orders_check" CHECK (orders >= 0)
);
--> statement-breakpoint
CREATE INDEX "heatmap_places_busiest_idx" ON "heatmap_places" USING btree ("orders" DESC NULLS LAST,"lat_cell","lng_cell");--> statement-breakpoint
CREATE INDEX "drivers_verification_list_idx" ON "drivers" USING btree ("is_verified","created_at" DESC NULLS FIRST,"user_id" DESC NULLS FIRST);--> statement-breakpoint
-- hand-written
-- The heat map's cell of a coordinate: whole 1/10,000 degrees, rounded half to even (round()
-- of a double calls rint), exactly as cellOf() in src/shared/admin/heatmap.ts.
CREATE FUNCTION heatmap_cell(coordinate double precision) RETURNS integer
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT round(coordinate * 10000)::integer $$;--> statement-breakpoint
-- Keeps heatmap_places equal to the counted orders (HEATMAP_STATUSES, with both delivery
-- coordinates) per cell, in the writing transaction: an order entering the set adds 1 to its
-- cell, one leaving it (deleted, or its coordinates moved) takes 1 away, and a cell left with 0
-- is deleted. An order that stays counted in the same cell (a status move among the counted
-- ones) changes nothing.
CREATE FUNCTION heatmap_places_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_counted boolean := false;
  new_counted boolean := false;
  old_lat integer;
  old_lng integer;
  new_lat integer;
  new_lng integer;
  left_over integer;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status IN ('ready', 'accepted', 'picked_up', 'delivered')
     AND OLD.delivery_latitude IS NOT NULL AND OLD.delivery_longitude IS NOT NULL THEN
    old_counted := true;
    old_lat := heatmap_cell(OLD.delivery_latitude);
    old_lng := heatmap_cell(OLD.delivery_longitude);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status IN ('ready', 'accepted', 'picked_up', 'delivered')
     AND NEW.delivery_latitude IS NOT NULL AND NEW.delivery_longitude IS NOT NULL THEN
    new_counted := true;
    new_lat := heatmap_cell(NEW.delivery_latitude);
    new_lng := heatmap_cell(NEW.delivery_longitude);
  END IF;
  IF old_counted AND new_counted AND old_lat = new_lat AND old_lng = new_lng THEN
    RETURN NULL;
  END IF;
  IF old_counted THEN
    UPDATE heatmap_places SET orders = orders - 1
      WHERE lat_cell = old_lat AND lng_cell = old_lng
      RETURNING orders INTO left_over;
    IF left_over = 0 THEN
      DELETE FROM heatmap_places WHERE lat_cell = old_lat AND lng_cell = old_lng AND orders = 0;
    END IF;
  END IF;
  IF new_counted THEN
    INSERT INTO heatmap_places (lat_cell, lng_cell, orders) VALUES (new_lat, new_lng, 1)
      ON CONFLICT (lat_cell, lng_cell) DO UPDATE SET orders = heatmap_places.orders + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_heatmap_places AFTER INSERT OR DELETE OR UPDATE OF status, delivery_latitude, delivery_longitude
  ON orders FOR EACH ROW EXECUTE FUNCTION heatmap_places_count();--> statement-breakpoint
-- TRUNCATE fires no row trigger: emptying the orders empties the map with them. (A DELETE, as
-- a TRUNCATE here would fail when the same statement truncates heatmap_places too.)
CREATE FUNCTION heatmap_places_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM heatmap_places;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_heatmap_places_truncate AFTER TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION heatmap_places_clear();--> statement-breakpoint
-- The periods (7, 30, 90 days) group the counted orders placed since a time: an index-only range
-- scan of this covering partial index, which holds nothing but the counted orders with
-- coordinates (drizzle's index builder has no INCLUDE, so it is declared here only).
CREATE INDEX "orders_heatmap_idx" ON "orders" USING btree ("created_at") INCLUDE ("delivery_latitude", "delivery_longitude")
  WHERE status IN ('ready', 'accepted', 'picked_up', 'delivered') AND delivery_latitude IS NOT NULL AND delivery_longitude IS NOT NULL;--> statement-breakpoint
-- Orders placed before this migration: the trigger holds a lock on orders from its creation until
-- this migration commits, so none is counted twice or missed.
INSERT INTO heatmap_places (lat_cell, lng_cell, orders)
  SELECT heatmap_cell(delivery_latitude), heatmap_cell(delivery_longitude), count(*)
  FROM orders
  WHERE status IN ('ready', 'accepted', 'picked_up', 'delivered') AND delivery_latitude IS NOT NULL AND delivery_longitude IS NOT NULL
  GROUP BY 1, 2;
