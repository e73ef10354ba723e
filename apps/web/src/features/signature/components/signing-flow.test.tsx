// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { SigningCodeState, SigningSession } from '@ouvrage/contracts';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../testing/render';
import type { SigningApi } from '../api/signing';
import { SigningFlow } from './signing-flow';

/**
 * The code step after a reload (issue 36 §3, decision 1200): a code sent and still valid is asked
 * for, with the resend countdown the API gave, instead of offering to send one that would be refused.
 */

vi.setConfig({ testTimeout: 30_000 });
// The PDF reader (pdf.js) needs a canvas jsdom lacks; the code step does not show it.
vi.mock('./document-reader', () => ({ DocumentReader: () => null }));

const session: SigningSession = {
  session_id: 1,
  document_id: 2,
  quote_id: 3,
  status: 'code_sent',
  sent_to: 'j***@exemple.fr',
  code_expires_at: new Date(Date.now() + 9 * 60_000).toISOString(),
  tries_left: 5,
  resend_in_s: 39,
};

function fakeApi(start: SigningApi['start'] = vi.fn()): SigningApi {
  return { start, verify: vi.fn(), document: vi.fn(), sign: vi.fn(), signedFile: { path: '/x' } };
}

const flow = (api: SigningApi, codeState: SigningCodeState | null, lng: 'fr' | 'en' | 'ar' = 'fr') =>
  renderWithProviders(<SigningFlow api={api} signerName="Julie Martin" fileName="devis.pdf" codeState={codeState} />, { lng });

describe('SigningFlow after a reload', () => {
  it('asks for the code already sent, with the resend countdown, without sending another', () => {
    const api = fakeApi();
    flow(api, { pending_code: session, resend_in_s: 39 });
    expect(screen.getByTestId('signing-code-sent-to').textContent).toMatch(
      /^Un code a été envoyé à \u2068j\*\*\*@exemple\.fr\u2069\. Saisissez-le ci-dessous\.$/,
    );
    expect(screen.getByTestId('signing-code-input')).toBeTruthy();
    const resend = screen.getByTestId('signing-resend');
    expect(resend.textContent).toMatch(/^Renvoyer un code \((39|38) s\)$/);
    expect(resend).toHaveProperty('disabled', true);
    expect(screen.queryByTestId('signing-send-code')).toBeNull();
    expect(api.start).not.toHaveBeenCalled();
  });

  it('says it in English', () => {
    flow(fakeApi(), { pending_code: session, resend_in_s: 39 }, 'en');
    expect(screen.getByTestId('signing-code-sent-to').textContent).toContain('A code was sent to');
    expect(screen.getByTestId('signing-resend').textContent).toMatch(/^Send a new code \(\d+ s\)$/);
  });

  it('says it in Arabic', () => {
    flow(fakeApi(), { pending_code: session, resend_in_s: 39 }, 'ar');
    expect(screen.getByTestId('signing-code-sent-to').textContent).toContain('أُرسل رمز إلى');
  });

  it('counts down before a first code may be asked again when none is pending (an expired or locked one)', () => {
    flow(fakeApi(), { pending_code: null, resend_in_s: 30 });
    const send = screen.getByTestId('signing-send-code');
    expect(send.textContent).toMatch(/^Recevoir le code \((30|29) s\)$/);
    expect(send).toHaveProperty('disabled', true);
  });

  it('offers to send a code when none was sent', () => {
    flow(fakeApi(), { pending_code: null, resend_in_s: 0 });
    expect(screen.getByTestId('signing-send-code').textContent).toBe('Recevoir le code par e-mail');
    expect(screen.getByTestId('signing-send-code')).toHaveProperty('disabled', false);
  });

  it('shows an early ask’s refusal in the reader’s language and counts its wait down', async () => {
    const refusal = new ApiError('Un code vient d’être envoyé.', 429, 'SIGN_CODE_RESEND_LIMIT', {}, { retry_after_s: 21 });
    flow(fakeApi(vi.fn().mockRejectedValue(refusal)), null, 'en');
    fireEvent.click(screen.getByTestId('signing-send-code'));
    expect(await screen.findByText('A code was just sent. You can ask for a new one in 21 seconds.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('signing-send-code').textContent).toMatch(/^Get the code \((21|20) s\)$/));
  });
});
