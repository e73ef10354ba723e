import { describe, expect, it } from 'vitest';
import { notificationMail, notificationText } from '../../src/modules/notifications';

describe('a project state or stage in a notification reads in the recipient’s language', () => {
  it('names the state and stage in English and Arabic, and keeps them in French', () => {
    expect(notificationText('project_state_changed', 'en', { project: 'n° 4', state: 'En consultation' }).body).toContain('Out to tender');
    expect(notificationText('project_stage_changed', 'en', { project: 'n° 4', stage: 'Permis de construire' }).body).toContain('Building permit');
    expect(notificationText('project_state_changed', 'ar', { project: 'n° 4', state: 'Annulé' }).body).toContain('ملغى');
    expect(notificationText('project_state_changed', 'fr', { project: 'n° 4', state: 'Annulé' }).body).toContain('Annulé');
    const mail = notificationMail({
      kind: 'project_stage_changed',
      language: 'ar',
      params: { project: 'n° 4', stage: 'Travaux' },
      firstname: 'Salma',
      url: null,
      legal: false,
    });
    expect(mail.text).toContain('الأشغال');
    expect(mail.text).not.toContain('Travaux');
  });
});
