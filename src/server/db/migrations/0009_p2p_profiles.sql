CREATE TABLE "p2p_profiles" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"public_id" integer NOT NULL,
	"username" text NOT NULL,
	"last_seen_at" timestamp with time zone,
	"is_verified_merchant" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "p2p_profiles_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "p2p_profiles_public_id_positive" CHECK ("p2p_profiles"."public_id" > 0)
);
--> statement-breakpoint
CREATE TABLE "p2p_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_user_id" bigint NOT NULL,
	"author_user_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"type" text NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "p2p_reviews_type" CHECK ("p2p_reviews"."type" IN ('positive', 'negative')),
	CONSTRAINT "p2p_reviews_not_self" CHECK ("p2p_reviews"."subject_user_id" <> "p2p_reviews"."author_user_id"),
	CONSTRAINT "p2p_reviews_comment_length" CHECK (char_length("p2p_reviews"."comment") <= 500)
);
--> statement-breakpoint
CREATE TABLE "p2p_trade_days" (
	"user_id" bigint NOT NULL,
	"day" date NOT NULL,
	"completed_orders" integer DEFAULT 0 NOT NULL,
	"cancelled_orders" integer DEFAULT 0 NOT NULL,
	"volume_usd_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "p2p_trade_days_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "p2p_trade_days_non_negative" CHECK ("p2p_trade_days"."completed_orders" >= 0 AND "p2p_trade_days"."cancelled_orders" >= 0 AND "p2p_trade_days"."volume_usd_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "p2p_username_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"from_username" text NOT NULL,
	"to_username" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_premium" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "p2p_profiles" ADD CONSTRAINT "p2p_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p2p_reviews" ADD CONSTRAINT "p2p_reviews_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p2p_reviews" ADD CONSTRAINT "p2p_reviews_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p2p_trade_days" ADD CONSTRAINT "p2p_trade_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p2p_username_changes" ADD CONSTRAINT "p2p_username_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "p2p_profiles_username_lower" ON "p2p_profiles" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "p2p_reviews_one_per_side" ON "p2p_reviews" USING btree ("order_id","author_user_id");--> statement-breakpoint
CREATE INDEX "p2p_reviews_subject_idx" ON "p2p_reviews" USING btree ("subject_user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "p2p_username_changes_user_idx" ON "p2p_username_changes" USING btree ("user_id","changed_at");