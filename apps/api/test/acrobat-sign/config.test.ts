import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';

const account = {
  ACROBAT_SIGN_BASE_URL: 'https://api.eu1.adobesign.com/',
  ACROBAT_SIGN_CLIENT_ID: 'CBJCHBCAABAAclient',
  ACROBAT_SIGN_CLIENT_SECRET: 'secret',
  ACROBAT_SIGN_REFRESH_TOKEN: '3AAABLrefresh',
};

describe('e-signature settings', () => {
  it('signs with the built-in provider and knows no Acrobat Sign account by default', () => {
    expect(loadConfig({}).esign).toEqual({ provider: 'builtin', acrobatSign: undefined });
  });

  it('reads the Acrobat Sign account; the webhook client id defaults to the client id', () => {
    expect(loadConfig({ ESIGN_PROVIDER: 'acrobat-sign', ...account }).esign).toEqual({
      provider: 'acrobat-sign',
      acrobatSign: {
        baseUrl: 'https://api.eu1.adobesign.com',
        clientId: 'CBJCHBCAABAAclient',
        clientSecret: 'secret',
        refreshToken: '3AAABLrefresh',
        webhookClientId: 'CBJCHBCAABAAclient',
      },
    });
    expect(loadConfig({ ...account, ACROBAT_SIGN_WEBHOOK_CLIENT_ID: 'UB7E5BXCXY' }).esign.acrobatSign?.webhookClientId).toBe('UB7E5BXCXY');
  });

  it('refuses to start with acrobat-sign chosen and a setting missing, naming it', () => {
    expect(() => loadConfig({ ESIGN_PROVIDER: 'acrobat-sign' })).toThrow(
      'Configuration invalide : ESIGN_PROVIDER=acrobat-sign demande ACROBAT_SIGN_BASE_URL, ACROBAT_SIGN_CLIENT_ID, ACROBAT_SIGN_CLIENT_SECRET, ACROBAT_SIGN_REFRESH_TOKEN.',
    );
    expect(() => loadConfig({ ESIGN_PROVIDER: 'acrobat-sign', ...account, ACROBAT_SIGN_REFRESH_TOKEN: '' })).toThrow(/ACROBAT_SIGN_REFRESH_TOKEN/);
    expect(() => loadConfig({ ACROBAT_SIGN_CLIENT_ID: 'x' })).toThrow(/Les réglages Acrobat Sign vont ensemble ; il manque ACROBAT_SIGN_BASE_URL/);
    expect(() => loadConfig({ ESIGN_PROVIDER: 'docusign' })).toThrow(/ESIGN_PROVIDER vaut « builtin » ou « acrobat-sign »/);
  });
});
