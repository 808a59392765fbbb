-- Every pair the factory announces is indexed (not only the configured ones), and the metadata
-- of their tokens is read from the chain once, when the pair first appears: symbol and name as
-- escaped text (control and bidirectional characters written as \u{...}), decimals (null when
-- the token does not answer a usable one: its pair is listed but not priced). Addresses in
-- lower-case 0x, in byte order as in 0002.
CREATE TABLE pair_tokens (
  network text COLLATE "C" NOT NULL,
  address text COLLATE "C" NOT NULL,
  symbol text NOT NULL,
  name text NOT NULL,
  decimals integer,
  PRIMARY KEY (network, address)
);
-- GET /v1/pairs: the pairs of a network in the order they were created.
CREATE INDEX pairs_created ON pairs (network, block_number, address);
