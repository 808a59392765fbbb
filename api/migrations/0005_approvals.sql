-- Approval events of the configured tokens whose spender is one of the exchange's routers
-- (the Approvals view lists allowances given before this browser). Same key and
-- rollback as the other events; the amount is kept for the record only (the chain is the source
-- of truth for what is allowed now). Indexed text in byte order, as in 0002.
CREATE TABLE approvals (
  network text COLLATE "C" NOT NULL,
  token text COLLATE "C" NOT NULL,
  tx_hash text COLLATE "C" NOT NULL,
  log_index integer NOT NULL,
  block_number bigint NOT NULL,
  time bigint NOT NULL,
  owner text COLLATE "C" NOT NULL,
  spender text COLLATE "C" NOT NULL,
  value numeric NOT NULL,
  PRIMARY KEY (network, block_number, tx_hash, log_index)
);
-- GET /v1/approvals: an owner's latest approval per token and spender.
CREATE INDEX approvals_owner ON approvals (network, owner, token, spender, block_number DESC);
