import { describe, expect, it } from 'vitest';
import { isAppLink, isLegalNotification, NOTIFICATION_KINDS, notificationKindsFor, wantsNotificationMail } from '../src';

describe('notification kinds', () => {
  it('marks invoices and signature as legal, and mails them whatever the choice', () => {
    const legal = NOTIFICATION_KINDS.filter(isLegalNotification);
    expect(legal.sort()).toEqual([
      'credit_note_issued',
      'document_signed',
      'document_to_sign',
      'invoice_due',
      'invoice_issued',
      'invoice_overdue',
      'quote_withdrawn',
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

  it('accepts only paths inside the app as links', () => {
    expect(isAppLink('/devis/12')).toBe(true);
    expect(isAppLink('/facture/3?x=1')).toBe(true);
    expect(isAppLink('//evil.example/x')).toBe(false);
    expect(isAppLink('https://evil.example')).toBe(false);
    expect(isAppLink('javascript:alert(1)')).toBe(false);
  });
});
