-- A draft quote is saved as typed (issue 36 §1, decision 1203): a line whose quantity is not given
-- yet is kept with 0, not refused with the whole draft. Sending still refuses it (the domain's
-- quoteGapsRefusal), so no sent quote has a line at 0.
ALTER TABLE quote_lines DROP CONSTRAINT quote_lines_quantity_milli_check;
ALTER TABLE quote_lines ADD CONSTRAINT quote_lines_quantity_milli_check CHECK (quantity_milli >= 0);
