import { describe, expect, it } from 'vitest';
import {
  attachmentRefusal,
  messageContentRefusal,
  conversationPair,
  deleteRefusal,
  editRefusal,
  isUnread,
  MESSAGE_EDIT_WINDOW_MS,
  MESSAGE_RATE_LIMIT,
  messageExcerpt,
  nextReadMark,
  openingRefusal,
  rateRefusal,
  shownBody,
  writeRefusal,
} from '../src';

/** Conversations' pure rules (issue 39 §1, decision 1230). */
const project = { clientId: 1, acceptedProfessionalIds: [2, 3] };
const client = { id: 1, user_type: 'client' };
const architect = { id: 2, user_type: 'architecte' };
const drafter = { id: 3, user_type: 'dessinateur' };
const stranger = { id: 4, user_type: 'professionnel' };
const otherClient = { id: 5, user_type: 'client' };
const admin = { id: 9, user_type: 'admin' };

describe('opening a conversation', () => {
  it('pairs the client with an accepted professional, either way, and the admin with either', () => {
    expect(openingRefusal(client, architect, project)).toBeNull();
    expect(openingRefusal(client, drafter, project)).toBeNull();
    expect(openingRefusal(architect, client, project)).toBeNull();
    expect(openingRefusal(admin, client, project)).toBeNull();
    expect(openingRefusal(admin, drafter, project)).toBeNull();
  });

  it('refuses anyone else, oneself, two professionals, and an unknown account', () => {
    expect(openingRefusal(stranger, client, project)).toMatchObject({ code: 'CONVERSATION_NOT_PARTICIPANT', status: 403 });
    expect(openingRefusal(otherClient, architect, project)).toMatchObject({ code: 'CONVERSATION_NOT_PARTICIPANT', status: 403 });
    expect(openingRefusal(client, stranger, project)?.code).toBe('CONVERSATION_COUNTERPART_INVALID');
    expect(openingRefusal(architect, drafter, project)?.code).toBe('CONVERSATION_COUNTERPART_INVALID');
    expect(openingRefusal(client, client, project)?.code).toBe('CONVERSATION_COUNTERPART_INVALID');
    expect(openingRefusal(admin, stranger, project)?.code).toBe('CONVERSATION_COUNTERPART_INVALID');
    expect(openingRefusal(admin, { id: 10, user_type: 'admin' }, project)?.code).toBe('CONVERSATION_COUNTERPART_INVALID');
    expect(openingRefusal(client, null, project)?.code).toBe('CONVERSATION_COUNTERPART_INVALID');
  });

  it('keys a pair the same whoever opens it', () => {
    expect(conversationPair(7, 3)).toEqual({ low: 3, high: 7 });
    expect(conversationPair(3, 7)).toEqual(conversationPair(7, 3));
  });
});

describe('writing', () => {
  it('lets the client and the admin member write, a professional only while accepted', () => {
    expect(writeRefusal({ userType: 'client', isMember: true, tenderStatus: null })).toBeNull();
    expect(writeRefusal({ userType: 'admin', isMember: true, tenderStatus: null })).toBeNull();
    expect(writeRefusal({ userType: 'architecte', isMember: true, tenderStatus: 'Acceptée' })).toBeNull();
    for (const status of ['Refusée', 'Expirée', 'Clôturée', 'Retirée'] as const) {
      const refused = writeRefusal({ userType: 'professionnel', isMember: true, tenderStatus: status });
      expect(refused).toMatchObject({ code: 'CONVERSATION_READ_ONLY', status: 409, params: { status } });
    }
  });

  it('refuses writing to an admin who only reads', () => {
    expect(writeRefusal({ userType: 'admin', isMember: false, tenderStatus: null })?.code).toBe('CONVERSATION_NOT_MEMBER');
  });

  it('limits the messages sent per minute, with a 429', () => {
    expect(rateRefusal(MESSAGE_RATE_LIMIT - 1)).toBeNull();
    expect(rateRefusal(MESSAGE_RATE_LIMIT)).toMatchObject({ code: 'MESSAGE_RATE_LIMITED', status: 429, params: { max: 20 } });
  });
});

