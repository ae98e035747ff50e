CREATE TABLE "processor_defaults" (
	"organisation_id" uuid NOT NULL,
	"key" text NOT NULL,
	"seeded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "processor_defaults_organisation_id_key_pk" PRIMARY KEY("organisation_id","key")
);
--> statement-breakpoint
ALTER TABLE "processor_runs" ADD COLUMN "secrets_sealed" text;--> statement-breakpoint
ALTER TABLE "processor_tasks" ADD COLUMN "default_key" text;--> statement-breakpoint
ALTER TABLE "processor_templates" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "processor_defaults" ADD CONSTRAINT "processor_defaults_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processor_templates" ADD CONSTRAINT "processor_templates_key_unique" UNIQUE("key");