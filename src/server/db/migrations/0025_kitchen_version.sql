ALTER TABLE "restaurants" ADD COLUMN "kitchen_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A checkout keeps a copy of what it last read of a restaurant (orders/checkout/keptKitchens.ts) and
-- writes the next order from it only while restaurants.kitchen_version is unchanged. Whatever that
-- copy holds raises the version when it changes, whoever changes it (a service, a script, psql):
-- the restaurant's country, currency, pin and owner; its currency's delivery pricing; the road
-- factor and the platform's share of fees; its managers; and the devices of its owner and managers.
CREATE FUNCTION restaurant_kitchen_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.kitchen_version := OLD.kitchen_version + 1;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER restaurants_kitchen_changed BEFORE UPDATE ON restaurants
  FOR EACH ROW WHEN ((OLD.country, OLD.currency_symbol, OLD.latitude, OLD.longitude, OLD.owner_id)
    IS DISTINCT FROM (NEW.country, NEW.currency_symbol, NEW.latitude, NEW.longitude, NEW.owner_id))
  EXECUTE FUNCTION restaurant_kitchen_changed();--> statement-breakpoint
CREATE FUNCTION kitchens_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' OR TG_TABLE_NAME = 'commission_settings' THEN
    UPDATE restaurants SET kitchen_version = kitchen_version + 1;
  ELSIF TG_TABLE_NAME = 'delivery_pricing' THEN
    UPDATE restaurants SET kitchen_version = kitchen_version + 1
      WHERE currency_symbol IN (OLD.currency_symbol, NEW.currency_symbol);
  ELSIF TG_TABLE_NAME = 'restaurant_members' THEN
    UPDATE restaurants SET kitchen_version = kitchen_version + 1 WHERE id IN (OLD.restaurant_id, NEW.restaurant_id);
  ELSE
    UPDATE restaurants SET kitchen_version = kitchen_version + 1
      WHERE owner_id IN (OLD.user_id, NEW.user_id)
        OR id IN (SELECT restaurant_id FROM restaurant_members WHERE user_id IN (OLD.user_id, NEW.user_id));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER delivery_pricing_kitchens_changed AFTER INSERT OR UPDATE OR DELETE ON delivery_pricing
  FOR EACH ROW EXECUTE FUNCTION kitchens_changed();--> statement-breakpoint
CREATE TRIGGER delivery_pricing_kitchens_truncated AFTER TRUNCATE ON delivery_pricing
  FOR EACH STATEMENT EXECUTE FUNCTION kitchens_changed();--> statement-breakpoint
CREATE TRIGGER commission_settings_kitchens_changed AFTER UPDATE ON commission_settings
  FOR EACH ROW WHEN ((OLD.road_factor_percent, OLD.delivery_share_bps) IS DISTINCT FROM (NEW.road_factor_percent, NEW.delivery_share_bps))
  EXECUTE FUNCTION kitchens_changed();--> statement-breakpoint
CREATE TRIGGER restaurant_members_kitchens_changed AFTER INSERT OR UPDATE OR DELETE ON restaurant_members
  FOR EACH ROW EXECUTE FUNCTION kitchens_changed();--> statement-breakpoint
CREATE TRIGGER restaurant_members_kitchens_truncated AFTER TRUNCATE ON restaurant_members
  FOR EACH STATEMENT EXECUTE FUNCTION kitchens_changed();--> statement-breakpoint
CREATE TRIGGER push_subscriptions_kitchens_changed AFTER INSERT OR UPDATE OF user_id OR DELETE ON push_subscriptions
  FOR EACH ROW EXECUTE FUNCTION kitchens_changed();--> statement-breakpoint
CREATE TRIGGER push_subscriptions_kitchens_truncated AFTER TRUNCATE ON push_subscriptions
  FOR EACH STATEMENT EXECUTE FUNCTION kitchens_changed();--> statement-breakpoint
-- Only the public columns announce a catalog change (migration 0019): the version is not one.
DROP TRIGGER restaurants_announce_update ON restaurants;--> statement-breakpoint
CREATE TRIGGER restaurants_announce_update AFTER UPDATE ON restaurants
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'sales_rolled_until' - 'kitchen_version') IS DISTINCT FROM (to_jsonb(NEW) - 'sales_rolled_until' - 'kitchen_version'))
  EXECUTE FUNCTION announce_catalog_change();