describe('editing and deleting', () => {
  const sent = new Date('2026-12-01T10:00:00Z');
  const message = { authorId: 2, createdAt: sent, deletedAt: null };
  const after = (ms: number) => new Date(sent.getTime() + ms);

  it('lets its author edit it within 5 minutes', () => {
    expect(editRefusal(message, 2, after(MESSAGE_EDIT_WINDOW_MS))).toBeNull();
    expect(editRefusal(message, 2, after(MESSAGE_EDIT_WINDOW_MS + 1))).toMatchObject({ code: 'MESSAGE_EDIT_WINDOW_PASSED', params: { minutes: 5 } });
    expect(editRefusal(message, 1, after(1000))?.code).toBe('MESSAGE_NOT_AUTHOR');
    expect(editRefusal({ ...message, deletedAt: after(1) }, 2, after(1000))?.code).toBe('MESSAGE_DELETED');
  });

  it('lets its author delete it at any time, no one else', () => {
    expect(deleteRefusal(message, 2)).toBeNull();
    expect(deleteRefusal(message, 1)?.code).toBe('MESSAGE_NOT_AUTHOR');
    expect(shownBody('Bonjour', after(1))).toBe('');
    expect(shownBody('Bonjour', null)).toBe('Bonjour');
  });
});

describe('reading', () => {
  const member = { userId: 1, lastReadMessageId: 10 };

  it('counts as unread the others’ messages after the mark, not deleted ones', () => {
    expect(isUnread({ id: 11, authorId: 2, deletedAt: null }, member)).toBe(true);
    expect(isUnread({ id: 10, authorId: 2, deletedAt: null }, member)).toBe(false);
    expect(isUnread({ id: 12, authorId: 1, deletedAt: null }, member)).toBe(false);
    expect(isUnread({ id: 13, authorId: 2, deletedAt: new Date() }, member)).toBe(false);
    expect(isUnread({ id: 1, authorId: 2, deletedAt: null }, { userId: 1, lastReadMessageId: null })).toBe(true);
  });

  it('never moves the read mark backwards', () => {
    expect(nextReadMark(null, 5)).toBe(5);
    expect(nextReadMark(8, 5)).toBe(8);
    expect(nextReadMark(8, 12)).toBe(12);
  });

  it('shows an excerpt on one line, shortened', () => {
    expect(messageExcerpt('  Bonjour\n\nà demain ', null)).toBe('Bonjour à demain');
    const long = messageExcerpt('a'.repeat(500), null);
    expect(long).toHaveLength(140);
    expect(long.endsWith('…')).toBe(true);
    expect(messageExcerpt('secret', new Date())).toBe('');
  });
});

describe('message content and attachments', () => {
  it('needs text or a file, and 5 files at most', () => {
    expect(messageContentRefusal('Bonjour', 0)).toBeNull();
    expect(messageContentRefusal('', 1)).toBeNull();
    expect(messageContentRefusal('  ', 0)?.code).toBe('MESSAGE_EMPTY');
    expect(messageContentRefusal('', 6)).toMatchObject({ code: 'MESSAGE_TOO_MANY_ATTACHMENTS', params: { max: 5 } });
  });

  it('takes a document of the project alone, without text or file (decision 1230 « References »)', () => {
    expect(messageContentRefusal('', 0, true)).toBeNull();
    expect(messageContentRefusal('  ', 0, false)?.code).toBe('MESSAGE_EMPTY');
    expect(messageContentRefusal('', 6, true)?.code).toBe('MESSAGE_TOO_MANY_ATTACHMENTS');
  });

  it('takes JPEG, PNG, WebP and PDF of 10 MB at most', () => {
    for (const kind of ['jpeg', 'png', 'webp', 'pdf']) expect(attachmentRefusal({ name: 'a', kind, size: 10 * 1024 * 1024 })).toBeNull();
    expect(attachmentRefusal({ name: 'a.gif', kind: undefined, size: 10 })).toMatchObject({ code: 'MESSAGE_ATTACHMENT_TYPE', params: { name: 'a.gif' } });
    expect(attachmentRefusal({ name: 'big.pdf', kind: 'pdf', size: 10 * 1024 * 1024 + 1 })).toMatchObject({
      code: 'MESSAGE_ATTACHMENT_TOO_LARGE',
      params: { max_mb: 10 },
    });
  });
});
