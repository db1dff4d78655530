CREATE TABLE "driver_id_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid NOT NULL,
	"run_by" uuid,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"verified" boolean,
	"confidence" double precision,
	"reason" text,
	"extracted_name" text,
	"name_similarity" double precision,
	"face_distance" double precision,
	"duration_ms" integer,
	CONSTRAINT "driver_id_checks_status_check" CHECK (status in ('running', 'finished', 'error')),
	CONSTRAINT "driver_id_checks_verdict_check" CHECK ((status = 'finished') = (verified is not null)),
	CONSTRAINT "driver_id_checks_confidence_check" CHECK (confidence between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "driver_id_checks" ADD CONSTRAINT "driver_id_checks_driver_id_drivers_user_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_id_checks" ADD CONSTRAINT "driver_id_checks_run_by_users_id_fk" FOREIGN KEY ("run_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "driver_id_checks_driver_idx" ON "driver_id_checks" USING btree ("driver_id","run_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "driver_id_checks_running_idx" ON "driver_id_checks" USING btree ("driver_id") WHERE status = 'running';