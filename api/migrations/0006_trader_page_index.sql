-- The account page (GET /v1/history/{net}/account/{address}/trades) from its index alone: the
-- key in the page's exact order (no sort step) and the columns it shows included, so a page is
-- read from a few adjacent index pages instead of one heap page per trade (a wallet's trades lie
-- all over the table). At 10 million trades over 1 000 pairs and 100 000 wallets: a cold page
-- read 14 buffers instead of 65 (2.3 ms instead of 26 ms); the index is 2.4 GB instead of 0.74.
CREATE INDEX trades_trader_page ON trades (network, trader, time DESC, block_number DESC,
  log_index DESC) INCLUDE (pair, side, amount_a, amount_b, tx_hash, usd);
DROP INDEX trades_trader_time;
