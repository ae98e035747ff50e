CREATE TABLE "processor_defaults" (
	"organisation_id" uuid NOT NULL,
	"key" text NOT NULL,
	"seeded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "processor_defaults_organisation_id_key_pk" PRIMARY KEY("organisation_id","key")
);
--> statement-breakpoint
CREATE TABLE "processor_lab_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"base_url" text NOT NULL,
	"credential_sealed" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "processor_runs" ADD COLUMN "secrets_sealed" text;--> statement-breakpoint
ALTER TABLE "processor_tasks" ADD COLUMN "default_key" text;--> statement-breakpoint
ALTER TABLE "processor_templates" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "processor_defaults" ADD CONSTRAINT "processor_defaults_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processor_lab_connections" ADD CONSTRAINT "processor_lab_connections_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "processor_lab_connections_org_idx" ON "processor_lab_connections" USING btree ("organisation_id","name");--> statement-breakpoint
ALTER TABLE "processor_templates" ADD CONSTRAINT "processor_templates_key_unique" UNIQUE("key");