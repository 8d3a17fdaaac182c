CREATE TABLE "ledger_user_operations" (
	"user_id" bigint NOT NULL,
	"operation_id" uuid NOT NULL,
	"asset_code" text NOT NULL,
	"net" numeric(78, 0) NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_user_operations_operation_id_user_id_asset_code_pk" PRIMARY KEY("operation_id","user_id","asset_code")
);
--> statement-breakpoint
ALTER TABLE "ledger_user_operations" ADD CONSTRAINT "ledger_user_operations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_user_operations" ADD CONSTRAINT "ledger_user_operations_asset_code_assets_code_fk" FOREIGN KEY ("asset_code") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_user_operations_history_idx" ON "ledger_user_operations" USING btree ("user_id","first_at","operation_id","asset_code");--> statement-breakpoint
CREATE INDEX "ledger_user_operations_asset_history_idx" ON "ledger_user_operations" USING btree ("user_id","asset_code","first_at","operation_id");--> statement-breakpoint
-- Backfill from the ledger itself: every (user, operation, asset) with entries on the user's
-- accounts, the sum of those entries, and the operation's first journal time.
INSERT INTO "ledger_user_operations" ("user_id", "operation_id", "asset_code", "net", "first_at")
SELECT account.user_id, journal.operation_id, account.asset_code, sum(entry.amount), started.first_at
FROM "ledger_entries" entry
JOIN "ledger_accounts" account ON account.id = entry.account_id
JOIN "ledger_journals" journal ON journal.id = entry.journal_id
JOIN (
  SELECT operation_id, min(created_at) AS first_at FROM "ledger_journals" GROUP BY operation_id
) started ON started.operation_id = journal.operation_id
WHERE account.user_id IS NOT NULL
GROUP BY account.user_id, journal.operation_id, account.asset_code, started.first_at;
