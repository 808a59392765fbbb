-- What the trader's wallet itself sent of a swap's input and received of its output, when it
-- differs from the pool's amounts: a taxed token takes its tax between the wallet and the pool.
-- Null: the pool's amounts are the wallet's (My trades shows what left and reached the wallet).
ALTER TABLE trades ADD COLUMN paid numeric, ADD COLUMN received numeric;
