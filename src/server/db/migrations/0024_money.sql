CREATE TABLE "cash_hand_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rider_id" uuid NOT NULL,
	"currency_symbol" text NOT NULL,
	"amount" integer NOT NULL,
	"reference" text NOT NULL,
	"received_by" text NOT NULL,
	"recorded_by" uuid,
	"ledger_transaction_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_hand_ins_amount_check" CHECK (amount > 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_pricing" (
	"currency_symbol" text PRIMARY KEY NOT NULL,
	"base_fee" integer NOT NULL,
	"per_km_fee" integer NOT NULL,
	"included_meters" integer NOT NULL,
	"max_meters" integer NOT NULL,
	"cash_limit" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_pricing_fees_check" CHECK (base_fee >= 0 and per_km_fee >= 0 and (cash_limit is null or cash_limit >= 0)),
	CONSTRAINT "delivery_pricing_distance_check" CHECK (included_meters >= 0 and max_meters > 0 and included_meters <= max_meters)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transaction_id" uuid NOT NULL,
	"account" text NOT NULL,
	"owner_id" uuid,
	"currency_symbol" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_account_check" CHECK (account in ('paystack', 'customer_funds', 'rider_cash', 'cash_received', 'restaurant', 'rider', 'commission', 'delivery_share')),
	CONSTRAINT "ledger_entries_amount_check" CHECK (amount <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid,
	"payout_id" uuid,
	"memo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transactions_kind_check" CHECK (kind in ('order_paid', 'order_delivered', 'order_refunded', 'payment_kept', 'cash_handed_in', 'payout_sent', 'payout_failed', 'payout_reversed'))
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payee" text NOT NULL,
	"payee_id" uuid NOT NULL,
	"recipient_type" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"currency" text NOT NULL,
	"recipient_code" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_payee_check" CHECK (payee in ('restaurant', 'rider')),
	CONSTRAINT "payout_accounts_type_check" CHECK (recipient_type in ('ghipss', 'mobile_money', 'nuban', 'kepss'))
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"payee" text NOT NULL,
	"payee_id" uuid NOT NULL,
	"payout_account_id" uuid NOT NULL,
	"currency_symbol" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"transfer_code" text,
	"failure_reason" text,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_reference_unique" UNIQUE("reference"),
	CONSTRAINT "payouts_payee_check" CHECK (payee in ('restaurant', 'rider')),
	CONSTRAINT "payouts_status_check" CHECK (status in ('queued', 'pending', 'otp', 'success', 'failed', 'reversed')),
	CONSTRAINT "payouts_amount_check" CHECK (amount > 0)
);
--> statement-breakpoint
ALTER TABLE "commission_settings" ADD COLUMN "road_factor_percent" integer DEFAULT 130 NOT NULL;--> statement-breakpoint
ALTER TABLE "commission_settings" ADD COLUMN "delivery_share_bps" integer DEFAULT 2000 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_share" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tip_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_meters" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "min_order_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_hand_ins" ADD CONSTRAINT "cash_hand_ins_rider_id_users_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_hand_ins" ADD CONSTRAINT "cash_hand_ins_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_hand_ins" ADD CONSTRAINT "cash_hand_ins_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_payout_account_id_payout_accounts_id_fk" FOREIGN KEY ("payout_account_id") REFERENCES "public"."payout_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_hand_ins_rider_idx" ON "cash_hand_ins" USING btree ("rider_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account","owner_id","currency_symbol","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_order_event_idx" ON "ledger_transactions" USING btree ("order_id","kind") WHERE order_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_payout_event_idx" ON "ledger_transactions" USING btree ("payout_id","kind") WHERE payout_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_payee_idx" ON "payout_accounts" USING btree ("payee","payee_id");--> statement-breakpoint
CREATE INDEX "payouts_payee_idx" ON "payouts" USING btree ("payee","payee_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payouts_created_idx" ON "payouts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payouts_status_created_idx" ON "payouts" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payouts_open_updated_idx" ON "payouts" USING btree ("updated_at","id") WHERE status in ('queued', 'pending', 'otp');--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_one_open_idx" ON "payouts" USING btree ("payee","payee_id","currency_symbol") WHERE status in ('queued', 'pending', 'otp');--> statement-breakpoint
ALTER TABLE "commission_settings" ADD CONSTRAINT "commission_settings_road_factor_check" CHECK (road_factor_percent between 100 and 300);--> statement-breakpoint
ALTER TABLE "commission_settings" ADD CONSTRAINT "commission_settings_delivery_share_check" CHECK (delivery_share_bps between 0 and 10000);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_money_check" CHECK (delivery_fee >= 0 and tip_amount >= 0 and delivery_share between 0 and delivery_fee and total_amount::bigint + delivery_fee + tip_amount <= 2147483647);--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_min_order_check" CHECK (min_order_amount >= 0);--> statement-breakpoint
CREATE FUNCTION "ledger_is_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'the ledger is append-only: % of % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_is_append_only"();--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_append_only" BEFORE UPDATE OR DELETE ON "ledger_transactions" FOR EACH ROW EXECUTE FUNCTION "ledger_is_append_only"();
