CREATE TABLE "p2p_order_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"detail" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "p2p_order_timers" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "p2p_order_timers_kind" CHECK ("p2p_order_timers"."kind" in ('acceptance', 'payment', 'confirmation', 'dispute_answer', 'settlement'))
);
--> statement-breakpoint
CREATE TABLE "p2p_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"offer_type" text NOT NULL,
	"maker_id" bigint NOT NULL,
	"taker_id" bigint NOT NULL,
	"unique_hash" text NOT NULL,
	"request_digest" text NOT NULL,
	"asset_code" text NOT NULL,
	"fiat_code" text NOT NULL,
	"status" text NOT NULL,
	"price" numeric(17, 2) NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"fiat_amount" numeric(17, 2) NOT NULL,
	"amount_type" text NOT NULL,
	"fee" numeric(78, 0) NOT NULL,
	"escrow" numeric(78, 0) NOT NULL,
	"escrow_operation_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"time_limit" integer NOT NULL,
	"payment_method_id" integer,
	"method_identifier" text NOT NULL,
	"method_child_identifier" text,
	"method_name" text,
	"method_sealed_details" text NOT NULL,
	"method_data_tail" text NOT NULL,
	"conditions" text NOT NULL,
	"cancel_cause" text,
	"cancel_reason" text,
	"buyer_locked_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "p2p_orders_offer_type" CHECK ("p2p_orders"."offer_type" in ('buy', 'sell')),
	CONSTRAINT "p2p_orders_status" CHECK ("p2p_orders"."status" in ('processed', 'accepted', 'pending', 'confirmed', 'disputed', 'completed', 'canceled')),
	CONSTRAINT "p2p_orders_amount_type" CHECK ("p2p_orders"."amount_type" in ('fiat', 'crypto')),
	CONSTRAINT "p2p_orders_parties" CHECK ("p2p_orders"."maker_id" <> "p2p_orders"."taker_id"),
	CONSTRAINT "p2p_orders_amounts" CHECK ("p2p_orders"."amount" > 0 and "p2p_orders"."fiat_amount" > 0 and "p2p_orders"."price" > 0 and "p2p_orders"."fee" >= 0
        and ("p2p_orders"."offer_type" = 'sell' or "p2p_orders"."fee" < "p2p_orders"."amount")),
	CONSTRAINT "p2p_orders_escrow" CHECK ("p2p_orders"."escrow" = 0 or "p2p_orders"."escrow" = case when "p2p_orders"."offer_type" = 'sell'
        then "p2p_orders"."amount" + "p2p_orders"."fee" else "p2p_orders"."amount" end),
	CONSTRAINT "p2p_orders_escrow_status" CHECK (("p2p_orders"."status" in ('completed', 'canceled')) = ("p2p_orders"."escrow" = 0)),
	CONSTRAINT "p2p_orders_cancel" CHECK (("p2p_orders"."status" = 'canceled') = ("p2p_orders"."cancel_cause" is not null)
        and ("p2p_orders"."cancel_reason" is null or "p2p_orders"."cancel_cause" is not null))
);
--> statement-breakpoint
ALTER TABLE "p2p_order_history" ADD CONSTRAINT "p2p_order_history_order_id_p2p_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."p2p_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p2p_order_timers" ADD CONSTRAINT "p2p_order_timers_order_id_p2p_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."p2p_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p2p_orders" ADD CONSTRAINT "p2p_orders_maker_id_users_id_fk" FOREIGN KEY ("maker_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p2p_orders" ADD CONSTRAINT "p2p_orders_taker_id_users_id_fk" FOREIGN KEY ("taker_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p2p_orders" ADD CONSTRAINT "p2p_orders_asset_code_assets_code_fk" FOREIGN KEY ("asset_code") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p2p_orders" ADD CONSTRAINT "p2p_orders_fiat_code_assets_code_fk" FOREIGN KEY ("fiat_code") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p2p_orders" ADD CONSTRAINT "p2p_orders_payment_method_id_p2p_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."p2p_payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "p2p_order_history_order_idx" ON "p2p_order_history" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "p2p_order_timers_one_open" ON "p2p_order_timers" USING btree ("order_id") WHERE "p2p_order_timers"."done_at" is null;--> statement-breakpoint
CREATE INDEX "p2p_order_timers_due_idx" ON "p2p_order_timers" USING btree ("due_at") WHERE "p2p_order_timers"."done_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "p2p_orders_taker_hash" ON "p2p_orders" USING btree ("taker_id","unique_hash");--> statement-breakpoint
CREATE INDEX "p2p_orders_maker_idx" ON "p2p_orders" USING btree ("maker_id","id");--> statement-breakpoint
CREATE INDEX "p2p_orders_taker_idx" ON "p2p_orders" USING btree ("taker_id","id");--> statement-breakpoint
CREATE INDEX "p2p_orders_offer_status_idx" ON "p2p_orders" USING btree ("offer_id","status");--> statement-breakpoint
CREATE INDEX "p2p_orders_buyer_lock_idx" ON "p2p_orders" USING btree ("buyer_locked_until") WHERE "p2p_orders"."buyer_locked_until" is not null;