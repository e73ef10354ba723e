// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextInput } from '@mantine/core';
import type { QuoteDetail } from '@ouvrage/contracts';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../testing/render';
import { contentBody, emptyLine, newDraft, type QuoteDraft } from '../model/draft';
import { AutosaveStatus } from './autosave-status';
import { useQuoteAutosave, type AutosaveOptions } from './use-quote-autosave';

function initialDraft(title = 'Salle de bains'): QuoteDraft {
  const draft = newDraft({ title, clientAddress: null, siteAddress: null, settings: undefined });
  draft.lots[0] = { ...draft.lots[0], title: 'Plomberie', lines: [{ ...emptyLine(), designation: 'Douche', unit_price_cents: 100000 }] };
  return draft;
}

const detail = (id: number, revision: number) => ({ id, revision }) as QuoteDetail;

function Harness(props: Pick<AutosaveOptions, 'create' | 'update' | 'quoteId' | 'onSaved'> & { start?: QuoteDraft; onReload?: () => void }) {
  const [start] = useState(() => props.start ?? initialDraft());
  const [draft, setDraft] = useState(start);
  const autosave = useQuoteAutosave({ ...props, draft, projectId: 7, revision: 3, savedJson: JSON.stringify(contentBody(start)), enabled: true });
  const line = draft.lots[0].lines[0];
  return (
    <>
      <TextInput label="Objet" value={draft.title} onChange={(e) => setDraft({ ...draft, title: e.currentTarget.value })} error={autosave.fields.title} />
      <TextInput
        label="Désignation"
        value={line.designation}
        onChange={(e) => setDraft({ ...draft, lots: [{ ...draft.lots[0], lines: [{ ...line, designation: e.currentTarget.value }] }] })}
        error={autosave.fields[`line:${line.key}.designation`]}
      />
      <AutosaveStatus state={autosave.state} onRetry={() => void autosave.saveNow()} onReload={props.onReload ?? (() => {})} />
    </>
  );
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const status = () => screen.getByTestId('autosave-status').textContent;
const wait = (ms: number) => act(async () => void vi.advanceTimersByTime(ms));

describe('autosave of a draft', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves 1,5 s after the last change with the revision, says « Enregistrement… » then « Enregistré à HH:MM », and carries the new revision', async () => {
    const first = deferred<QuoteDetail>();
    const update = vi.fn().mockReturnValueOnce(first.promise).mockResolvedValueOnce(detail(12, 5));
    renderWithProviders(<Harness quoteId={12} create={vi.fn()} update={update} onSaved={() => {}} />);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    expect(status()).toBe('');

    await user.type(screen.getByRole('textbox', { name: 'Objet' }), ' (v1)');
    expect(status()).toBe('Modifications non enregistrées…');
    await wait(1000);
    expect(update).not.toHaveBeenCalled();
    await wait(600);
    expect(update).toHaveBeenCalledTimes(1);
    expect(update.mock.calls[0][0]).toBe(12);
    expect(update.mock.calls[0][1]).toMatchObject({
      title: 'Salle de bains (v1)',
      revision: 3,
      expected_totals: { total_ht_cents: 100000, total_tva_cents: 20000, total_ttc_cents: 120000 },
    });
    expect(status()).toBe('Enregistrement…');

    await act(async () => first.resolve(detail(12, 4)));
    const time = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit' }).format(new Date());
    expect(status()).toBe(`Enregistré à ${time}`);

    await user.type(screen.getByRole('textbox', { name: 'Objet' }), '!');
    await wait(1600);
    expect(update).toHaveBeenCalledTimes(2);
    expect(update.mock.calls[1][1]).toMatchObject({ title: 'Salle de bains (v1)!', revision: 4 });
  });

  it('on a revision conflict, says the quote changed elsewhere, offers to reload, and stops saving', async () => {
    const update = vi.fn().mockRejectedValue(new ApiError('Ce devis a été modifié ailleurs.', 409, 'QUOTE_REVISION_CONFLICT'));
    const onReload = vi.fn();
    renderWithProviders(<Harness quoteId={12} create={vi.fn()} update={update} onSaved={() => {}} onReload={onReload} />);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByRole('textbox', { name: 'Objet' }), ' bis');
    await wait(1600);
    expect(screen.getByRole('alert').textContent).toContain('Ce devis a été modifié depuis un autre onglet ou appareil');
    await user.click(screen.getByRole('button', { name: 'Recharger le devis' }));
    expect(onReload).toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: 'Objet' }), ' ter');
    await wait(3000);
    expect(update).toHaveBeenCalledTimes(1);
    // What was typed is still there.
    expect(screen.getByRole('textbox', { name: 'Objet' })).toHaveProperty('value', 'Salle de bains bis ter');
  });

  it('shows a 400’s messages next to the fields (by line, not position), keeps the text, and retries', async () => {
    const update = vi
      .fn()
      .mockRejectedValueOnce(new ApiError('Données invalides.', 400, 'VALIDATION', { 'lots.0.lines.0.designation': 'Indiquez la désignation de la ligne.' }))
      .mockResolvedValueOnce(detail(12, 4));
    renderWithProviders(<Harness quoteId={12} create={vi.fn()} update={update} onSaved={() => {}} />);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.clear(screen.getByRole('textbox', { name: 'Désignation' }));
    await wait(1600);
    expect(screen.getByText('Indiquez la désignation de la ligne.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain("Le brouillon n'est pas enregistré");
    expect(screen.getByRole('textbox', { name: 'Désignation' })).toHaveProperty('value', '');
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    await wait(0);
    expect(update).toHaveBeenCalledTimes(2);
    expect(status()).toMatch(/^Enregistré à \d\d:\d\d$/);
    expect(screen.queryByText('Indiquez la désignation de la ligne.')).toBeNull();
  });

  it('creates a new quote at its first save, only once it has an object, then hands over', async () => {
    const create = vi.fn().mockResolvedValue(detail(40, 1));
    const onSaved = vi.fn();
    renderWithProviders(<Harness quoteId={null} start={initialDraft('')} create={create} update={vi.fn()} onSaved={onSaved} />);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByRole('textbox', { name: 'Désignation' }), ' italienne');
    await wait(1600);
    expect(create).not.toHaveBeenCalled();
    expect(status()).toBe("Indiquez l'objet du devis pour qu'il soit enregistré.");
    await user.type(screen.getByRole('textbox', { name: 'Objet' }), 'Douche');
    await wait(1600);
    expect(create).toHaveBeenCalledTimes(1);
    expect(create.mock.calls[0][0]).toMatchObject({ project_id: 7, title: 'Douche' });
    expect(onSaved).toHaveBeenCalledWith(detail(40, 1), expect.objectContaining({ created: true }));
  });

  it('saves a pending change when the editor is left before the delay', async () => {
    const update = vi.fn().mockResolvedValue(detail(12, 4));
    const view = renderWithProviders(<Harness quoteId={12} create={vi.fn()} update={update} onSaved={() => {}} />);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByRole('textbox', { name: 'Objet' }), ' !');
    view.unmount();
    await wait(0);
    expect(update).toHaveBeenCalledTimes(1);
    expect(update.mock.calls[0][1]).toMatchObject({ title: 'Salle de bains !', revision: 3 });
  });
});
