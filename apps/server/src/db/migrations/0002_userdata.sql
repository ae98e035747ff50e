CREATE TABLE "health_assessments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"role_profile_id" uuid NOT NULL,
	"sex" text NOT NULL,
	"height_cm" double precision NOT NULL,
	"weight_kg" double precision NOT NULL,
	"smoking" boolean NOT NULL,
	"health_conditions" integer[] NOT NULL,
	"family_health_conditions" integer[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "health_assessments_role_profile_id_unique" UNIQUE("role_profile_id")
);
--> statement-breakpoint
CREATE TABLE "kit_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"role_profile_id" uuid NOT NULL,
	"appointment_date" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"confirmation_email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "link_signing_keys" (
	"purpose" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"email" text NOT NULL,
	"status" text NOT NULL,
	"token_hash" text,
	"invited_by_user_id" uuid,
	"role_profile_id" uuid,
	"invited_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"registered_at" timestamp with time zone,
	CONSTRAINT "registrations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "shipping_details" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"role_profile_id" uuid NOT NULL,
	"organisation_profile_id" uuid NOT NULL,
	"address_1" text NOT NULL,
	"address_2" text,
	"city" text NOT NULL,
	"county" text NOT NULL,
	"postcode" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shipping_details_role_profile_id_unique" UNIQUE("role_profile_id")
);
--> statement-breakpoint
CREATE TABLE "symptom_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"role_profile_id" uuid NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"contact_ids" integer[] NOT NULL,
	"symptomatic" boolean NOT NULL,
	"fever" boolean NOT NULL,
	"cough" boolean NOT NULL,
	"shortness_of_breath" boolean NOT NULL,
	"loss_of_smell" boolean NOT NULL,
	"worsening" boolean NOT NULL,
	"breathing_fast" boolean NOT NULL,
	"coughing_blood" boolean NOT NULL,
	"high_risk_country" boolean NOT NULL,
	"symptoms" integer[] NOT NULL,
	"code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"role_profile_id" uuid NOT NULL,
	"kit_order_id" uuid,
	"name" text NOT NULL,
	"sample_date" timestamp with time zone NOT NULL,
	"result" text NOT NULL,
	"file_key" text,
	"file_name" text,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "health_assessments" ADD CONSTRAINT "health_assessments_role_profile_id_role_profiles_id_fk" FOREIGN KEY ("role_profile_id") REFERENCES "public"."role_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kit_orders" ADD CONSTRAINT "kit_orders_role_profile_id_role_profiles_id_fk" FOREIGN KEY ("role_profile_id") REFERENCES "public"."role_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_role_profile_id_role_profiles_id_fk" FOREIGN KEY ("role_profile_id") REFERENCES "public"."role_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_details" ADD CONSTRAINT "shipping_details_role_profile_id_role_profiles_id_fk" FOREIGN KEY ("role_profile_id") REFERENCES "public"."role_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_details" ADD CONSTRAINT "shipping_details_organisation_profile_id_organisation_profiles_id_fk" FOREIGN KEY ("organisation_profile_id") REFERENCES "public"."organisation_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "symptom_submissions" ADD CONSTRAINT "symptom_submissions_role_profile_id_role_profiles_id_fk" FOREIGN KEY ("role_profile_id") REFERENCES "public"."role_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_results" ADD CONSTRAINT "test_results_role_profile_id_role_profiles_id_fk" FOREIGN KEY ("role_profile_id") REFERENCES "public"."role_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_results" ADD CONSTRAINT "test_results_kit_order_id_kit_orders_id_fk" FOREIGN KEY ("kit_order_id") REFERENCES "public"."kit_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_results" ADD CONSTRAINT "test_results_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kit_orders_profile_idx" ON "kit_orders" USING btree ("role_profile_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "kit_orders_one_open_key" ON "kit_orders" USING btree ("role_profile_id") WHERE "kit_orders"."status" in ('ordered', 'dispatched');--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_org_email_key" ON "registrations" USING btree ("organisation_id",lower("email"));--> statement-breakpoint
CREATE INDEX "symptom_submissions_profile_idx" ON "symptom_submissions" USING btree ("role_profile_id","submitted_at");--> statement-breakpoint
CREATE INDEX "test_results_profile_idx" ON "test_results" USING btree ("role_profile_id","sample_date");