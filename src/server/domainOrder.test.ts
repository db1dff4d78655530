import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RULE = 'import-x/no-restricted-paths';

/**
 * ESLint with the project's own import zones (eslint.config.js) and nothing else, so a snippet
 * is linted as a file of a domain without type information.
 */
async function zonesOnly(): Promise<ESLint> {
  const configUrl = pathToFileURL(path.join(ROOT, 'eslint.config.js')).href;
  const { default: configs } = (await import(configUrl)) as { default: Linter.Config[] };
  const main = configs.find((config) => !config.files && config.rules?.[RULE]);
  if (!main) throw new Error(`eslint.config.js has no ${RULE} for every file`);
  return new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: main.plugins,
        settings: main.settings,
        rules: { [RULE]: main.rules?.[RULE] },
      },
    ],
  });
}

async function refusals(file: string, code: string): Promise<string[]> {
  const [result] = await (await zonesOnly()).lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).map((message) => message.message);
}

describe('the order of the server domains', () => {
  it('refuses an import of a domain ranked above, type-only imports too', async () => {
    const upward = await refusals('src/server/orders/sample.ts', "import { receiveWebhook } from '../payments/service.js';\n");
    expect(upward).toEqual([expect.stringContaining('Server domains import only domains ranked below them')]);
    const typeOnly = await refusals(
      'src/server/orders/sample.ts',
      "import type { DispatchDeps } from '../dispatch/service.js';\n",
    );
    expect(typeOnly).toHaveLength(1);
  });

  it('refuses an import between two domains of the same rank', async () => {
    expect(
      await refusals('src/server/payments/sample.ts', "import { dispatchOrder } from '../dispatch/service.js';\n"),
    ).toHaveLength(1);
  });

  it('lets a domain import one ranked below it', async () => {
    expect(await refusals('src/server/dispatch/sample.ts', "import { moveOrder } from '../orders/moves.js';\n")).toEqual([]);
  });

  it('keeps auth below restaurants and restaurants below admin, the circles there once were', async () => {
    const authToRestaurants = "import { deleteUserMemberships } from '../restaurants/membersRepository.js';\n";
    expect(await refusals('src/server/auth/sample.ts', authToRestaurants)).toHaveLength(1);
    expect(
      await refusals('src/server/restaurants/sample.ts', "import { ensureAdmin } from '../admin/ensureAdmin.js';\n"),
    ).toHaveLength(1);
    expect(await refusals('src/server/admin/sample.ts', authToRestaurants)).toEqual([]);
  });

  it('names a folder of src/server that is neither ranked nor the base, so lint stops on it', async () => {
    type Entry = { name: string; isDirectory: () => boolean };
    const ranksUrl = pathToFileURL(path.join(ROOT, 'eslint/domainRanks.js')).href;
    const { unrankedDomains } = (await import(ranksUrl)) as { unrankedDomains: (entries: Entry[]) => string[] };
    const folder = (name: string, isDirectory = true) => ({ name, isDirectory: () => isDirectory });
    const entries = [folder('orders'), folder('core'), folder('test'), folder('policy.ts', false), folder('loyalty')];
    expect(unrankedDomains(entries)).toEqual(['loyalty']);
  });
});
