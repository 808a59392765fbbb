-- Token listing requests (POST /v1/listing), reviewed by an operator with `npm run listings`.
CREATE TABLE listings (
  id bigserial PRIMARY KEY,
  network text NOT NULL CHECK (network IN ('TRON', 'BSC', 'POLY', 'BTTC', 'ETH')),
  -- TRON base58 or EVM checksummed; contract_key is the lower-case form for duplicates
  contract text NOT NULL,
  contract_key text NOT NULL,
  name text NOT NULL,
  token_type text NOT NULL,
  tax smallint NOT NULL CHECK (tax BETWEEN 0 AND 100),
  supply numeric(78, 0) NOT NULL CHECK (supply > 0),
  website text NOT NULL,
  email text NOT NULL,
  telegram text NOT NULL,
  -- what the chain answered when the request came in (null: network not checked)
  chain_name text,
  chain_symbol text,
  chain_decimals smallint,
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'reviewed', 'listed', 'rejected')),
  note text,
  client_ip text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT listings_network_contract UNIQUE (network, contract_key)
);
CREATE INDEX listings_status_created ON listings (status, created_at DESC);
