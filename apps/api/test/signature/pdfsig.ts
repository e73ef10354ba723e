import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Debian's pdfsig (poppler-utils, installed by scripts/ensure-debian-packages.sh): a verifier that is
 * not our code. Its exit code is 0 even when the digest does not match, so callers read its text.
 */
export function pdfsig(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'ouvrage-pdfsig-'));
  try {
    const file = join(dir, 'signed.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdfsig', [file], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
