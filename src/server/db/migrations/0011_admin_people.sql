CREATE INDEX "drivers_created_idx" ON "drivers" USING btree ("created_at" DESC NULLS FIRST,"user_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- hand-written
-- User Management finds text anywhere in a name, phone or email, and Driver Management anywhere in a name or plate,
-- in any letter case (ILIKE): trigram indexes serve those searches among hundreds of thousands of accounts.
-- pg_trgm ships with PostgreSQL 15 (contrib) and PGlite (loaded when the database opens, db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_full_name_trgm_idx" ON "profiles" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_phone_trgm_idx" ON "profiles" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "drivers_plate_number_trgm_idx" ON "drivers" USING gin ("plate_number" gin_trgm_ops);
