-- The public verification page finds a signed document by the SHA-256 of its final PDF (decision 0635).
CREATE INDEX signature_documents_signed_sha256_idx ON signature_documents (signed_sha256) WHERE signed_sha256 IS NOT NULL;
