-- The heat map's row trigger (0010) ran its plpgsql function for every order written, a checkout's
-- pending or confirmed insert included, only to find nothing to count. WHEN clauses decide in the
-- executor, without calling the function, so only rows that enter, leave or move within the
-- counted statuses (HEATMAP_STATUSES, src/shared/admin/heatmap.ts) pay for it.
DROP TRIGGER orders_heatmap_places ON orders;--> statement-breakpoint
CREATE TRIGGER orders_heatmap_places_insert AFTER INSERT ON orders FOR EACH ROW
  WHEN (NEW.status IN ('ready', 'accepted', 'picked_up', 'delivered'))
  EXECUTE FUNCTION heatmap_places_count();--> statement-breakpoint
CREATE TRIGGER orders_heatmap_places_update AFTER UPDATE OF status, delivery_latitude, delivery_longitude ON orders FOR EACH ROW
  WHEN (OLD.status IN ('ready', 'accepted', 'picked_up', 'delivered') OR NEW.status IN ('ready', 'accepted', 'picked_up', 'delivered'))
  EXECUTE FUNCTION heatmap_places_count();--> statement-breakpoint
CREATE TRIGGER orders_heatmap_places_delete AFTER DELETE ON orders FOR EACH ROW
  WHEN (OLD.status IN ('ready', 'accepted', 'picked_up', 'delivered'))
  EXECUTE FUNCTION heatmap_places_count();
