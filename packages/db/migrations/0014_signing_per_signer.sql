-- The built-in signature, per signer (issue 10, decisions 0641–0645): a signing session (e-mail
-- code, then the signature) belongs to one signer of a signature document, whether the signer is a
-- quote's client signing in the app or anyone a contract was sent to through a personal link.
-- Sessions made before this migration belonged to a quote and no document: their codes last ten
-- minutes and nothing was signed with them, so they are dropped rather than guessed.
DELETE FROM signing_sessions;
ALTER TABLE signing_sessions
  ADD COLUMN signer_ref integer NOT NULL UNIQUE REFERENCES signature_signers (id) ON DELETE CASCADE,
  -- The SHA-256 of the personal link the session was opened with (link signers only): it keeps
  -- the signed PDF downloadable from that link once the link no longer signs.
  ADD COLUMN link_token_hash text UNIQUE,
  ALTER COLUMN quote_id DROP NOT NULL,
  ALTER COLUMN signer_id DROP NOT NULL;

-- The signer's signature image (PNG, stored through the storage) until the final PDF is made.
ALTER TABLE signature_signers
  ADD COLUMN signature_key text,
  ADD COLUMN signature_mode text CHECK (signature_mode IN ('drawn', 'typed'));
