import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';

describe('seal settings', () => {
  it('reads SEAL_P12_PATH (resolved) and SEAL_P12_PASSWORD', () => {
    expect(loadConfig({ SEAL_P12_PATH: 'secrets/cachet.p12', SEAL_P12_PASSWORD: 'sésame' }).seal).toEqual({
      p12Path: resolve('secrets/cachet.p12'),
      p12Password: 'sésame',
    });
  });

  it('leaves both unset by default: the platform generates its own certificate', () => {
    expect(loadConfig({}).seal).toEqual({ p12Path: undefined, p12Password: undefined });
  });
});
