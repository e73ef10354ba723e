-- Attachments of a conversation's messages (issue 39 §1, decision 1230 « Attachments »). Owned by the
-- conversations module. Up to 5 per message: JPEG, PNG or WebP images, stored re-encoded without
-- their metadata (`width`, `height` known), or PDF stored as sent (no size in pixels). `original_name`
-- is the name offered on download. A deleted message's attachments are removed with their files.
CREATE TABLE message_attachments (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  message_id bigint NOT NULL REFERENCES messages (id) ON DELETE RESTRICT,
  storage_key text NOT NULL,
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')),
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  original_name text NOT NULL CHECK (char_length(original_name) BETWEEN 1 AND 200),
  width integer CHECK (width > 0),
  height integer CHECK (height > 0),
  position integer NOT NULL CHECK (position BETWEEN 1 AND 5),
  UNIQUE (message_id, position)
);

-- A message with a file may have no text: the length check allows 0 characters; the rule « text or a
-- file » is the domain's (`messageContentRefusal`), checked before the message is written.
ALTER TABLE messages DROP CONSTRAINT messages_check1;
ALTER TABLE messages ADD CONSTRAINT messages_body_length CHECK (char_length(body) <= 4000);
