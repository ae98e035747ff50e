CREATE TABLE "processor_run_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "processor_run_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"run_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"level" text NOT NULL,
	"message" text NOT NULL,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "processor_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"event" text NOT NULL,
	"event_id" bigint,
	"rerun_of" uuid,
	"init_data" jsonb NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"failed_node" text,
	"reason" text,
	"nodes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "processor_sends" (
	"key" text PRIMARY KEY NOT NULL,
	"run_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"result" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "processor_task_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"graph" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "processor_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"event" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"version_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "processor_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"subject_en" text NOT NULL,
	"body_en" text NOT NULL,
	"subject_de" text NOT NULL,
	"body_de" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "processor_run_logs" ADD CONSTRAINT "processor_run_logs_run_id_processor_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."processor_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processor_runs" ADD CONSTRAINT "processor_runs_task_id_processor_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."processor_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processor_runs" ADD CONSTRAINT "processor_runs_version_id_processor_task_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."processor_task_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processor_task_versions" ADD CONSTRAINT "processor_task_versions_task_id_processor_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."processor_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processor_tasks" ADD CONSTRAINT "processor_tasks_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "processor_run_logs_run_idx" ON "processor_run_logs" USING btree ("run_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "processor_runs_event_task_key" ON "processor_runs" USING btree ("event_id","task_id") WHERE "processor_runs"."event_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "processor_runs_task_idx" ON "processor_runs" USING btree ("task_id","created_at");--> statement-breakpoint
CREATE INDEX "processor_runs_due_idx" ON "processor_runs" USING btree ("next_attempt_at") WHERE "processor_runs"."status" IN ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "processor_task_versions_key" ON "processor_task_versions" USING btree ("task_id","version");--> statement-breakpoint
CREATE INDEX "processor_tasks_event_idx" ON "processor_tasks" USING btree ("event","organisation_id");