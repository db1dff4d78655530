ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "uploads" DROP CONSTRAINT "uploads_bucket_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "wait_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "wait_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "door_photo_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_decision" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_decision_check" CHECK (payment_decision in ('refunded', 'kept'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK (status in ('pending', 'confirmed', 'preparing', 'ready', 'accepted', 'picked_up', 'delivered', 'cancelled', 'customer_unavailable'));--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_bucket_check" CHECK (bucket in ('profile-pictures', 'driver-licenses', 'national-ids', 'vehicle-images', 'food-images', 'door-photos'));