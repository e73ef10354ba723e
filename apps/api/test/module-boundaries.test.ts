import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** Lint enforces module boundaries (docs/decisions/0450): run the repository's own ESLint config. */
const root = resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, filePath) });
  return result.messages.filter((m) => m.ruleId === 'boundaries/no-other-unit-internals').map((m) => m.message);
}

describe('module boundaries', () => {
  it("fails on an API module importing another module's internals", async () => {
    const file = 'apps/api/src/modules/tenders/boundary-check.ts';
    expect(await boundaryErrors(file, "import { lockProject } from '../projects/repository';\nexport const f = lockProject;\n")).toEqual([
      "Import the module « projects » through its public entry ('…/projects'), not its internals ('../projects/repository').",
    ]);
    expect(await boundaryErrors(file, "export { findUser } from '../../modules/users/repository';\n")).toHaveLength(1);
    expect(await boundaryErrors(file, "export const load = () => import('../projects/service');\n")).toHaveLength(1);
  });

  it('lets a module import another through its public entry, and its own files freely', async () => {
    const file = 'apps/api/src/modules/tenders/boundary-check.ts';
    const code = [
      "import { lockProject } from '../projects';",
      "import { findUser } from '../users/index';",
      "import * as repo from './repository';",
      "import type { AppDeps } from '../../lib/deps';",
      'export const all = [lockProject, findUser, repo];',
      'export type D = AppDeps;',
      '',
    ].join('\n');
    expect(await boundaryErrors(file, code)).toEqual([]);
  });

  it("fails on a web feature importing another feature's internals, not its public entry", async () => {
    const file = 'apps/web/src/features/projects/components/boundary-check.tsx';
    expect(
      await boundaryErrors(file, "import { CreateTenderButton } from '../../tenders/components/create-tender-button';\nexport const C = CreateTenderButton;\n"),
    ).toHaveLength(1);
    expect(await boundaryErrors(file, "import { CreateTenderButton } from '../../tenders';\nexport const C = CreateTenderButton;\n")).toEqual([]);
  });
});
