// Merge each feature's translations (apps/web/src/**/locales/{fr,en,ar}.json), and the texts the API
// says too (packages/domain/src/locales: the notification kinds), into the single `translations`
// namespace served at /locales/<lng>/translations.json. A key defined twice fails.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'apps/web/src');
const shared = join(root, 'packages/domain/src');
const out = join(root, 'apps/web/public/locales');
export const LANGUAGES = ['fr', 'en', 'ar'];

function localeDirs(dir) {
  const found = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (!statSync(path).isDirectory()) continue;
    if (entry === 'locales') found.push(path);
    else found.push(...localeDirs(path));
  }
  return found;
}

export function mergeLocales() {
  const merged = Object.fromEntries(LANGUAGES.map((l) => [l, {}]));
  for (const dir of [...localeDirs(src).sort(), ...localeDirs(shared)]) {
    for (const lng of LANGUAGES) {
      const file = join(dir, `${lng}.json`);
      const data = JSON.parse(readFileSync(file, 'utf8'));
      for (const [key, value] of Object.entries(data)) {
        // Error codes' translations may come from every feature: `errors` is merged one level down.
        if (key === 'errors' && typeof value === 'object') {
          merged[lng].errors ??= {};
          for (const [code, text] of Object.entries(value)) {
            if (code in merged[lng].errors) throw new Error(`Code d'erreur « ${code} » traduit deux fois (${relative(root, file)})`);
            merged[lng].errors[code] = text;
          }
          continue;
        }
        if (key in merged[lng]) throw new Error(`Clé de traduction « ${key} » définie deux fois (${relative(root, file)})`);
        merged[lng][key] = value;
      }
    }
  }
  return merged;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const merged = mergeLocales();
  for (const lng of LANGUAGES) {
    mkdirSync(join(out, lng), { recursive: true });
    writeFileSync(join(out, lng, 'translations.json'), JSON.stringify(merged[lng]));
  }
  console.log(`translations: ${Object.keys(merged.fr).length} top-level keys × ${LANGUAGES.length} languages`);
}
