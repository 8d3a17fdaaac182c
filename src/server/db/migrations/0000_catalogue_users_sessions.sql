CREATE TABLE "asset_networks" (
	"asset_code" text NOT NULL,
	"network" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"protocol" text NOT NULL,
	"deposit_min" numeric(78, 0) NOT NULL,
	"deposit_max" numeric(78, 0) NOT NULL,
	"withdraw_min" numeric(78, 0) NOT NULL,
	"withdraw_max" numeric(78, 0) NOT NULL,
	"can_deposit" boolean DEFAULT true NOT NULL,
	"can_withdraw" boolean DEFAULT true NOT NULL,
	"max_fee" numeric(78, 0) NOT NULL,
	"withdraw_fee" numeric(78, 0) NOT NULL,
	"explorer_url" text NOT NULL,
	"explorer_address_url" text,
	"explorer_transaction_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_networks_asset_code_network_pk" PRIMARY KEY("asset_code","network"),
	CONSTRAINT "asset_networks_amounts_not_negative" CHECK ("asset_networks"."deposit_min" >= 0 and "asset_networks"."deposit_max" >= 0 and "asset_networks"."withdraw_min" >= 0
        and "asset_networks"."withdraw_max" >= 0 and "asset_networks"."max_fee" >= 0 and "asset_networks"."withdraw_fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"code" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"is_fiat" boolean NOT NULL,
	"is_stablecoin" boolean NOT NULL,
	"decimals" integer NOT NULL,
	"view_decimals" integer NOT NULL,
	"view_full_decimals" integer NOT NULL,
	"url" text,
	"symbol" text,
	"market_min" numeric(78, 0) NOT NULL,
	"market_max" numeric(78, 0) NOT NULL,
	"market_fee_percent" numeric,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assets_decimals_range" CHECK ("assets"."decimals" between 0 and 30),
	CONSTRAINT "assets_market_limits_order" CHECK ("assets"."market_max" = 0 or "assets"."market_max" >= "assets"."market_min"),
	CONSTRAINT "assets_kind_fields" CHECK (("assets"."is_fiat" and "assets"."symbol" is not null and "assets"."url" is null and "assets"."market_fee_percent" is null)
        or (not "assets"."is_fiat" and "assets"."symbol" is null and "assets"."url" is not null and "assets"."market_fee_percent" is not null))
);
--> statement-breakpoint
CREATE TABLE "price_references" (
	"asset_code" text NOT NULL,
	"quote_code" text NOT NULL,
	"price" numeric NOT NULL,
	"source" text NOT NULL,
	"observed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "price_references_asset_code_quote_code_pk" PRIMARY KEY("asset_code","quote_code"),
	CONSTRAINT "price_references_price_positive" CHECK ("price_references"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"local_currency" text DEFAULT 'USD' NOT NULL,
	"timezone" text,
	"permissions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"compliance_lock" boolean DEFAULT false NOT NULL,
	"compliance_ban" boolean DEFAULT false NOT NULL,
	"ban_reason" text,
	"pending_actions_from_user" boolean DEFAULT false NOT NULL,
	"soft_ban_until" timestamp with time zone,
	"is_tester" boolean DEFAULT false NOT NULL,
	"feature_flags" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigint PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text,
	"username" text,
	"photo_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "asset_networks" ADD CONSTRAINT "asset_networks_asset_code_assets_code_fk" FOREIGN KEY ("asset_code") REFERENCES "public"."assets"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_references" ADD CONSTRAINT "price_references_asset_code_assets_code_fk" FOREIGN KEY ("asset_code") REFERENCES "public"."assets"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_references" ADD CONSTRAINT "price_references_quote_code_assets_code_fk" FOREIGN KEY ("quote_code") REFERENCES "public"."assets"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_local_currency_assets_code_fk" FOREIGN KEY ("local_currency") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");