/**
 * `npm run seed:volume -- --projects 1000000 [--messages 1000000] [--quote-lines 1000000] [--database postgres://…]` (issue 13,
 * decision 0960): recreates the database (default `ouvrage_volume` on the local server), runs the
 * real migrations and reference seed, then fills it with realistic French data, set-based (see
 * ./seed.ts). `--messages`: the conversations' messages in all; `--quote-lines`: the quotes' lines in all,
 * priced for the price references (issue 40); as many as projects by default.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_VOLUME_URL, formatCounts, prepareVolumeDatabase, volumeCounts } from './seed';

const { values } = parseArgs({
  options: {
    projects: { type: 'string', default: '1000000' },
    messages: { type: 'string' },
    'quote-lines': { type: 'string' },
    database: { type: 'string', default: process.env.VOLUME_DATABASE_URL ?? DEFAULT_VOLUME_URL },
  },
});
const projects = Number(values.projects);
const messages = values.messages === undefined ? projects : Number(values.messages);
if (!Number.isSafeInteger(messages) || messages < 0) {
  console.error(`--messages attend un nombre entier positif ou nul (reçu : ${values.messages}).`);
  process.exit(1);
}
const quoteLines = values['quote-lines'] === undefined ? projects : Number(values['quote-lines']);
if (!Number.isSafeInteger(quoteLines) || quoteLines < 0) {
  console.error(`--quote-lines attend un nombre entier positif ou nul (reçu : ${values['quote-lines']}).`);
  process.exit(1);
}
if (!Number.isSafeInteger(projects) || projects < 1) {
  console.error(`--projects attend un nombre entier positif (reçu : ${values.projects}).`);
  process.exit(1);
}
const url = values.database!;
const shown = new URL(url);
shown.password = shown.password ? '***' : '';
console.log(
  `Base ${shown.toString()} recréée, ${projects.toLocaleString('fr-FR')} projets, ${messages.toLocaleString('fr-FR')} messages, ${quoteLines.toLocaleString('fr-FR')} lignes de devis…`,
);
const { handle, seconds } = await prepareVolumeDatabase(url, projects, (line) => console.log(`  ${line}`), { messages, quoteLines });
console.log(`Terminé en ${seconds.toFixed(1)} s : ${formatCounts(await volumeCounts(handle))}.`);
await handle.close();
