import { createHmac, timingSafeEqual } from 'node:crypto';
import { DOCUMENT_KINDS, type DocumentKind } from '@ouvrage/contracts';

/**
 * A document link's token (decision 0610): `<kind>.<id>.<exp>.<signature>`, where `exp` is in Unix
 * seconds and the signature is HMAC-SHA256 of the three first parts under a key derived from the
 * JWT secret (so a link token is never a valid access token, nor the reverse). Nothing is stored:
 * the token carries its own statement and expires by itself.
 */
export interface LinkStatement {
  kind: DocumentKind;
  id: number;
  /** Expiry, Unix seconds. */
  exp: number;
}

export type LinkCheck = { ok: true; statement: LinkStatement } | { ok: false; reason: 'invalid' | 'expired' };

const PURPOSE = 'ouvrage/document-link/v1';

function linkKey(secret: Uint8Array, purpose: string = PURPOSE): Buffer {
  return createHmac('sha256', secret).update(purpose).digest();
}

function sign(secret: Uint8Array, body: string, purpose: string = PURPOSE): Buffer {
  return createHmac('sha256', linkKey(secret, purpose)).update(body).digest();
}

export function signLink(secret: Uint8Array, statement: LinkStatement): string {
  const body = `${statement.kind}.${statement.id}.${statement.exp}`;
  return `${body}.${sign(secret, body).toString('base64url')}`;
}

/**
 * The signature as the link spells it against the expected one, in constant time and as text: the
 * last base64url character holds two unused bits, so decoding would accept four spellings of one
 * signature (a link altered in its last character stayed valid one time in four).
 */
function sameSignature(signature: string, expected: Buffer): boolean {
  const given = Buffer.from(signature);
  const wanted = Buffer.from(expected.toString('base64url'));
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

const SHAPE = /^([a-z][a-z-]{0,39})\.([1-9]\d{0,14})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** Checks the signature (constant time) before anything else, then the expiry against `nowMs`. */
export function checkLink(secret: Uint8Array, token: string, nowMs: number): LinkCheck {
  const match = SHAPE.exec(token);
  if (!match) return { ok: false, reason: 'invalid' };
  const [, kind, id, exp, signature] = match;
  const expected = sign(secret, `${kind}.${id}.${exp}`);
  if (!sameSignature(signature, expected)) return { ok: false, reason: 'invalid' };
  if (!(DOCUMENT_KINDS as readonly string[]).includes(kind)) return { ok: false, reason: 'invalid' };
  if (Number(exp) * 1000 <= nowMs) return { ok: false, reason: 'expired' };
  return { ok: true, statement: { kind: kind as DocumentKind, id: Number(id), exp: Number(exp) } };
}

/**
 * The same signed, self-expiring statement `<kind>.<id>.<exp>.<signature>` for another purpose
 * than the viewer (the payments' pay link, decision 0730): the key is derived from the purpose too,
 * so a token made for one purpose is never valid for another, nor for the viewer.
 */
export interface RecordLinkOptions {
  /** e.g. `ouvrage/pay-link/v1`. */
  purpose: string;
  /** The kinds this purpose accepts. */
  kinds: readonly string[];
}

export function signRecordLink(secret: Uint8Array, options: RecordLinkOptions, statement: { kind: string; id: number; exp: number }): string {
  if (!options.kinds.includes(statement.kind)) throw new Error(`Type de lien inconnu : ${statement.kind}`);
  const body = `${statement.kind}.${statement.id}.${statement.exp}`;
  return `${body}.${sign(secret, body, options.purpose).toString('base64url')}`;
}

export type RecordLinkCheck = { ok: true; statement: { kind: string; id: number; exp: number } } | { ok: false; reason: 'invalid' | 'expired' };

export function checkRecordLink(secret: Uint8Array, options: RecordLinkOptions, token: string, nowMs: number): RecordLinkCheck {
  const match = SHAPE.exec(token);
  if (!match) return { ok: false, reason: 'invalid' };
  const [, kind, id, exp, signature] = match;
  const expected = sign(secret, `${kind}.${id}.${exp}`, options.purpose);
  if (!sameSignature(signature, expected)) return { ok: false, reason: 'invalid' };
  if (!options.kinds.includes(kind)) return { ok: false, reason: 'invalid' };
  if (Number(exp) * 1000 <= nowMs) return { ok: false, reason: 'expired' };
  return { ok: true, statement: { kind, id: Number(id), exp: Number(exp) } };
}
