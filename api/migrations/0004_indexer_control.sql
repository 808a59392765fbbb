-- The operator's side of each network's indexer: a stop the indexer decided (a reorganisation
-- deeper than the block window it keeps: it will not continue on a chain it cannot reconcile),
-- and a re-index request (npm run reindex), carried out by whichever process writes the network.
CREATE TABLE indexer_control (
  network text PRIMARY KEY,
  halted_reason text,
  halted_block bigint,
  halted_at timestamptz,
  reindex_from bigint,
  reindex_requested_at timestamptz,
  -- What became of the last request ("re-indexed from 123", or why it was refused).
  last_outcome text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
