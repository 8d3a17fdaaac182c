CREATE TABLE "p2c_account_documents" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "p2c_account_documents_status" CHECK ("p2c_account_documents"."status" in ('uploaded', 'completed', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "p2c_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"status" text NOT NULL,
	"kind" text NOT NULL,
	"bank_id" text NOT NULL,
	"sealed_details" text NOT NULL,
	"number_last4" text NOT NULL,
	"number_digest" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "p2c_accounts_status" CHECK ("p2c_accounts"."status" in ('created', 'pending', 'active', 'disabled', 'requested_verification', 'under_verification', 'rejected')),
	CONSTRAINT "p2c_accounts_kind" CHECK ("p2c_accounts"."kind" in ('card', 'account'))
);
--> statement-breakpoint
CREATE TABLE "p2c_payment_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"detail" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "p2c_payment_history_actor" CHECK ("p2c_payment_history"."actor" in ('client', 'merchant', 'timer', 'support'))
);
--> statement-breakpoint
CREATE TABLE "p2c_payment_timers" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"kind" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "p2c_payment_timers_kind" CHECK ("p2c_payment_timers"."kind" in ('pending', 'processing', 'dispute_window'))
);
--> statement-breakpoint
CREATE TABLE "p2c_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" bigint NOT NULL,
	"unique_hash" text NOT NULL,
	"request_digest" text NOT NULL,
	"qr_id" text NOT NULL,
	"qr_type" text NOT NULL,
	"qr_link" text NOT NULL,
	"payee_name" text NOT NULL,
	"payee_bank" text NOT NULL,
	"purpose" text,
	"fiat_amount" numeric(17, 2) NOT NULL,
	"asset_code" text NOT NULL,
	"rate" numeric(17, 2) NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"fee" numeric(78, 0) NOT NULL,
	"total" numeric(78, 0) NOT NULL,
	"status" text NOT NULL,
	"escrow" numeric(78, 0) NOT NULL,
	"merchant_held" numeric(78, 0) DEFAULT '0' NOT NULL,
	"operation_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" bigint,
	"account_id" integer,
	"check_file_id" uuid,
	"check_uploaded_at" timestamp with time zone,
	"taken_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"dispute_reason" text,
	"dispute_message" text,
	"dispute_opened_at" timestamp with time zone,
	"resolution_outcome" text,
	"resolution_note" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "p2c_payments_status" CHECK ("p2c_payments"."status" in ('pending', 'processing', 'completed', 'expired', 'disputed', 'refunded')),
	CONSTRAINT "p2c_payments_qr_type" CHECK ("p2c_payments"."qr_type" in ('nspk', 'platiqr')),
	CONSTRAINT "p2c_payments_amounts" CHECK ("p2c_payments"."amount" > 0 and "p2c_payments"."fee" >= 0 and "p2c_payments"."total" = "p2c_payments"."amount" + "p2c_payments"."fee"
        and "p2c_payments"."fiat_amount" > 0 and "p2c_payments"."rate" > 0),
	CONSTRAINT "p2c_payments_escrow" CHECK (("p2c_payments"."status" in ('pending', 'processing')) = ("p2c_payments"."escrow" = "p2c_payments"."total")
        and ("p2c_payments"."escrow" = 0 or "p2c_payments"."escrow" = "p2c_payments"."total")),
	CONSTRAINT "p2c_payments_merchant_held" CHECK ("p2c_payments"."merchant_held" = 0 or "p2c_payments"."merchant_held" = "p2c_payments"."amount"),
	CONSTRAINT "p2c_payments_merchant" CHECK ("p2c_payments"."status" = 'expired' or ("p2c_payments"."status" = 'pending') = ("p2c_payments"."merchant_id" is null)),
	CONSTRAINT "p2c_payments_not_self" CHECK ("p2c_payments"."merchant_id" is null or "p2c_payments"."merchant_id" <> "p2c_payments"."client_id")
);
--> statement-breakpoint
CREATE TABLE "payment_system_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"link" text NOT NULL,
	"payee_name" text NOT NULL,
	"payee_bank" text NOT NULL,
	"payee_bank_id" text NOT NULL,
	"fiat_amount" numeric(17, 2) NOT NULL,
	"purpose" text,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payment_system_codes_type" CHECK ("payment_system_codes"."type" in ('nspk', 'platiqr')),
	CONSTRAINT "payment_system_codes_amount" CHECK ("payment_system_codes"."fiat_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "socket_io_attachments" (
	"id" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now(),
	"payload" "bytea",
	CONSTRAINT "socket_io_attachments_id_unique" UNIQUE("id")
);
--> statement-breakpoint
ALTER TABLE "p2c_account_documents" ADD CONSTRAINT "p2c_account_documents_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p2c_account_documents" ADD CONSTRAINT "p2c_account_documents_account_id_p2c_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."p2c_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p2c_accounts" ADD CONSTRAINT "p2c_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p2c_payment_history" ADD CONSTRAINT "p2c_payment_history_payment_id_p2c_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."p2c_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p2c_payment_timers" ADD CONSTRAINT "p2c_payment_timers_payment_id_p2c_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."p2c_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p2c_payments" ADD CONSTRAINT "p2c_payments_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p2c_payments" ADD CONSTRAINT "p2c_payments_asset_code_assets_code_fk" FOREIGN KEY ("asset_code") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p2c_payments" ADD CONSTRAINT "p2c_payments_merchant_id_users_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p2c_payments" ADD CONSTRAINT "p2c_payments_account_id_p2c_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."p2c_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p2c_payments" ADD CONSTRAINT "p2c_payments_check_file_id_stored_files_id_fk" FOREIGN KEY ("check_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p2c_payments" ADD CONSTRAINT "p2c_payments_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "p2c_account_documents_account_idx" ON "p2c_account_documents" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "p2c_accounts_user_number" ON "p2c_accounts" USING btree ("user_id","number_digest");--> statement-breakpoint
CREATE INDEX "p2c_accounts_status_idx" ON "p2c_accounts" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "p2c_payment_history_payment_idx" ON "p2c_payment_history" USING btree ("payment_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "p2c_payment_timers_one_open" ON "p2c_payment_timers" USING btree ("payment_id") WHERE "p2c_payment_timers"."done_at" is null;--> statement-breakpoint
CREATE INDEX "p2c_payment_timers_due_idx" ON "p2c_payment_timers" USING btree ("due_at") WHERE "p2c_payment_timers"."done_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "p2c_payments_client_hash" ON "p2c_payments" USING btree ("client_id","unique_hash");--> statement-breakpoint
CREATE INDEX "p2c_payments_client_idx" ON "p2c_payments" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "p2c_payments_merchant_idx" ON "p2c_payments" USING btree ("merchant_id","id") WHERE "p2c_payments"."merchant_id" is not null;--> statement-breakpoint
CREATE INDEX "p2c_payments_pending_idx" ON "p2c_payments" USING btree ("id") WHERE "p2c_payments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "p2c_payments_qr_idx" ON "p2c_payments" USING btree ("qr_id");