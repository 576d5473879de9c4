-- The house rules a table was opened with (ADR 137): JSON, null for the variant's defaults.
ALTER TABLE `games` ADD `house_rules` text;
