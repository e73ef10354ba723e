-- The label of a signature document's subject (a réception's quote, « D-2026-0004 v2 »), so that the
-- web composes the document's name in the reader's language (issue 36 §4, decision 1206): the stored
-- `title` stays the one printed at issue. Reception PVs made before it get the label from their title.
ALTER TABLE signature_documents ADD COLUMN subject_label text;
UPDATE signature_documents
   SET subject_label = regexp_replace(title, '^.* — devis ', '')
 WHERE kind = 'reception' AND title LIKE '% — devis %';
