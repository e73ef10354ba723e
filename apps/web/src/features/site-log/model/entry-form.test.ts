import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../testing/render';
import { ApiError } from '../../../lib/api-client';
import { addPhotos, emptyDraft, entryErrors, entryForm } from './entry-form';

const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8])], name, { type: 'image/jpeg' });

describe('an entry as the API reads it', () => {
  it('starts on today in Paris (23:30 UTC is already tomorrow there)', () => {
    expect(emptyDraft(new Date('2026-11-23T23:30:00Z')).work_date).toBe('2026-11-24');
  });

  it('leaves out the weather note without a stoppage, the lot when empty, and keeps at most 10 photos', () => {
    const form = entryForm({ ...emptyDraft(), body: 'Texte', weather_note: 'Orage', lot_label: ' ', photos: [jpeg('a.jpg')] });
    expect(form.get('weather_stop')).toBe('false');
    expect(form.has('weather_note')).toBe(false);
    expect(form.has('lot_label')).toBe(false);
    expect(form.has('corrects_entry_id')).toBe(false);
    expect(form.getAll('photos')).toHaveLength(1);
    const many = addPhotos(
      [],
      Array.from({ length: 12 }, (_, i) => jpeg(`${i}.jpg`)),
    );
    expect(many).toHaveLength(10);
  });

  it('puts a refusal next to its field, in the reader’s language, and the rest in the form’s alert', () => {
    const ar = createTestI18n('ar');
    const future = new ApiError('…', 400, 'SITE_LOG_FUTURE_DATE', {}, { date: '2026-11-24' });
    expect(entryErrors(future, ar).fields.work_date).toContain('لم يأتِ بعد');
    expect(entryErrors(future, ar).general).toBeNull();
    const fr = createTestI18n('fr');
    const fields = new ApiError('Données invalides.', 400, 'VALIDATION', { body: 'Écrivez le texte de l’entrée.' });
    expect(entryErrors(fields, fr)).toEqual({ fields: { body: 'Écrivez le texte de l’entrée.' }, general: null });
    const down = new ApiError('Impossible de joindre le serveur.', 0, 'NETWORK');
    expect(entryErrors(down, fr)).toEqual({ fields: {}, general: down });
  });
});
