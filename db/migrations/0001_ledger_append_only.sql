-- The ledger is append-only (DESIGN.md §4): a coin movement is corrected by a
-- new, opposite movement, never by editing or deleting history.
CREATE TRIGGER `coin_transactions_no_update` BEFORE UPDATE ON `coin_transactions`
BEGIN
  SELECT RAISE(ABORT, 'coin_transactions is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `coin_transactions_no_delete` BEFORE DELETE ON `coin_transactions`
BEGIN
  SELECT RAISE(ABORT, 'coin_transactions is append-only');
END;
