/**
 * `pnpm run check:cycles`: no import cycles between the kit's source files. Reads every
 * `.ts`/`.tsx` file under packages/<name>/src and apps/<name>/src, parses it with TypeScript's parser
 * (TypeScript 6's API package, as scripts/api-report.ts; so a string or a comment that looks like an
 * import is not one), and
 * follows each import, re-export, dynamic `import()` and `import('…')` type, type-only ones too:
 * relative specifiers, and the workspace's own packages by their `exports`. Every strongly connected
 * group of files is a cycle: it is printed with one loop through it, and the check exits 1 unless
 * the group is one of KNOWN_CYCLES below. A known cycle that no longer exists is named, so that its
 * entry is removed.
 *
 *   node scripts/check-cycles.ts
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from '@typescript/typescript6';

/** Cycles allowed for now, each as its files (repository paths), with why and until when. */
export const KNOWN_CYCLES: { files: string[]; why: string }[] = [];

const SOURCE = /\.(ts|tsx|mts)$/;

/** The source files under `dir`, recursively (no node_modules, no build output). */
export function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => SOURCE.test(file) && !/(^|\/)(node_modules|dist)\//.test(file))
    .map((file) => path.join(dir, file))
    .sort();
}

/** The module specifiers a file's code imports: static, re-exported, dynamic and in types. */
export function importsOf(code: string, file: string): string[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sourceFile = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, false, kind);
  const found: string[] = [];
  const literal = (node: ts.Node | undefined) => {
    if (node && ts.isStringLiteralLike(node)) found.push(node.text);
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) literal(node.moduleSpecifier);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      literal(node.arguments[0]);
    // `import('./x.ts').T` in a type
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) literal(node.argument.literal);
    else if (ts.isExternalModuleReference(node)) literal(node.expression);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** The workspace's packages by name: their directory and their `exports` map (subpath to file). */
export type Workspace = Map<string, { dir: string; exports: Record<string, string> }>;

export function readWorkspace(root: string, groups = ['packages', 'apps']): Workspace {
  const workspace: Workspace = new Map();
  for (const group of groups) {
    const groupDir = path.join(root, group);
    if (!existsSync(groupDir)) continue;
    for (const name of readdirSync(groupDir)) {
      const manifestFile = path.join(groupDir, name, 'package.json');
      if (!existsSync(manifestFile)) continue;
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
      const exports = typeof manifest.exports === 'string' ? { '.': manifest.exports } : manifest.exports;
      const files = Object.fromEntries(
        Object.entries(exports ?? {}).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      );
      workspace.set(manifest.name, { dir: path.join(groupDir, name), exports: files });
    }
  }
  return workspace;
}

/** The file a specifier names, if it is one of `files`: relative, or a workspace package's entry. */
function resolveSpecifier(specifier: string, from: string, files: Set<string>, workspace: Workspace) {
  let base: string | undefined;
  if (specifier.startsWith('.')) {
    base = path.resolve(path.dirname(from), specifier);
  } else {
    const [scope = '', name = '', ...rest] = specifier.split('/');
    const packageName = scope.startsWith('@') ? `${scope}/${name}` : scope;
    const subpath = scope.startsWith('@') ? rest : [name, ...rest].filter(Boolean);
    const target = workspace.get(packageName);
    const entry = target?.exports[subpath.length ? `./${subpath.join('/')}` : '.'];
    if (target && entry) base = path.resolve(target.dir, entry);
  }
  if (base === undefined) return undefined;
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx')];
  for (const extension of ['.ts', '.tsx', '/index.ts', '/index.tsx']) candidates.push(base + extension);
  return candidates.find((candidate) => files.has(candidate));
}

