-- Deleting a person never deletes business records (issue 8 §3, decision 0441).
-- A project and a tender outlive the accounts of the people they name: deleting such a user fails
-- on these keys, and the users module anonymises the account instead. Every later business table
-- that points at a person (quotes, invoices, payments, signatures) declares ON DELETE RESTRICT too;
-- test/users/person-foreign-keys.test.ts fails on any other choice not on its allow-list.
ALTER TABLE projects DROP CONSTRAINT projects_client_id_fkey;
ALTER TABLE projects ADD CONSTRAINT projects_client_id_fkey
  FOREIGN KEY (client_id) REFERENCES users (id) ON DELETE RESTRICT;

ALTER TABLE offers DROP CONSTRAINT offers_professional_id_fkey;
ALTER TABLE offers ADD CONSTRAINT offers_professional_id_fkey
  FOREIGN KEY (professional_id) REFERENCES users (id) ON DELETE RESTRICT;
