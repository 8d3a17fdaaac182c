CREATE TABLE "p2p_offer_methods" (
	"offer_id" integer NOT NULL,
	"position" integer NOT NULL,
	"payment_method_id" integer,
	"identifier" text NOT NULL,
	"child_identifier" text,
	CONSTRAINT "p2p_offer_methods_offer_id_position_pk" PRIMARY KEY("offer_id","position")
);
--> statement-breakpoint
CREATE TABLE "p2p_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"type" text NOT NULL,
	"asset_code" text NOT NULL,
	"fiat_code" text NOT NULL,
	"status" text DEFAULT 'inactive' NOT NULL,
	"price_type" text NOT NULL,
	"fixed_price" numeric(17, 2),
	"floating_ratio" numeric(5, 2),
	"volume" numeric(78, 0) NOT NULL,
	"remaining_volume" numeric(78, 0) NOT NULL,
	"reserved" numeric(78, 0) DEFAULT '0' NOT NULL,
	"reservation_operation_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"limit_min" numeric(17, 2) NOT NULL,
	"limit_max" numeric(17, 2) NOT NULL,
	"time_limit" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"restrictions" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "p2p_offers_type" CHECK ("p2p_offers"."type" in ('buy', 'sell')),
	CONSTRAINT "p2p_offers_status" CHECK ("p2p_offers"."status" in ('active', 'inactive')),
	CONSTRAINT "p2p_offers_price_kind" CHECK (("p2p_offers"."price_type" = 'fixed' and "p2p_offers"."fixed_price" > 0 and "p2p_offers"."floating_ratio" is null)
        or ("p2p_offers"."price_type" = 'floating' and "p2p_offers"."floating_ratio" > 0 and "p2p_offers"."fixed_price" is null)),
	CONSTRAINT "p2p_offers_volume" CHECK ("p2p_offers"."volume" > 0 and "p2p_offers"."remaining_volume" between 0 and "p2p_offers"."volume"),
	CONSTRAINT "p2p_offers_limits" CHECK ("p2p_offers"."limit_min" > 0 and "p2p_offers"."limit_min" <= "p2p_offers"."limit_max"),
	CONSTRAINT "p2p_offers_reserved" CHECK ("p2p_offers"."reserved" >= 0 and ("p2p_offers"."status" = 'active' and "p2p_offers"."type" = 'sell' or "p2p_offers"."reserved" = 0))
);
--> statement-breakpoint
ALTER TABLE "p2p_offer_methods" ADD CONSTRAINT "p2p_offer_methods_offer_id_p2p_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."p2p_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p2p_offer_methods" ADD CONSTRAINT "p2p_offer_methods_payment_method_id_p2p_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."p2p_payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p2p_offers" ADD CONSTRAINT "p2p_offers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p2p_offers" ADD CONSTRAINT "p2p_offers_asset_code_assets_code_fk" FOREIGN KEY ("asset_code") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p2p_offers" ADD CONSTRAINT "p2p_offers_fiat_code_assets_code_fk" FOREIGN KEY ("fiat_code") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "p2p_offer_methods_identifier_idx" ON "p2p_offer_methods" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "p2p_offer_methods_payment_method_idx" ON "p2p_offer_methods" USING btree ("payment_method_id");--> statement-breakpoint
CREATE INDEX "p2p_offers_list_idx" ON "p2p_offers" USING btree ("asset_code","fiat_code","type","status");--> statement-breakpoint
CREATE INDEX "p2p_offers_user_idx" ON "p2p_offers" USING btree ("user_id","id");