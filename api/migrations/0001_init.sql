-- Addresses are stored as lower-case 0x + 20 bytes on every network (TRON too); amounts are
-- base units (numeric, exact); times are unix seconds.

-- How far each network is indexed: every event up to block_number is stored.
CREATE TABLE indexer_cursor (
  network text PRIMARY KEY,
  block_number bigint NOT NULL,
  block_hash text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Hashes of the blocks events came from (and of cursor blocks), to detect a reorganisation.
CREATE TABLE blocks (
  network text NOT NULL,
  number bigint NOT NULL,
  hash text NOT NULL,
  time bigint NOT NULL,
  PRIMARY KEY (network, number)
);

-- Pairs announced by the factory's PairCreated that the network's pool config lists.
CREATE TABLE pairs (
  network text NOT NULL,
  address text NOT NULL,
  token0 text NOT NULL,
  token1 text NOT NULL,
  block_number bigint NOT NULL,
  PRIMARY KEY (network, address)
);

-- One row per Swap event. side/amount_a/amount_b/price follow the pool config's A/B order:
-- price = A per 1 B (decimals applied); side 'buy' = the trader received B.
CREATE TABLE trades (
  network text NOT NULL,
  pair text NOT NULL,
  tx_hash text NOT NULL,
  log_index integer NOT NULL,
  block_number bigint NOT NULL,
  block_hash text NOT NULL,
  time bigint NOT NULL,
  side text NOT NULL,
  amount0_in numeric NOT NULL,
  amount1_in numeric NOT NULL,
  amount0_out numeric NOT NULL,
  amount1_out numeric NOT NULL,
  amount_a numeric NOT NULL,
  amount_b numeric NOT NULL,
  price numeric NOT NULL,
  usd double precision,
  trader text NOT NULL,
  PRIMARY KEY (network, tx_hash, log_index)
);
CREATE INDEX trades_pair_time ON trades (network, pair, time DESC, log_index DESC);
CREATE INDEX trades_trader_time ON trades (network, trader, time DESC);
CREATE INDEX trades_block ON trades (network, block_number);

-- Sync events: the reserves after every change (latest row = current reserves).
CREATE TABLE syncs (
  network text NOT NULL,
  pair text NOT NULL,
  tx_hash text NOT NULL,
  log_index integer NOT NULL,
  block_number bigint NOT NULL,
  reserve0 numeric NOT NULL,
  reserve1 numeric NOT NULL,
  PRIMARY KEY (network, tx_hash, log_index)
);
CREATE INDEX syncs_pair_block ON syncs (network, pair, block_number DESC, log_index DESC);

-- Mint and Burn events (liquidity added or removed).
CREATE TABLE liquidity_events (
  network text NOT NULL,
  pair text NOT NULL,
  tx_hash text NOT NULL,
  log_index integer NOT NULL,
  block_number bigint NOT NULL,
  time bigint NOT NULL,
  kind text NOT NULL,
  amount0 numeric NOT NULL,
  amount1 numeric NOT NULL,
  sender text NOT NULL,
  PRIMARY KEY (network, tx_hash, log_index)
);
CREATE INDEX liquidity_block ON liquidity_events (network, block_number);

-- 4-hour candles (bucket = start in unix seconds, multiple of 14400), A per 1 B; rebuilt from
-- trades for every bucket a write or a rollback touched.
CREATE TABLE candles (
  network text NOT NULL,
  pair text NOT NULL,
  bucket bigint NOT NULL,
  o double precision NOT NULL,
  h double precision NOT NULL,
  l double precision NOT NULL,
  c double precision NOT NULL,
  volume_usd double precision,
  trades integer NOT NULL,
  PRIMARY KEY (network, pair, bucket)
);

-- JM burn figures read from the chain by the indexer.
CREATE TABLE token_stats (
  network text NOT NULL,
  symbol text NOT NULL,
  burned numeric NOT NULL,
  total_supply numeric NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (network, symbol)
);
