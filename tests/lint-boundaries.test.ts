import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(file: string, source: string, rule = 'boundaries/layers') {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}

describe('import boundaries', () => {
  it('refuses a feature importing another feature', async () => {
    const errors = await boundaryErrors(
      'src/features/profile/components/probe.tsx',
      "import { LandingPage } from '@/features/landing/components/landing-page';\nexport const x = LandingPage;\n",
    );
    expect(errors.join()).toMatch(/Features must not import each other/);
  });

  it('refuses a relative import into another feature', async () => {
    const errors = await boundaryErrors(
      'src/features/cashback/components/probe.tsx',
      "import { LandingPage } from '../../landing/components/landing-page';\nexport const x = LandingPage;\n",
    );
    expect(errors.join()).toMatch(/cashback imports landing/);
  });

  it('refuses a feature importing the app layer', async () => {
    const errors = await boundaryErrors(
      'src/features/landing/components/probe.tsx',
      "import { routes } from '@/app/router';\nexport const x = routes;\n",
    );
    expect(errors.join()).toMatch(/Features must not import from the app layer/);
  });

  it('refuses shared code importing a feature', async () => {
    const errors = await boundaryErrors(
      'src/lib/probe.ts',
      "import { LandingPage } from '@/features/landing/components/landing-page';\nexport const x = LandingPage;\n",
    );
    expect(errors.join()).toMatch(/Shared code must not import features/);
  });

  it('lets the app layer compose features', async () => {
    const errors = await boundaryErrors(
      'src/app/probe.tsx',
      "import { LandingPage } from '@/features/landing/components/landing-page';\nexport const x = LandingPage;\n",
    );
    expect(errors).toEqual([]);
  });

  it('refuses an import cycle, also through a type-only import, and names its path', async () => {
    // lib/campaign.ts imports lib/api/active-campaign.ts; importing it back closes a cycle.
    const errors = await boundaryErrors(
      'src/lib/api/active-campaign.ts',
      "import type { FactsState } from '@/lib/campaign';\nexport type X = FactsState;\n",
      'boundaries/no-cycle',
    );
    expect(errors).toEqual(['Import cycle: lib/api/active-campaign.ts -> lib/campaign.ts -> lib/api/active-campaign.ts']);
  });

  it('lets a lazy import point back (a deliberate seam)', async () => {
    const errors = await boundaryErrors(
      'src/lib/api/active-campaign.ts',
      "export const later = () => import('@/lib/campaign');\n",
      'boundaries/no-cycle',
    );
    expect(errors).toEqual([]);
  });

  it('refuses a second operation in an api file and lets model.ts hold types, messages and helpers', async () => {
    const two =
      "import { pb } from '@/lib/pocketbase';\nexport const a = () => pb.send('/a', {});\nexport function b() {\n  return pb.send('/b', {});\n}\n";
    expect(await boundaryErrors('src/features/profile/api/probe.ts', two, 'boundaries/one-operation')).toEqual([
      'One operation per api file: move b to a file of its own (types and messages go to model.ts).',
    ]);
    expect(await boundaryErrors('src/lib/api/probe.ts', two, 'boundaries/one-operation')).toHaveLength(1);
    const model = "export const M = { x: 'y' } as const;\nexport const f = () => 1;\nexport function g() {\n  return 2;\n}\n";
    expect(await boundaryErrors('src/features/profile/api/model.ts', model, 'boundaries/one-operation')).toEqual([]);
    // Outside api files the rule does not apply.
    expect(await boundaryErrors('src/features/profile/components/probe.ts', model, 'boundaries/one-operation')).toEqual([]);
  });
});
