// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../testing/render';
import { ReportMessageModal } from './report-message-modal';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../lib/endpoint-client', () => ({ callEndpoint: api.call, uploadToEndpoint: vi.fn() }));

describe('reporting a message (decision 1230 « Reports and moderation »)', () => {
  it('asks for a reason before sending, sends the reason and the text, shows a duplicate’s refusal', async () => {
    api.call.mockReset();
    api.call.mockRejectedValueOnce(new ApiError('Vous avez déjà signalé ce message : l’équipe Ouvrage examine votre signalement.', 409, 'REPORT_DUPLICATE'));
    const done = vi.fn();
    renderWithProviders(<ReportMessageModal conversationId={4} messageId={12} opened onClose={() => undefined} onDone={done} />);
    fireEvent.click(await screen.findByTestId('report-confirm'));
    await waitFor(() => expect(screen.getByTestId('report-form').textContent).toContain('Choisissez le motif du signalement.'));
    expect(api.call).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('report-reason-abusive'));
    fireEvent.change(screen.getByTestId('report-details'), { target: { value: '  Insultes répétées.  ' } });
    fireEvent.click(screen.getByTestId('report-confirm'));
    await waitFor(() => expect(screen.getByTestId('report-form').textContent).toContain('Vous avez déjà signalé ce message'));
    expect(api.call.mock.calls[0][1]).toEqual({ params: { id: 4 }, body: { message_id: 12, reason: 'abusive', details: 'Insultes répétées.' } });
    expect(done).not.toHaveBeenCalled();
  });
});
