-- A message may point to one document of its conversation's project (issue 39 §1, decision 1230
-- « References »): a quote, an invoice or an avenant, shown as a card read from the module that owns
-- it each time the message is read — a reference, not a copy. Owned by the conversations module. No
-- foreign key to the document: the kind says which table, and the card says « document indisponible »
-- when the reader may no longer see it (a draft quote deleted, for one).
CREATE TABLE message_references (
  message_id bigint PRIMARY KEY REFERENCES messages (id) ON DELETE RESTRICT,
  kind text NOT NULL CHECK (kind IN ('quote', 'invoice', 'avenant')),
  document_id integer NOT NULL CHECK (document_id > 0)
);
