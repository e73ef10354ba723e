-- Catalogue translations (issue 15): English and Arabic names and descriptions of categories and
-- goods, filled by the admin; the French columns stay the source and the fallback.
-- Shape: { "en": { "name": "", "description": "" }, "ar": { "name": "", "description": "" } };
-- an empty or missing text means « not translated » (the French one is shown).
ALTER TABLE categories ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE biens ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'::jsonb;

-- The reference catalogue as seeded, where the admin has not renamed it nor translated it yet.
UPDATE categories AS c SET translations = t.translations::jsonb
FROM (VALUES
  ('construction', 'Construction', '{"en":{"name":"New build","description":"Build a new building: house, block of flats, commercial premises."},"ar":{"name":"بناء","description":"تشييد مبنى جديد: منزل أو عمارة أو محل تجاري."}}'),
  ('extension', 'Extension', '{"en":{"name":"Extension","description":"Enlarge an existing building on the ground: an extra room, a conservatory, a garage."},"ar":{"name":"توسعة","description":"توسيع مبنى قائم على مستوى الأرض: غرفة إضافية أو شرفة زجاجية أو مرآب."}}'),
  ('renovation', 'Rénovation', '{"en":{"name":"Renovation","description":"Renovate, refit or bring an existing property up to standard."},"ar":{"name":"تجديد","description":"تجديد عقار قائم أو إعادة تهيئته أو مطابقته للمعايير."}}'),
  ('surelevation', 'Surélévation', '{"en":{"name":"Adding a storey","description":"Add one or more storeys to an existing building."},"ar":{"name":"تعلية","description":"إضافة طابق أو أكثر إلى مبنى قائم."}}')
) AS t(slug, name, translations)
WHERE c.slug = t.slug AND c.name = t.name AND c.translations = '{}'::jsonb;

UPDATE biens AS b SET translations = t.translations::jsonb
FROM (VALUES
  ('appartement', 'Appartement', '{"en":{"name":"Flat","description":""},"ar":{"name":"شقة","description":""}}'),
  ('maison', 'Maison', '{"en":{"name":"House","description":""},"ar":{"name":"منزل","description":""}}'),
  ('commerce', 'Commerce', '{"en":{"name":"Shop","description":""},"ar":{"name":"محل تجاري","description":""}}'),
  ('immeuble', 'Immeuble', '{"en":{"name":"Block of flats","description":""},"ar":{"name":"عمارة","description":""}}')
) AS t(slug, name, translations)
WHERE b.slug = t.slug AND b.name = t.name AND b.translations = '{}'::jsonb;
