/**
 * A business refusal returned as data by a domain rule: a specific code (`TENDER_CLOSED`,
 * `STATE_TRANSITION`, …), the parameters the web app interpolates in the user's language, and the
 * French sentence that stays the fallback. The API turns it into an error answer (409 unless the
 * rule says otherwise); the web translates `errors.<code>` with the parameters.
 */
export type RefusalParams = Record<string, string | number>;
export type RefusalStatus = 400 | 403 | 404 | 409 | 422 | 429;

export interface Refusal {
  code: string;
  message: string;
  params: RefusalParams;
  status: RefusalStatus;
}

/** Codes are UPPER_SNAKE_CASE so that they never collide with the generic error codes' style by accident. */
export function refusal(code: string, message: string, params: RefusalParams = {}, status: RefusalStatus = 409): Refusal {
  if (!/^[A-Z][A-Z0-9_]*$/.test(code)) throw new Error(`Code de refus invalide : ${code}`);
  return { code, message, params, status };
}
