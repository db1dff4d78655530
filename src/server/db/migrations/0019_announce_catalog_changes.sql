-- Whatever changes what the public restaurant list, a public restaurant or its public menu shows
-- (a service, a script, an operator's psql), every instance hears of it when the change commits
-- and drops its cached copy (src/server/plugins/publicCache.ts). The payload is the restaurant's
-- id, or '*' when a table is emptied. PostgreSQL sends one notification per restaurant per
-- transaction however many rows change. The sales rollup's bookkeeping column is not shown.
CREATE FUNCTION announce_catalog_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('catalog', '*');
  ELSIF TG_TABLE_NAME = 'restaurants' THEN
    PERFORM pg_notify('catalog', COALESCE(NEW.id, OLD.id)::text);
  ELSE
    PERFORM pg_notify('catalog', COALESCE(NEW.restaurant_id, OLD.restaurant_id)::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER restaurants_announce_insert_delete AFTER INSERT OR DELETE ON restaurants
  FOR EACH ROW EXECUTE FUNCTION announce_catalog_change();--> statement-breakpoint
CREATE TRIGGER restaurants_announce_update AFTER UPDATE ON restaurants
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'sales_rolled_until') IS DISTINCT FROM (to_jsonb(NEW) - 'sales_rolled_until'))
  EXECUTE FUNCTION announce_catalog_change();--> statement-breakpoint
CREATE TRIGGER restaurants_announce_truncate AFTER TRUNCATE ON restaurants
  FOR EACH STATEMENT EXECUTE FUNCTION announce_catalog_change();--> statement-breakpoint
CREATE TRIGGER menu_items_announce_insert_delete AFTER INSERT OR DELETE ON menu_items
  FOR EACH ROW EXECUTE FUNCTION announce_catalog_change();--> statement-breakpoint
CREATE TRIGGER menu_items_announce_update AFTER UPDATE ON menu_items
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION announce_catalog_change();--> statement-breakpoint
CREATE TRIGGER menu_items_announce_truncate AFTER TRUNCATE ON menu_items
  FOR EACH STATEMENT EXECUTE FUNCTION announce_catalog_change();
