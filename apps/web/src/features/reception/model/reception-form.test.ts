import { describe, expect, it } from 'vitest';
import { draftProblem, parisToday } from './reception-form';

describe('réception form', () => {
  it('asks a lot and a description, a JPEG or PNG photo of 8 Mo at most', () => {
    const base = { key: 1, lotIndex: '0', description: 'Joint à reprendre', photo: null };
    expect(draftProblem(base)).toBeNull();
    expect(draftProblem({ ...base, lotIndex: null })).toBe('lot');
    expect(draftProblem({ ...base, description: '  ' })).toBe('description');
    expect(draftProblem({ ...base, photo: new File(['x'], 'a.gif', { type: 'image/gif' }) })).toBe('photoType');
    expect(draftProblem({ ...base, photo: new File([new Uint8Array(8 * 1024 * 1024 + 1)], 'a.png', { type: 'image/png' }) })).toBe('photoSize');
  });

  it('defaults to today in Paris', () => {
    expect(parisToday(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23');
  });
});
