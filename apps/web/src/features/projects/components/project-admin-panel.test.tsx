// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { ProjectDto } from '@ouvrage/contracts';
import { renderWithProviders } from '../../../testing/render';
import { ProjectAdminPanel } from './project-admin-panel';

const project = { id: 7, state: 'Nouveau', stage: 'Demande reçue', next_states: ['En cours'], next_stages: [] } as unknown as ProjectDto;

describe('ProjectAdminPanel: a disabled button says why (issue 36 §6)', () => {
  it('« Appliquer » waits for a choice and says so; with no transition it says there is none', () => {
    renderWithProviders(<ProjectAdminPanel project={project} />, { route: '/single-projet/7' });
    const reasons = screen.getAllByTestId('disabled-reason').map((r) => r.textContent);
    expect(reasons).toEqual(['Choisissez d’abord le nouvel état.', 'Aucun changement possible']);
    for (const reason of screen.getAllByTestId('disabled-reason')) {
      const described = document.querySelector(`[aria-describedby="${reason.id}"]`);
      expect(described?.tagName).toBe('BUTTON');
      expect(described).toHaveProperty('disabled', true);
    }
  });
});
