import { describe, expect, it } from 'vitest';
import { cleanFileName, sniffFileKind } from '../src/lib/uploads';
import { LocalFileStorage } from '../src/lib/storage';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

describe('upload checks', () => {
  it('recognises PDF, JPEG and PNG from their content, not their name', () => {
    expect(sniffFileKind(Buffer.from('%PDF-1.7\n...'))).toBe('pdf');
    expect(sniffFileKind(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('jpeg');
    expect(sniffFileKind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(sniffFileKind(Buffer.from('MZ\x90\x00 executable'))).toBeUndefined();
    expect(sniffFileKind(Buffer.from('<html><script>'))).toBeUndefined();
  });

  it('cleans file names', () => {
    expect(cleanFileName('../../etc/passwd')).toBe('.._.._etc_passwd');
    expect(cleanFileName('plan<rdc>.pdf')).toBe('plan_rdc_.pdf');
    expect(cleanFileName('')).toBe('fichier');
  });

  it('stores, reads and removes files and refuses keys outside the store', async () => {
    const storage = new LocalFileStorage(mkdtempSync(join(tmpdir(), 'ouvrage-storage-')));
    const key = await storage.save(Buffer.from('%PDF-1.4'), 'pdf');
    expect(key).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);
    expect((await storage.read(key)).toString()).toBe('%PDF-1.4');
    await storage.remove(key);
    await expect(storage.read(key)).rejects.toThrow();
    await expect(storage.read('../../etc/passwd')).rejects.toThrow(/invalide/);
  });
});
