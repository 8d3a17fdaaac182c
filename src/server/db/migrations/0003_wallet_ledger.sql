CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint,
	"asset_code" text NOT NULL,
	"kind" text NOT NULL,
	"balance" numeric(78, 0) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_owner_kind" CHECK (("ledger_accounts"."user_id" is not null and "ledger_accounts"."kind" in ('available', 'held'))
        or ("ledger_accounts"."user_id" is null and "ledger_accounts"."kind" in ('external', 'fees'))),
	CONSTRAINT "ledger_accounts_not_negative" CHECK ("ledger_accounts"."kind" = 'external' or "ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"journal_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_not_zero" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_journals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operation_id" uuid NOT NULL,
	"type" text NOT NULL,
	"step" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "address_book_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chain_address_flags" (
	"network" text NOT NULL,
	"address" text NOT NULL,
	"flag" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_address_flags_network_address_pk" PRIMARY KEY("network","address")
);
--> statement-breakpoint
CREATE TABLE "chain_deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"network" text NOT NULL,
	"asset_code" text NOT NULL,
	"address" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"txid" text NOT NULL,
	"deposit_address_id" uuid,
	"user_id" bigint,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"name" text,
	"is_main" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"asset_code" text NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"fee" numeric(78, 0) NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"txid" text,
	"failure_reason" text,
	"next_step_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_asset_code_assets_code_fk" FOREIGN KEY ("asset_code") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_journal_id_ledger_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address_book_entries" ADD CONSTRAINT "address_book_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_asset_code_assets_code_fk" FOREIGN KEY ("asset_code") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_deposit_address_id_deposit_addresses_id_fk" FOREIGN KEY ("deposit_address_id") REFERENCES "public"."deposit_addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD CONSTRAINT "deposit_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_asset_code_assets_code_fk" FOREIGN KEY ("asset_code") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_asset_kind" ON "ledger_accounts" USING btree ("user_id","asset_code","kind") WHERE "ledger_accounts"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_system_asset_kind" ON "ledger_accounts" USING btree ("asset_code","kind") WHERE "ledger_accounts"."user_id" is null;--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_journal_idx" ON "ledger_entries" USING btree ("journal_id");--> statement-breakpoint
CREATE INDEX "ledger_journals_operation_idx" ON "ledger_journals" USING btree ("operation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "address_book_entries_live_address" ON "address_book_entries" USING btree ("user_id","network","address") WHERE "address_book_entries"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "address_book_entries_user_network_idx" ON "address_book_entries" USING btree ("user_id","network","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_deposits_network_txid" ON "chain_deposits" USING btree ("network","txid");--> statement-breakpoint
CREATE INDEX "chain_deposits_user_idx" ON "chain_deposits" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_network_address" ON "deposit_addresses" USING btree ("network","address");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_one_main" ON "deposit_addresses" USING btree ("user_id","network") WHERE "deposit_addresses"."is_main";--> statement-breakpoint
CREATE INDEX "deposit_addresses_user_network_idx" ON "deposit_addresses" USING btree ("user_id","network","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_user_idempotency_key" ON "withdrawals" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "withdrawals_worker_idx" ON "withdrawals" USING btree ("status","next_step_at");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","created_at");