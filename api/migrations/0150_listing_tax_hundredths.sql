-- A declared tax to the hundredth of a percent: a token taking 2.5% could not be listed when the
-- form took whole percents only (2 and 3 both disagree with what the chain measures).
ALTER TABLE listings ALTER COLUMN tax TYPE numeric(5, 2);
