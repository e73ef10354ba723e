-- Conversations inside a project (issue 39 §1, decision 1230). Owned by the conversations module.
-- One conversation per project and per pair of members — the project's client with a professional
-- whose tender on it was accepted, or the admin with either —, keyed by the two member ids in
-- order (`member_low` < `member_high`): two openings at once make one conversation.
CREATE TABLE conversations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE RESTRICT,
  member_low integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  member_high integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  created_by integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  created_at timestamptz NOT NULL,
  CHECK (member_low < member_high),
  UNIQUE (project_id, member_low, member_high)
);

-- Text messages. A deleted one stays (its place in the thread) with `deleted_at` and an empty body;
-- an edited one has `edited_at`. Pages are read backwards by id within a conversation (the keyset
-- index); the rate limit counts a user's recent messages (the author index).
CREATE TABLE messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  conversation_id integer NOT NULL REFERENCES conversations (id) ON DELETE RESTRICT,
  author_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  body text NOT NULL,
  created_at timestamptz NOT NULL,
  edited_at timestamptz,
  deleted_at timestamptz,
  CHECK (deleted_at IS NULL OR body = ''),
  CHECK (deleted_at IS NOT NULL OR char_length(body) BETWEEN 1 AND 4000)
);
CREATE INDEX messages_conversation_id_idx ON messages (conversation_id, id);
CREATE INDEX messages_author_created_idx ON messages (author_id, created_at);

-- The two members of each conversation and how far each has read (read receipts, unread counts):
-- every message of the other member with an id above `last_read_message_id` and not deleted is unread.
CREATE TABLE conversation_members (
  conversation_id integer NOT NULL REFERENCES conversations (id) ON DELETE RESTRICT,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  last_read_message_id bigint REFERENCES messages (id) ON DELETE RESTRICT,
  last_read_at timestamptz,
  -- The last message an « unread messages » e-mail told this member of: each message is mailed once.
  mailed_up_to_message_id bigint REFERENCES messages (id) ON DELETE RESTRICT,
  PRIMARY KEY (conversation_id, user_id)
);
CREATE INDEX conversation_members_user_idx ON conversation_members (user_id);
