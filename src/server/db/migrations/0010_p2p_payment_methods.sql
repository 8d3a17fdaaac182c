CREATE TABLE "p2p_payment_methods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "p2p_payment_methods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"fiat" text NOT NULL,
	"identifier" text NOT NULL,
	"child_identifier" text,
	"name" text,
	"sealed_details" text NOT NULL,
	"data_tail" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "p2p_payment_methods_name_length" CHECK ("p2p_payment_methods"."name" is null or char_length("p2p_payment_methods"."name") between 1 and 20),
	CONSTRAINT "p2p_payment_methods_data_tail_length" CHECK (char_length("p2p_payment_methods"."data_tail") <= 4)
);
--> statement-breakpoint
ALTER TABLE "p2p_payment_methods" ADD CONSTRAINT "p2p_payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p2p_payment_methods" ADD CONSTRAINT "p2p_payment_methods_fiat_assets_code_fk" FOREIGN KEY ("fiat") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "p2p_payment_methods_user_id_idx" ON "p2p_payment_methods" USING btree ("user_id","id");