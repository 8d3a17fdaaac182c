CREATE TABLE "p2p_dispute_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"uploaded_by" bigint NOT NULL,
	"side" text NOT NULL,
	"statement" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "p2p_dispute_files_side" CHECK ("p2p_dispute_files"."side" in ('buyer', 'seller')),
	CONSTRAINT "p2p_dispute_files_statement" CHECK ("p2p_dispute_files"."statement" is null or "p2p_dispute_files"."statement" in ('opening', 'response'))
);
--> statement-breakpoint
CREATE TABLE "p2p_disputes" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"opened_by" text NOT NULL,
	"opening_message" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"response_message" text,
	"responded_at" timestamp with time zone,
	"response_due_at" timestamp with time zone NOT NULL,
	"support_due_at" timestamp with time zone NOT NULL,
	"outcome" text,
	"at_fault" text,
	"note" text,
	"resolved_by" bigint,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "p2p_disputes_opened_by" CHECK ("p2p_disputes"."opened_by" in ('buyer', 'seller')),
	CONSTRAINT "p2p_disputes_response" CHECK (("p2p_disputes"."response_message" is null) = ("p2p_disputes"."responded_at" is null)),
	CONSTRAINT "p2p_disputes_resolution" CHECK (("p2p_disputes"."resolved_at" is null) = ("p2p_disputes"."outcome" is null)
        and ("p2p_disputes"."resolved_at" is null) = ("p2p_disputes"."note" is null)
        and ("p2p_disputes"."outcome" is null or "p2p_disputes"."outcome" in ('release', 'return'))
        and ("p2p_disputes"."at_fault" is null or "p2p_disputes"."at_fault" in ('buyer', 'seller')))
);
--> statement-breakpoint
CREATE TABLE "p2p_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"start_param" text NOT NULL,
	"can_wait" boolean NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "p2p_dispute_files" ADD CONSTRAINT "p2p_dispute_files_order_id_p2p_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."p2p_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p2p_dispute_files" ADD CONSTRAINT "p2p_dispute_files_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p2p_dispute_files" ADD CONSTRAINT "p2p_dispute_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p2p_disputes" ADD CONSTRAINT "p2p_disputes_order_id_p2p_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."p2p_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p2p_notifications" ADD CONSTRAINT "p2p_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p2p_notifications" ADD CONSTRAINT "p2p_notifications_order_id_p2p_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."p2p_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "p2p_dispute_files_file" ON "p2p_dispute_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "p2p_dispute_files_order_idx" ON "p2p_dispute_files" USING btree ("order_id","side");--> statement-breakpoint
CREATE INDEX "p2p_disputes_open_idx" ON "p2p_disputes" USING btree ("support_due_at") WHERE "p2p_disputes"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "p2p_notifications_due_idx" ON "p2p_notifications" USING btree ("due_at") WHERE "p2p_notifications"."sent_at" is null and "p2p_notifications"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "p2p_notifications_order_idx" ON "p2p_notifications" USING btree ("order_id");