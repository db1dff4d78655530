-- Dispatch measures distances with earthdistance over cube (decision 008); both load in PGlite and PostgreSQL 15.
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
CREATE TABLE "dispatch_declines" (
	"order_id" uuid NOT NULL,
	"driver_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispatch_declines_order_id_driver_id_pk" PRIMARY KEY("order_id","driver_id")
);
--> statement-breakpoint
ALTER TABLE "dispatch_declines" ADD CONSTRAINT "dispatch_declines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_declines" ADD CONSTRAINT "dispatch_declines_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drivers_dispatch_position_idx" ON "drivers" USING gist (ll_to_earth("latitude", "longitude")) WHERE is_available and is_verified and latitude is not null and longitude is not null;