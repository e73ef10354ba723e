import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mayReadReferencedDocument, MESSAGE_REFERENCE_UNKNOWN, unknownReferenceRefusal } from '../src';

/** Who sees a document referenced in a conversation (decision 1230 « References »). */
const doc = { projectId: 10, issuerId: 2, clientId: 1, draft: false };
const client = { id: 1, user_type: 'client' };
const architect = { id: 2, user_type: 'architecte' };

describe('references to a project document', () => {
  it('the client reads his sent documents of the project, never a draft', () => {
    expect(mayReadReferencedDocument(client, 10, doc)).toBe(true);
    expect(mayReadReferencedDocument(client, 10, { ...doc, draft: true })).toBe(false);
    expect(mayReadReferencedDocument({ id: 5, user_type: 'client' }, 10, doc)).toBe(false);
  });

  it('the professional reads his own, drafts too, not another professional’s', () => {
    expect(mayReadReferencedDocument(architect, 10, { ...doc, draft: true })).toBe(true);
    expect(mayReadReferencedDocument({ id: 3, user_type: 'architecte' }, 10, doc)).toBe(false);
    expect(mayReadReferencedDocument({ id: 2, user_type: 'client' }, 10, doc)).toBe(false);
  });

  it('the admin reads every document of the project', () => {
    expect(mayReadReferencedDocument({ id: 9, user_type: 'admin' }, 10, { ...doc, draft: true })).toBe(true);
  });

  it('nobody reads, from this conversation, a document of another project', () => {
    fc.assert(
      fc.property(
        fc.record({ id: fc.integer({ min: 1, max: 5 }), user_type: fc.constantFrom('client', 'architecte', 'professionnel', 'dessinateur', 'admin') }),
        fc.record({
          projectId: fc.integer({ min: 1, max: 20 }),
          issuerId: fc.integer({ min: 1, max: 5 }),
          clientId: fc.integer({ min: 1, max: 5 }),
          draft: fc.boolean(),
        }),
        fc.integer({ min: 1, max: 20 }),
        (reader, document, projectId) => {
          fc.pre(document.projectId !== projectId);
          expect(mayReadReferencedDocument(reader, projectId, document)).toBe(false);
        },
      ),
    );
  });

  it('answers one 400 for an unknown document and for one not the sender’s to read', () => {
    expect(unknownReferenceRefusal()).toMatchObject({ code: MESSAGE_REFERENCE_UNKNOWN, status: 400 });
  });
});
