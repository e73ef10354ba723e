// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { TextInput } from '@mantine/core';
import classes from '../../lib/theme.module.css';
import { renderWithProviders } from '../../testing/render';
import { DescribedSwitch } from './described-switch';

describe('DescribedSwitch', () => {
  it('is named by its label alone and described by its help text and error', () => {
    renderWithProviders(<DescribedSwitch label="Catégorie active" description="Proposée aux visiteurs dans le parcours." error="Ajoutez d'abord un bien." />);
    const control = screen.getByRole('switch', { name: 'Catégorie active' });
    expect(control).toHaveProperty('checked', false);
    expect(
      control
        .getAttribute('aria-describedby')
        ?.split(' ')
        .map((id) => document.getElementById(id)?.textContent),
    ).toEqual(['Proposée aux visiteurs dans le parcours.', "Ajoutez d'abord un bien."]);
  });

  it('has no description when it has no help text', () => {
    renderWithProviders(<DescribedSwitch label="Afficher l'adresse" />);
    expect(screen.getByRole('switch', { name: "Afficher l'adresse" }).hasAttribute('aria-describedby')).toBe(false);
  });
});

describe('read-only fields', () => {
  it('carry the theme class that gives them their read-only look', () => {
    renderWithProviders(<TextInput label="Commune" readOnly value="Lyon" />);
    const field = screen.getByRole('textbox', { name: 'Commune' });
    expect(field.hasAttribute('readonly')).toBe(true);
    expect(classes.input).toBeTruthy();
    expect(field.classList.contains(classes.input)).toBe(true);
  });
});
