-- A checkout's kept copy of a kitchen (orders/checkout/keptKitchens.ts) now also holds the menu it
-- prices from: each dish's name, price, availability, choices and what is sold out. So a change to
-- any of these raises the restaurant's kitchen version too, whoever makes it, and a copy older than
-- the menu can never price an order (migration 0025_kitchen_version). Its place in the menu, its
-- description, category and picture price nothing and leave the version alone.
CREATE OR REPLACE FUNCTION kitchens_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' OR TG_TABLE_NAME = 'commission_settings' THEN
    UPDATE restaurants SET kitchen_version = kitchen_version + 1;
  ELSIF TG_TABLE_NAME = 'delivery_pricing' THEN
    UPDATE restaurants SET kitchen_version = kitchen_version + 1
      WHERE currency_symbol IN (OLD.currency_symbol, NEW.currency_symbol);
  ELSIF TG_TABLE_NAME IN ('restaurant_members', 'menu_items') THEN
    UPDATE restaurants SET kitchen_version = kitchen_version + 1 WHERE id IN (OLD.restaurant_id, NEW.restaurant_id);
  ELSE
    UPDATE restaurants SET kitchen_version = kitchen_version + 1
      WHERE owner_id IN (OLD.user_id, NEW.user_id)
        OR id IN (SELECT restaurant_id FROM restaurant_members WHERE user_id IN (OLD.user_id, NEW.user_id));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER menu_items_kitchens_changed AFTER INSERT OR DELETE ON menu_items
  FOR EACH ROW EXECUTE FUNCTION kitchens_changed();--> statement-breakpoint
CREATE TRIGGER menu_items_kitchens_priced_changed AFTER UPDATE ON menu_items
  FOR EACH ROW WHEN ((OLD.restaurant_id, OLD.name, OLD.price, OLD.is_available, OLD.option_groups, OLD.sold_out_until, OLD.choices_sold_out)
    IS DISTINCT FROM (NEW.restaurant_id, NEW.name, NEW.price, NEW.is_available, NEW.option_groups, NEW.sold_out_until, NEW.choices_sold_out))
  EXECUTE FUNCTION kitchens_changed();--> statement-breakpoint
CREATE TRIGGER menu_items_kitchens_truncated AFTER TRUNCATE ON menu_items
  FOR EACH STATEMENT EXECUTE FUNCTION kitchens_changed();
