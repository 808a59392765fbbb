-- What the site does in users' browsers (POST /v1/client-report): a remote that did not load, an
-- integrity or version mismatch, a refused base url, a Content-Security-Policy violation. Read
-- with `npm run reports`. Nothing about the user is stored: no client address, no user agent, no
-- wallet (addresses in cause and page are replaced by "<address>" before the insert).
CREATE TABLE client_reports (
  id bigserial PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT now(),
  kind text NOT NULL
    CHECK (kind IN ('remote-load', 'integrity', 'version-skew', 'refused-base', 'csp')),
  remote text CHECK (remote IN ('swap', 'liquidity', 'charts', 'pools', 'listing')),
  -- the remote's released version, and the shell's own (release)
  version text CHECK (char_length(version) <= 40),
  cause text NOT NULL CHECK (char_length(cause) BETWEEN 1 AND 500),
  -- a path only ("/pools"): no query string, no fragment
  page text CHECK (char_length(page) <= 200),
  release text CHECK (char_length(release) <= 40)
);
-- `npm run reports -- list --since 1h` reads a recent range.
CREATE INDEX client_reports_received ON client_reports (received_at);
