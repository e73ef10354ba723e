import { describe, expect, it } from 'vitest';
import { isAppLink, isLegalNotification, LANGUAGES, NOTIFICATION_KINDS, notificationKindsFor, wantsNotificationMail } from '../src';
import { NOTIFICATION_KIND_TEXTS } from '../src/notification-texts';

describe('notification kinds', () => {
  it('marks invoices and signature as legal, and mails them whatever the choice', () => {
    const legal = NOTIFICATION_KINDS.filter(isLegalNotification);
    expect(legal.sort()).toEqual([
      'credit_note_issued',
      'document_signed',
      'document_to_sign',
      'e_invoice_action_needed',
      'invoice_due',
      'invoice_issued',
      'invoice_overdue',
      'quote_withdrawn',
      'sepa_debit_announced',
      'signed_copy',
    ]);
    expect(wantsNotificationMail('invoice_issued', { invoice_issued: false })).toBe(true);
    expect(wantsNotificationMail('quote_sent', { quote_sent: false })).toBe(false);
    expect(wantsNotificationMail('quote_sent', {})).toBe(true);
  });

  it('offers each role only the kinds it may receive', () => {
    expect(notificationKindsFor('client')).toContain('quote_sent');
    expect(notificationKindsFor('client')).not.toContain('tender_received');
    expect(notificationKindsFor('professionnel')).toContain('tender_received');
    expect(notificationKindsFor('professionnel')).not.toContain('invoice_issued');
    expect(notificationKindsFor('architecte')).toEqual(expect.arrayContaining(['quote_accepted', 'payment_received', 'document_signed']));
  });

  it('offers the client their invoices, credit notes, refunds and payments, and an issuer the payments they receive (decision 1202)', () => {
    expect(notificationKindsFor('client')).toEqual(
      expect.arrayContaining([
        'invoice_issued',
        'invoice_due',
        'invoice_overdue',
        'credit_note_issued',
        'payment_received',
        'payment_failed',
        'invoice_refunded',
      ]),
    );
    for (const issuer of ['architecte', 'admin'] as const)
      expect(notificationKindsFor(issuer)).toEqual(expect.arrayContaining(['payment_received', 'guarantee_release']));
  });

  it('names every kind, with its title and sentence, in French, English and Arabic: the one source of kind texts (decision 1202)', () => {
    for (const language of LANGUAGES) {
      for (const kind of NOTIFICATION_KINDS) {
        const text = NOTIFICATION_KIND_TEXTS[language][kind] as { name?: string; title?: string; body?: string };
        expect(text?.name?.trim(), `${language} ${kind} name`).toBeTruthy();
        expect(text?.title?.trim(), `${language} ${kind} title`).toBeTruthy();
        expect(text?.body?.trim(), `${language} ${kind} body`).toBeTruthy();
      }
      expect(Object.keys(NOTIFICATION_KIND_TEXTS[language]).sort()).toEqual([...NOTIFICATION_KINDS].sort());
    }
    expect(NOTIFICATION_KIND_TEXTS.fr.credit_note_issued.name).toBe('Avoir émis');
  });

  it('accepts only paths inside the app as links', () => {
    expect(isAppLink('/devis/12')).toBe(true);
    expect(isAppLink('/facture/3?x=1')).toBe(true);
    expect(isAppLink('//evil.example/x')).toBe(false);
    expect(isAppLink('https://evil.example')).toBe(false);
    expect(isAppLink('javascript:alert(1)')).toBe(false);
  });
});
