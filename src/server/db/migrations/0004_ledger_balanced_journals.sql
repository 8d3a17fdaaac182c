-- The ledger's own guarantees, enforced by the database whatever code writes to it
-- (src/server/ledger/ is the only writer; docs/ledger.md).
--
-- 1. Every journal balances: at commit, the entries of each journal touched by the transaction sum
--    to zero per asset. Deferred, so a journal's entries may be inserted one by one.
CREATE FUNCTION ledger_refuse_unbalanced_journal() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  unbalanced_asset text;
BEGIN
  SELECT account.asset_code INTO unbalanced_asset
  FROM ledger_entries entry
  JOIN ledger_accounts account ON account.id = entry.account_id
  WHERE entry.journal_id = NEW.journal_id
  GROUP BY account.asset_code
  HAVING sum(entry.amount) <> 0
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'Ledger journal % does not balance in %', NEW.journal_id, unbalanced_asset
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced
  AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_unbalanced_journal();
--> statement-breakpoint
-- 2. A journal moves something: one without entries would be an operation that changed nothing.
CREATE FUNCTION ledger_refuse_empty_journal() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM ledger_entries WHERE journal_id = NEW.id) THEN
    RAISE EXCEPTION 'Ledger journal % has no entries', NEW.id
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_journals_not_empty
  AFTER INSERT ON ledger_journals
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_empty_journal();
--> statement-breakpoint
-- 3. The ledger is append-only: a mistake is corrected by a new journal, never by rewriting history
--    (which would also slip past the balance check above).
CREATE FUNCTION ledger_refuse_rewrite() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: post a correcting journal instead', TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only
  BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_rewrite();
--> statement-breakpoint
CREATE TRIGGER ledger_journals_append_only
  BEFORE UPDATE OR DELETE ON ledger_journals
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_rewrite();
