import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closeReportRefusal, editRefusal, hiddenFrom, moderationRefusal, readRefusal, reportRefusal, suspensionRefusal, writeRefusal } from '../src';

/** Reports and moderation of conversations (issue 39, decision 1230 « Reports and moderation »). */

const message = { authorId: 2, deletedAt: null };

describe('reporting a message', () => {
  it('lets a member report the other member’s message once while the report is open', () => {
    expect(reportRefusal({ reporterId: 1, isMember: true, message, hasOpenReport: false })).toBeNull();
    expect(reportRefusal({ reporterId: 1, isMember: true, message, hasOpenReport: true })).toMatchObject({ code: 'REPORT_DUPLICATE', status: 409 });
  });

  it('refuses one’s own message, a deleted one, and a reader who is not a member', () => {
    expect(reportRefusal({ reporterId: 2, isMember: true, message, hasOpenReport: false })?.code).toBe('REPORT_OWN_MESSAGE');
    expect(reportRefusal({ reporterId: 1, isMember: true, message: { ...message, deletedAt: new Date() }, hasOpenReport: false })?.code).toBe(
      'REPORT_MESSAGE_DELETED',
    );
    expect(reportRefusal({ reporterId: 9, isMember: false, message, hasOpenReport: false })?.code).toBe('REPORT_NOT_MEMBER');
  });
});

describe('who reads a conversation', () => {
  it('lets the members read, and the admin only a reported conversation or his own', () => {
    expect(readRefusal({ userType: 'client', isMember: true, reported: false })).toBeNull();
    expect(readRefusal({ userType: 'admin', isMember: true, reported: false })).toBeNull();
    expect(readRefusal({ userType: 'admin', isMember: false, reported: true })).toBeNull();
    expect(readRefusal({ userType: 'admin', isMember: false, reported: false })).toMatchObject({ code: 'CONVERSATION_NOT_REPORTED', status: 409 });
  });

  it('never lets a non-member who is not the admin read, reported or not', () => {
    fc.assert(
      fc.property(fc.constantFrom('client', 'professionnel', 'architecte', 'dessinateur'), fc.boolean(), (userType, reported) => {
        expect(readRefusal({ userType, isMember: false, reported })?.code).toBe('CONVERSATION_NOT_REPORTED');
      }),
    );
  });

  it('moderates only a reported conversation', () => {
    expect(moderationRefusal({ reported: true })).toBeNull();
    expect(moderationRefusal({ reported: false })?.code).toBe('CONVERSATION_NOT_REPORTED');
  });
});

describe('moderating', () => {
  it('suspends the writing of a member who is not the admin', () => {
    expect(suspensionRefusal({ isMember: true, userType: 'professionnel' })).toBeNull();
    expect(suspensionRefusal({ isMember: true, userType: 'admin' })?.code).toBe('MODERATION_SUSPENSION_TARGET');
    expect(suspensionRefusal({ isMember: false, userType: 'client' })?.code).toBe('MODERATION_SUSPENSION_TARGET');
  });

  it('refuses writing to a suspended member, whatever else would let them write', () => {
    fc.assert(
      fc.property(fc.constantFrom('client', 'professionnel', 'architecte', 'admin'), (userType) => {
        expect(writeRefusal({ userType, isMember: true, tenderStatus: 'Acceptée', suspended: true })?.code).toBe('CONVERSATION_WRITING_SUSPENDED');
      }),
    );
    expect(writeRefusal({ userType: 'client', isMember: true, tenderStatus: null, suspended: false })).toBeNull();
  });

  it('hides a hidden message from the members, not from the admin, and no longer lets it be edited', () => {
    const hiddenAt = new Date('2026-12-02T10:00:00Z');
    expect(hiddenFrom({ hiddenAt }, 'client')).toBe(true);
    expect(hiddenFrom({ hiddenAt }, 'architecte')).toBe(true);
    expect(hiddenFrom({ hiddenAt }, 'admin')).toBe(false);
    expect(hiddenFrom({ hiddenAt: null }, 'client')).toBe(false);
    expect(editRefusal({ authorId: 1, createdAt: hiddenAt, deletedAt: null, hiddenAt }, 1, hiddenAt)?.code).toBe('MESSAGE_HIDDEN');
  });

  it('closes an open report once', () => {
    expect(closeReportRefusal('open')).toBeNull();
    expect(closeReportRefusal('handled')).toMatchObject({ code: 'REPORT_CLOSED', params: { status: 'handled' } });
    expect(closeReportRefusal('dismissed')?.code).toBe('REPORT_CLOSED');
  });
});
