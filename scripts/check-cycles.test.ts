import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkCycles } from './check-cycles.ts';

// A small workspace on disk per test: packages/<name>/package.json and its src/ files.
let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

function workspace(
  packages: Record<string, { exports?: Record<string, string>; files: Record<string, string> }>,
) {
  root = mkdtempSync(path.join(os.tmpdir(), 'check-cycles-'));
  for (const [name, { exports = { '.': './src/index.ts' }, files }] of Object.entries(packages)) {
    const dir = path.join(root, 'packages', name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: `@fixture/${name}`, exports }));
    for (const [file, code] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, 'src', file)), { recursive: true });
      writeFileSync(path.join(dir, 'src', file), code);
    }
  }
  return root;
}

describe('check-cycles', () => {
  it('finds a cycle through a type-only import, a re-export and a workspace entry, with one loop through it', () => {
    workspace({
      a: {
        files: {
          'index.ts': "export { b } from './b.ts';\n",
          'b.ts': "import type { C } from '@fixture/a/c';\nexport const b = (c: C) => c;\n",
          'c.ts': "import { b } from './index.ts';\nexport type C = typeof b;\n",
        },
        exports: { '.': './src/index.ts', './c': './src/c.ts' },
      },
    });
    const report = checkCycles(root, []);
    expect(report.cycles).toEqual([
      {
        files: ['packages/a/src/b.ts', 'packages/a/src/c.ts', 'packages/a/src/index.ts'],
        loop: [
          'packages/a/src/b.ts',
          'packages/a/src/c.ts',
          'packages/a/src/index.ts',
          'packages/a/src/b.ts',
        ],
      },
    ]);
  });

  it('counts dynamic imports, import() types and JSX files, across packages', () => {
    workspace({
      a: { files: { 'index.ts': "export const load = () => import('@fixture/b');\n" } },
      b: {
        files: {
          'index.ts': "export { View } from './View.tsx';\n",
          'View.tsx':
            "export const View = (p: { a: import('@fixture/a').Load }) => <div>{String(p.a)}</div>;\n",
        },
      },
    });
    expect(checkCycles(root, []).cycles.map((cycle) => cycle.files)).toEqual([
      ['packages/a/src/index.ts', 'packages/b/src/View.tsx', 'packages/b/src/index.ts'],
    ]);
  });

  it('passes a diamond, and imports that are only text in strings or comments', () => {
    workspace({
      a: {
        files: {
          'index.ts': "import { b } from './b.ts';\nimport { c } from './c.ts';\nexport const a = [b, c];\n",
          'b.ts': "import { d } from './d.ts';\nexport const b = d;\n",
          'c.ts': "import { d } from './d.ts';\nexport const c = d;\n",
          'd.ts':
            "// import { a } from './index.ts';\nexport const d = `import { a } from './index.ts';`;\n" +
            'export const e = "export * from \'./b.ts\'";\n',
        },
      },
    });
    const report = checkCycles(root, []);
    expect(report).toMatchObject({ files: 4, imports: 4, cycles: [], known: [], stale: [] });
  });

  it('a self-import is a cycle', () => {
    workspace({ a: { files: { 'index.ts': "export * from './index.ts';\n" } } });
    expect(checkCycles(root, []).cycles).toEqual([
      { files: ['packages/a/src/index.ts'], loop: ['packages/a/src/index.ts', 'packages/a/src/index.ts'] },
    ]);
  });

  it('accepts a known cycle as listed, and names a known cycle that is gone', () => {
    workspace({
      a: {
        files: {
          'index.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
          'b.ts': "import { a } from './index.ts';\nexport const b = () => a;\n",
        },
      },
    });
    const known = [
      { files: ['packages/a/src/b.ts', 'packages/a/src/index.ts'], why: 'listed' },
      { files: ['packages/a/src/gone.ts', 'packages/a/src/index.ts'], why: 'fixed since' },
    ];
    const report = checkCycles(root, known);
    expect(report.cycles).toEqual([]);
    expect(report.known.map((cycle) => cycle.files)).toEqual([known[0]!.files]);
    expect(report.stale).toEqual([known[1]!.files]);
    // A known cycle that grew is a new cycle: its files are no longer the listed ones.
    writeFileSync(
      path.join(root, 'packages/a/src/c.ts'),
      "import { b } from './b.ts';\nexport const c = b;\n",
    );
    writeFileSync(
      path.join(root, 'packages/a/src/b.ts'),
      "import { a } from './index.ts';\nimport './c.ts';\nexport const b = () => a;\n",
    );
    expect(checkCycles(root, known.slice(0, 1)).cycles.map((cycle) => cycle.files)).toEqual([
      ['packages/a/src/b.ts', 'packages/a/src/c.ts', 'packages/a/src/index.ts'],
    ]);
  });
});
