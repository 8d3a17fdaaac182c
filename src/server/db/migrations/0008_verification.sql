CREATE TABLE "personal_data" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"middle_name" text,
	"date_of_birth" date NOT NULL,
	"country" text NOT NULL,
	"city" text NOT NULL,
	"address" text NOT NULL,
	"postal_code" text,
	"result" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_submission_files" (
	"submission_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "provider_submission_files_submission_id_file_id_pk" PRIMARY KEY("submission_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "provider_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint NOT NULL,
	"step_type" text NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"external_id" text,
	"reason" text,
	"reviewer" text,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "provider_submissions_status" CHECK ("provider_submissions"."status" IN ('on_review', 'approved', 'rejected')),
	CONSTRAINT "provider_submissions_step_type" CHECK ("provider_submissions"."step_type" IN ('SUMSUB_BASIC', 'SUMSUB_ADDRESS', 'SUMSUB_VIDEO'))
);
--> statement-breakpoint
CREATE TABLE "verification_steps" (
	"user_id" bigint NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"result" text NOT NULL,
	"reason" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "verification_steps_user_id_type_pk" PRIMARY KEY("user_id","type"),
	CONSTRAINT "verification_steps_status" CHECK ("verification_steps"."status" IN ('in_progress', 'completed', 'rejected')),
	CONSTRAINT "verification_steps_type" CHECK ("verification_steps"."type" IN ('PHONE_NUMBER', 'BASIC', 'SUMSUB_BASIC', 'SUMSUB_ADDRESS', 'SUMSUB_VIDEO'))
);
--> statement-breakpoint
CREATE TABLE "verified_phones" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"phone_number" text NOT NULL,
	"source" text NOT NULL,
	"verified_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "personal_data" ADD CONSTRAINT "personal_data_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_submission_files" ADD CONSTRAINT "provider_submission_files_submission_id_provider_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."provider_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_submission_files" ADD CONSTRAINT "provider_submission_files_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_submissions" ADD CONSTRAINT "provider_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_steps" ADD CONSTRAINT "verification_steps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verified_phones" ADD CONSTRAINT "verified_phones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_submissions_user_idx" ON "provider_submissions" USING btree ("user_id","step_type","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_submissions_one_on_review" ON "provider_submissions" USING btree ("user_id","step_type") WHERE "provider_submissions"."status" = 'on_review';