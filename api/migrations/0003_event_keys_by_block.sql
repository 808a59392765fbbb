-- The unique key of every event leads with its block: (network, block_number, tx_hash,
-- log_index). An event's block follows from its transaction, so the key is still one per event
-- (re-ingesting a range changes nothing), but new events now land at the right edge of the
-- index instead of at random tx-hash positions, and the key also serves the rollback's
-- "block_number > ancestor" deletes, so the separate block indexes go (syncs had none: its
-- rollback scanned the table).
ALTER TABLE trades DROP CONSTRAINT trades_pkey,
  ADD PRIMARY KEY (network, block_number, tx_hash, log_index);
DROP INDEX trades_block;
ALTER TABLE syncs DROP CONSTRAINT syncs_pkey,
  ADD PRIMARY KEY (network, block_number, tx_hash, log_index);
ALTER TABLE liquidity_events DROP CONSTRAINT liquidity_events_pkey,
  ADD PRIMARY KEY (network, block_number, tx_hash, log_index);
DROP INDEX liquidity_block;