/** Each file's imports among `files`. */
export function importGraph(files: string[], workspace: Workspace): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = importsOf(readFileSync(file, 'utf8'), file)
      .map((specifier) => resolveSpecifier(specifier, file, known, workspace))
      .filter((target): target is string => target !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** A group of files that import each other (in a loop), and one such loop, back to its first file. */
export interface Cycle {
  files: string[];
  loop: string[];
}

/** The graph's cycles: each strongly connected group of files (Tarjan), with one loop through it. */
export function findCycles(graph: Map<string, string[]>): Cycle[] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: Cycle[] = [];
  let next = 0;
  // Iterative, so that a long import chain cannot overflow the call stack.
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { file: string; edge: number }[] = [{ file: start, edge: 0 }];
    index.set(start, next);
    lowLink.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1]!;
      const targets = graph.get(frame.file) ?? [];
      if (frame.edge < targets.length) {
        const target = targets[frame.edge++]!;
        if (!index.has(target)) {
          index.set(target, next);
          lowLink.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ file: target, edge: 0 });
        } else if (onStack.has(target)) {
          lowLink.set(frame.file, Math.min(lowLink.get(frame.file)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) lowLink.set(parent.file, Math.min(lowLink.get(parent.file)!, lowLink.get(frame.file)!));
      if (lowLink.get(frame.file) !== index.get(frame.file)) continue;
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== frame.file);
      const selfImport = (graph.get(frame.file) ?? []).includes(frame.file);
      if (group.length > 1 || selfImport)
        groups.push({ files: group.sort(), loop: loopThrough(group, graph) });
    }
  }
  return groups;
}

/** One loop through a strongly connected group, from its first file (sorted) back to it. */
function loopThrough(group: string[], graph: Map<string, string[]>): string[] {
  const members = new Set(group);
  const [first] = [...group].sort();
  const cameFrom = new Map<string, string>();
  const queue = [first!];
  while (queue.length) {
    const file = queue.shift()!;
    for (const target of graph.get(file) ?? []) {
      if (!members.has(target)) continue;
      if (target === first) {
        const loop = [file];
        while (loop[0] !== first) loop.unshift(cameFrom.get(loop[0]!)!);
        return [...loop, first];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, file);
        queue.push(target);
      }
    }
  }
  return [first!, first!];
}

export interface CycleReport {
  files: number;
  imports: number;
  /** Cycles not listed as known, in repository paths. */
  cycles: Cycle[];
  /** Known cycles found as listed. */
  known: Cycle[];
  /** Known cycles no longer found. */
  stale: string[][];
}

/** Checks the source files under each `root/<group>/<name>/src` for import cycles. */
export function checkCycles(root: string, known = KNOWN_CYCLES, groups = ['packages', 'apps']): CycleReport {
  const workspace = readWorkspace(root, groups);
  const files = [...workspace.values()].flatMap(({ dir }) => sourceFiles(path.join(dir, 'src')));
  const graph = importGraph(files, workspace);
  const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');
  const keyOf = (files: string[]) => [...new Set(files)].sort().join('\n');
  const knownKeys = new Map(known.map((cycle) => [keyOf(cycle.files), cycle.files]));
  const report: CycleReport = {
    files: files.length,
    imports: [...graph.values()].reduce((sum, targets) => sum + targets.length, 0),
    cycles: [],
    known: [],
    stale: [],
  };
  for (const found of findCycles(graph)) {
    const cycle = { files: found.files.map(relative).sort(), loop: found.loop.map(relative) };
    const key = keyOf(cycle.files);
    if (knownKeys.has(key)) {
      report.known.push(cycle);
      knownKeys.delete(key);
    } else report.cycles.push(cycle);
  }
  report.stale = [...knownKeys.values()];
  return report;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const report = checkCycles(root);
  for (const { files, loop } of report.cycles) {
    console.error(`import cycle, ${files.length} files importing each other: ${files.join(', ')}`);
    console.error(`  for example ${loop.join('\n    → ')}`);
  }
  for (const { loop } of report.known) console.log(`known import cycle (KNOWN_CYCLES): ${loop.join(' → ')}`);
  for (const files of report.stale)
    console.log(`KNOWN_CYCLES lists a cycle that is gone, remove its entry: ${files.join(', ')}`);
  const summary = `${report.files} files, ${report.imports} imports between them`;
  if (report.cycles.length) {
    console.error(`check:cycles: ${report.cycles.length} import cycle(s) in ${summary}`);
    process.exitCode = 1;
  } else console.log(`check:cycles: no import cycle in ${summary}`);
}
