-- A node the browser set aside (on another chain than its network's, or far behind the others):
-- the cause names the network, the node's url and the chain ids.
ALTER TABLE client_reports DROP CONSTRAINT client_reports_kind_check;
ALTER TABLE client_reports ADD CONSTRAINT client_reports_kind_check
  CHECK (kind IN ('remote-load', 'integrity', 'version-skew', 'refused-base', 'csp', 'node'));
