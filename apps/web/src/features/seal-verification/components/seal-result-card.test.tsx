// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { SealVerificationResult } from '@ouvrage/contracts';
import { renderWithProviders } from '../../../testing/render';
import { SealResultCard } from './seal-result-card';

/** The verdict card of `/verification` (decision 0633) in its three states. */
const SHA = 'a3f1'.repeat(16);
const sealed: SealVerificationResult = {
  sha256: SHA,
  verdict: 'sealed',
  sealed_by_platform: true,
  unchanged: true,
  covers_whole_file: true,
  signed_at: '2026-11-23T13:02:00.000Z',
  certificate_name: 'Ouvrage — cachet de la plateforme',
  reason: 'Devis signé par Marie Dupont',
  location: 'Ouvrage — plateforme en ligne',
  record: null,
  message: 'Ce document a été scellé par Ouvrage le 23/11/2026 à 14:02 et n’a pas été modifié depuis.',
};
const modified: SealVerificationResult = { ...sealed, verdict: 'modified', unchanged: false, covers_whole_file: false };
const notOurs: SealVerificationResult = {
  ...sealed,
  verdict: 'not-ours',
  sealed_by_platform: false,
  unchanged: false,
  certificate_name: 'Autre autorité',
  reason: 'Signé ailleurs',
};

const card = () => screen.getByRole('status');
const colour = () => card().style.getPropertyValue('--alert-color') || card().getAttribute('style') || '';

describe('SealResultCard', () => {
  it('shows a sealed, unchanged document in green with its date, certificate and SHA-256', () => {
    renderWithProviders(<SealResultCard result={sealed} fileName="devis.pdf" />);
    expect(card().dataset.verdict).toBe('sealed');
    expect(colour()).toMatch(/green/);
    expect(screen.getByText('Document scellé par Ouvrage et non modifié')).toBeTruthy();
    expect(screen.getByText(/^Scellé le 23\/11\/2026 à \d\d:02$/)).toBeTruthy();
    expect(screen.getByText('Certificat : Ouvrage — cachet de la plateforme')).toBeTruthy();
    expect(screen.getByText('Motif : Devis signé par Marie Dupont')).toBeTruthy();
    expect(screen.getByText(SHA)).toBeTruthy();
    expect(screen.getByText('Fichier : devis.pdf')).toBeTruthy();
  });

  it('shows a document changed after sealing in red', () => {
    renderWithProviders(<SealResultCard result={modified} />);
    expect(card().dataset.verdict).toBe('modified');
    expect(colour()).toMatch(/red/);
    expect(screen.getByText('Document modifié après son scellement')).toBeTruthy();
    expect(screen.getByText(SHA)).toBeTruthy();
  });

  it('shows a document without our seal in grey, without the other signer’s reason or date', () => {
    renderWithProviders(<SealResultCard result={notOurs} />);
    expect(card().dataset.verdict).toBe('not-ours');
    expect(colour()).toMatch(/gray/);
    expect(screen.getByText('Ce document ne porte pas le cachet d’Ouvrage')).toBeTruthy();
    expect(screen.queryByText(/Scellé le/)).toBeNull();
    expect(screen.queryByText(/Motif/)).toBeNull();
  });

  it('reads in Arabic with the fingerprint kept left to right', () => {
    renderWithProviders(<SealResultCard result={sealed} />, { lng: 'ar' });
    expect(screen.getByText('مستند مختوم من Ouvrage ولم يُعدَّل')).toBeTruthy();
    expect(screen.getByText(SHA).getAttribute('dir')).toBe('ltr');
  });
});
