-- Access tokens carry the user's session version; logout and a password reset or change bump
-- it, so tokens issued before stop working at once instead of living out their 15 minutes.
ALTER TABLE users ADD COLUMN session_version integer NOT NULL DEFAULT 0;
