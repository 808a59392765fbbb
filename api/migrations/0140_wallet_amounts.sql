-- What the trader's wallet itself sent of a swap's input and received of its output, when it
-- differs from the pool's amounts: a taxed token takes its tax between the wallet and the pool.
-- Null: the pool's amounts are the wallet's (My trades shows what left and reached the wallet).
ALTER TABLE trades ADD COLUMN paid numeric, ADD COLUMN received numeric;
-- The account page reads them too: its index keeps covering it (see 0006), so a page is still
-- read from the index alone. Built before the old one is dropped: while it builds (a while on a
-- large table) the table can be read, only writes wait; the drop at the end is brief.
CREATE INDEX trades_trader_page_paid ON trades (network, trader, time DESC, block_number DESC,
  log_index DESC) INCLUDE (pair, side, amount_a, amount_b, tx_hash, usd, paid, received);
DROP INDEX trades_trader_page;
ALTER INDEX trades_trader_page_paid RENAME TO trades_trader_page;
