/**
 * The signer's e-mail code, first step of the built-in signature (decisions 0620–0624): pure rules,
 * no clock of their own (the caller passes `now`).
 */

export const SIGN_CODE_LENGTH = 6;
/** Wrong codes allowed before the session locks and a new code must be asked. */
export const SIGN_CODE_TRIES = 5;
export const SIGN_CODE_VALIDITY_MINUTES = 10;
export const SIGN_CODE_VALIDITY_MS = SIGN_CODE_VALIDITY_MINUTES * 60_000;
/** At most one code per minute and five per hour for one session. */
export const SIGN_CODE_RESEND_INTERVAL_S = 60;
export const SIGN_CODE_MAX_PER_HOUR = 5;
const HOUR_MS = 3_600_000;

export const SIGNING_SESSION_STATUSES = ['code_sent', 'verified', 'locked', 'completed'] as const;
export type SigningSessionStatus = (typeof SIGNING_SESSION_STATUSES)[number];

/** A code of `SIGN_CODE_LENGTH` digits from a uniform integer in [0, 10^length). */
export function formatSignCode(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n >= 10 ** SIGN_CODE_LENGTH) throw new RangeError(`Code hors plage : ${n}`);
  return String(n).padStart(SIGN_CODE_LENGTH, '0');
}

export const isSignCodeShape = (code: string) => new RegExp(`^\\d{${SIGN_CODE_LENGTH}}$`).test(code);

/**
 * Seconds to wait before another code may be sent, given the instants of the codes already sent
 * for the session; 0 when one may be sent now. Both limits apply: one per minute, five per
 * sliding hour.
 */
export function signCodeResendWait(sentAt: readonly Date[], now: Date): number {
  const t = now.getTime();
  let waitMs = 0;
  const last = Math.max(...sentAt.map((d) => d.getTime()), -Infinity);
  if (Number.isFinite(last)) waitMs = Math.max(waitMs, last + SIGN_CODE_RESEND_INTERVAL_S * 1000 - t);
  const inHour = sentAt
    .map((d) => d.getTime())
    .filter((s) => s > t - HOUR_MS)
    .sort((a, b) => a - b);
  if (inHour.length >= SIGN_CODE_MAX_PER_HOUR) {
    // The oldest sends must leave the window until fewer than the limit remain.
    const mustLeave = inHour[inHour.length - SIGN_CODE_MAX_PER_HOUR];
    waitMs = Math.max(waitMs, mustLeave + HOUR_MS - t);
  }
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
}

/** The code's expiry for a code sent at `sentAt`. */
export const signCodeExpiry = (sentAt: Date) => new Date(sentAt.getTime() + SIGN_CODE_VALIDITY_MS);

/** Whether a code expiring at `expiresAt` is expired at `now` (the expiry instant itself is past). */
export const isSignCodeExpired = (expiresAt: Date, now: Date) => now.getTime() >= expiresAt.getTime();

/** The signer's signature image (decision 0644): a PNG of at most 256 KiB, at most 2000 × 1000 pixels. */
export const SIGNATURE_IMAGE_MAX_BYTES = 256 * 1024;
export const SIGNATURE_IMAGE_MAX_WIDTH = 2000;
export const SIGNATURE_IMAGE_MAX_HEIGHT = 1000;
/** Fewer inked pixels than this is a blank (or nearly blank) pad. */
export const SIGNATURE_MIN_INK_PIXELS = 40;
