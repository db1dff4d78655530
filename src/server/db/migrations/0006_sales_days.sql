CREATE TABLE "restaurant_sales_days" (
	"restaurant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"sales" bigint NOT NULL,
	"commission" bigint NOT NULL,
	"payout" bigint NOT NULL,
	"orders" integer NOT NULL,
	"pending_count" integer NOT NULL,
	"completed_count" integer NOT NULL,
	CONSTRAINT "restaurant_sales_days_restaurant_id_day_pk" PRIMARY KEY("restaurant_id","day")
);
--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "sales_rolled_until" date DEFAULT '-infinity' NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurant_sales_days" ADD CONSTRAINT "restaurant_sales_days_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;