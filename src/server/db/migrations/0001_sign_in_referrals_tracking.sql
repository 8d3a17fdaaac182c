CREATE TABLE "user_referrals" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"referrer_id" bigint NOT NULL,
	"invite_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_referrals_not_self" CHECK ("user_referrals"."user_id" <> "user_referrals"."referrer_id")
);
--> statement-breakpoint
CREATE TABLE "user_tracking" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"tracking_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invite_hash" text;--> statement-breakpoint
-- Users who signed up before invite hashes existed get one too (12 hex characters: alphanumeric).
UPDATE "users" SET "invite_hash" = substr(md5(random()::text || "id"::text), 1, 12) WHERE "invite_hash" IS NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "invite_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "user_referrals" ADD CONSTRAINT "user_referrals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_referrals" ADD CONSTRAINT "user_referrals_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tracking" ADD CONSTRAINT "user_tracking_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_referrals_referrer_id_idx" ON "user_referrals" USING btree ("referrer_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_invite_hash_unique" UNIQUE("invite_hash");