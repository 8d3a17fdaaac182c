CREATE TABLE "p2p_merchants" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"deposit_asset" text NOT NULL,
	"deposit_amount" numeric(78, 0) NOT NULL,
	"deposit_operation_id" uuid NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"refund_at" timestamp with time zone,
	"rejection_note" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "p2p_merchants_status" CHECK ("p2p_merchants"."status" in ('on_review', 'verified_merchant', 'refund_pending', 'closed')),
	CONSTRAINT "p2p_merchants_refund_at" CHECK (("p2p_merchants"."status" = 'refund_pending') = ("p2p_merchants"."refund_at" is not null)),
	CONSTRAINT "p2p_merchants_deposit_positive" CHECK ("p2p_merchants"."deposit_amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "p2p_profiles" ADD COLUMN "quiet_from_minute" smallint;--> statement-breakpoint
ALTER TABLE "p2p_profiles" ADD COLUMN "quiet_to_minute" smallint;--> statement-breakpoint
ALTER TABLE "p2p_merchants" ADD CONSTRAINT "p2p_merchants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p2p_merchants" ADD CONSTRAINT "p2p_merchants_deposit_asset_assets_code_fk" FOREIGN KEY ("deposit_asset") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "p2p_merchants_refund_due_idx" ON "p2p_merchants" USING btree ("refund_at") WHERE "p2p_merchants"."status" = 'refund_pending';--> statement-breakpoint
CREATE INDEX "p2p_merchants_review_idx" ON "p2p_merchants" USING btree ("applied_at") WHERE "p2p_merchants"."status" = 'on_review';--> statement-breakpoint
ALTER TABLE "p2p_profiles" ADD CONSTRAINT "p2p_profiles_quiet_hours" CHECK (("p2p_profiles"."quiet_from_minute" is null and "p2p_profiles"."quiet_to_minute" is null)
        or ("p2p_profiles"."quiet_from_minute" between 0 and 1439 and "p2p_profiles"."quiet_to_minute" between 0 and 1439
          and "p2p_profiles"."quiet_from_minute" <> "p2p_profiles"."quiet_to_minute"));