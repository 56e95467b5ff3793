/**
 * The kit's public API as files (api/<package>.api.md): for every published entry point (each
 * package's `publishConfig.exports`, stylesheets aside), the names it exports and their declared
 * types, read by TypeScript's checker from the sources. A change of the public surface then shows
 * in review as a change of these files.
 *
 *   node scripts/api-report.ts           writes api/
 *   node scripts/api-report.ts --check   (pnpm run check:api) exits 1 when api/ is not what the
 *                                        sources give, naming the entries that differ
 *
 * Either way it exits 1 when a public name (not one of an internal entry) has no TSDoc comment.
 *
 * TypeScript 7's `tsc` has no JS API; the checker here is TypeScript 6's (@typescript/typescript6,
 * the API package TypeScript publishes for tools, which typescript-eslint already uses).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from '@typescript/typescript6';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiDir = path.join(root, 'api');

/** A published entry point: its specifier and the source file the workspace's `exports` map it to. */
export interface Entry {
  packageDir: string;
  specifier: string;
  file: string;
  /**
   * A `./internal` subpath: shared between the kit's own packages, which depend on each other at
   * exact versions, and not public API. Reported (so its changes show in review), not counted, and
   * never the place a public name's type is said to be exported from.
   */
  internal: boolean;
}

/** The subpath of an entry that only the kit's own packages import (see `Entry.internal`). */
export const INTERNAL_SUBPATH = './internal';

/** The published entry points of packages/*, in the order their package.json lists them. */
export function publishedEntries(): Entry[] {
  const entries: Entry[] = [];
  for (const name of readdirSync(path.join(root, 'packages')).sort()) {
    const manifestFile = path.join(root, 'packages', name, 'package.json');
    if (!existsSync(manifestFile)) continue;
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    if (manifest.private) continue;
    for (const subpath of Object.keys(manifest.publishConfig?.exports ?? manifest.exports ?? {})) {
      if (subpath === './package.json' || subpath.endsWith('.css')) continue;
      const source = manifest.exports?.[subpath];
      if (typeof source !== 'string') throw new Error(`${manifest.name}: no source file for ${subpath}`);
      entries.push({
        packageDir: name,
        specifier: manifest.name + subpath.slice(1),
        file: path.join(root, 'packages', name, source),
        internal: subpath === INTERNAL_SUBPATH,
      });
    }
  }
  return entries;
}

const FLAGS =
  ts.TypeFormatFlags.NoTruncation |
  ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope |
  ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType;
const printer = ts.createPrinter({ removeComments: true });

/** Paths the checker may print inside `import("…")` types, shortened to package names or repo paths. */
function withoutMachinePaths(text: string): string {
  return text
    .replace(/import\("[^"]*\/node_modules\/((?:@[^/"]+\/)?[^/"]+)(?:\/[^"]*)?"\)/g, 'import("$1")')
    .replaceAll(`${root}/`, '');
}

/** A class without its members' bodies and initializers, and without its private members. */
function classOutline(node: ts.ClassDeclaration, sourceFile: ts.SourceFile, checker: ts.TypeChecker): string {
  const text = sourceFile.text;
  const head = text.slice(node.getStart(sourceFile), node.members.pos).trim();
  const members = node.members.flatMap((member) => {
    const modifiers = ts.canHaveModifiers(member) ? (ts.getModifiers(member) ?? []) : [];
    const isPrivate =
      modifiers.some(
        (m) => m.kind === ts.SyntaxKind.PrivateKeyword || m.kind === ts.SyntaxKind.ProtectedKeyword,
      ) ||
      (member.name !== undefined && ts.isPrivateIdentifier(member.name));
    if (isPrivate || ts.isClassStaticBlockDeclaration(member)) return [];
    const start = member.getStart(sourceFile);
    if (ts.isPropertyDeclaration(member)) {
      // Its type as the checker has it (an initializer's type too), not the initializer's code.
      const head = text.slice(start, member.name.end);
      const optional = member.questionToken ? '?' : '';
      const type = checker.typeToString(checker.getTypeAtLocation(member), undefined, FLAGS);
      return [`  ${head}${optional}: ${type};`];
    }
    const body = (member as { body?: ts.Node }).body;
    const end = body?.getStart(sourceFile) ?? member.end;
    const signature = text
      .slice(start, end)
      .replace(/[\s;]*$/, '')
      .replace(/\s+/g, ' ');
    return [`  ${signature};`];
  });
  return [head, ...members, '}'].join('\n');
}

/** The declared shape of one exported name: each of its declarations, as TypeScript reads it. */
function describe(name: string, symbol: ts.Symbol, checker: ts.TypeChecker): string[] {
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const shapes: string[] = [];
  for (const declaration of target.declarations ?? []) {
    const sourceFile = declaration.getSourceFile();
    const renamed = target.name !== name ? ` (declared as ${target.name})` : '';
    if (ts.isFunctionDeclaration(declaration)) {
      const signature = checker.getSignatureFromDeclaration(declaration);
      if (!signature || (declaration.body && isOverloaded(target))) continue;
      shapes.push(`function ${name}${checker.signatureToString(signature, undefined, FLAGS)}${renamed}`);
    } else if (ts.isVariableDeclaration(declaration)) {
      const type = checker.getTypeOfSymbolAtLocation(target, declaration);
      const keyword = declaration.parent.flags & ts.NodeFlags.Const ? 'const' : 'let';
      shapes.push(`${keyword} ${name}: ${checker.typeToString(type, undefined, FLAGS)}${renamed}`);
    } else if (ts.isClassDeclaration(declaration)) {
      shapes.push(
        classOutline(declaration, sourceFile, checker).replace(/^export (declare )?/, '') + renamed,
      );
    } else if (
      ts.isInterfaceDeclaration(declaration) ||
      ts.isTypeAliasDeclaration(declaration) ||
      ts.isEnumDeclaration(declaration)
    ) {
      const text = printer.printNode(ts.EmitHint.Unspecified, declaration, sourceFile);
      shapes.push(text.replace(/^export (declare )?/, '') + renamed);
    } else {
      shapes.push(`${ts.SyntaxKind[declaration.kind]} ${name}${renamed}`);
    }
  }
  return shapes.map(withoutMachinePaths);
}

/** The workspace's own declarations (not a dependency's). */
const isOwn = (symbol: ts.Symbol) =>
  (symbol.declarations ?? []).some((d) => {
    const file = d.getSourceFile().fileName;
    return file.startsWith(`${root}/packages/`) && !file.includes('/node_modules/');
  });

/**
 * The kit's own types that a declaration's shape names (its types, parameters, heritage; not
 * its bodies or initializers), so that a type an entry uses without exporting it is reported too.
 */
function namedTypes(declaration: ts.Declaration, checker: ts.TypeChecker): ts.Symbol[] {
  const found: ts.Symbol[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isBlock(node)) return;
    const parent = node.parent as ts.Node & { initializer?: ts.Node };
    if (parent && parent.initializer === node && !ts.isEnumMember(parent)) return;
    let name: ts.Node | undefined;
    if (ts.isTypeReferenceNode(node)) name = node.typeName;
    else if (ts.isExpressionWithTypeArguments(node)) name = node.expression;
    else if (ts.isTypeQueryNode(node)) name = node.exprName;
    if (name) {
      const rightmost = ts.isQualifiedName(name)
        ? name.right
        : ts.isPropertyAccessExpression(name)
          ? name.name
          : name;
      let symbol = checker.getSymbolAtLocation(rightmost);
      if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      if (symbol && isOwn(symbol) && !(symbol.flags & ts.SymbolFlags.TypeParameter)) found.push(symbol);
    }
    ts.forEachChild(node, visit);
  };
  visit(declaration);
  return found;
}

/** Overloaded functions: the overload signatures are the API, the implementation's is not. */
const isOverloaded = (symbol: ts.Symbol) =>
  (symbol.declarations ?? []).filter(ts.isFunctionDeclaration).length > 1;

interface ApiName {
  name: string;
  shapes: string[];
  /** An exported name whose declaration carries a TSDoc comment. */
  documented?: boolean;
  /** A type the entry's names use but the entry does not export. */
  unexported?: boolean;
  /** For such a type: the entry that exports it (where its shape is), if any does. */
  exportedBy?: string;
}

/** Each entry's exported names, sorted, with their declared shapes, then the types they use unexported. */
export function readApi(entries: Entry[]): Map<Entry, ApiName[]> {
  const config = ts.readConfigFile(path.join(root, 'tsconfig.base.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const program = ts.createProgram({
    rootNames: entries.map((entry) => entry.file),
    options: { ...options, noEmit: true },
  });
  const checker = program.getTypeChecker();
  const api = new Map<Entry, ApiName[]>();
  const resolve = (symbol: ts.Symbol) =>
    symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const byName = (a: ApiName, b: ApiName) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const exportsOf = new Map<Entry, ts.Symbol[]>();
  // Where each exported declaration is exported first: a type used elsewhere points there.
  const exportedBy = new Map<ts.Symbol, string>();
  for (const entry of entries) {
    const sourceFile = program.getSourceFile(entry.file);
    const moduleSymbol = sourceFile && checker.getSymbolAtLocation(sourceFile);
    if (!moduleSymbol) throw new Error(`${entry.specifier}: TypeScript cannot read ${entry.file}`);
    const exported = checker.getExportsOfModule(moduleSymbol);
    exportsOf.set(entry, exported);
    if (entry.internal) continue;
    for (const symbol of exported)
      if (!exportedBy.has(resolve(symbol))) exportedBy.set(resolve(symbol), entry.specifier);
  }
  for (const entry of entries) {
    const exported = exportsOf.get(entry)!;
    const names: ApiName[] = exported
      .map((symbol) => ({
        name: symbol.name,
        shapes: describe(symbol.name, symbol, checker),
        documented: ts.displayPartsToString(resolve(symbol).getDocumentationComment(checker)).trim() !== '',
      }))
      .sort(byName);
    // The kit's own types the exported shapes name and the entry does not export: by reference when
    // another entry exports them, in full (and what they name in turn) when none does.
    const seen = new Set(exported.map(resolve));
    const queue = exported.map(resolve);
    const unexported: ApiName[] = [];
    while (queue.length) {
      const symbol = queue.shift()!;
      for (const used of (symbol.declarations ?? []).flatMap((d) => namedTypes(d, checker))) {
        if (seen.has(used)) continue;
        seen.add(used);
        const elsewhere = exportedBy.get(used);
        if (elsewhere) {
          unexported.push({ name: used.name, shapes: [], unexported: true, exportedBy: elsewhere });
          continue;
        }
        queue.push(used);
        unexported.push({ name: used.name, shapes: describe(used.name, used, checker), unexported: true });
      }
    }
    api.set(entry, [...names, ...unexported.sort(byName)]);
  }
  return api;
}

/** The report of one package: its entries in package.json's order, each name with its shapes. */
function packageReport(packageName: string, entries: [Entry, ApiName[]][]): string {
  const lines = [
    `# ${packageName}: public API`,
    '',
    'Written by `node scripts/api-report.ts` from the published entry points; `pnpm run check:api`',
    'fails when it is out of date. Do not edit by hand: change the sources, then run the script.',
  ];
  for (const [entry, names] of entries) {
    const exported = names.filter((name) => !name.unexported);
    if (entry.internal)
      lines.push(
        '',
        `## ${entry.specifier} (internal: ${exported.length} names, not public API)`,
        '',
        "Shared between the kit's own packages, which depend on each other at exact versions. No",
        'stability promise; not counted in the public names. Apps import from the entries above.',
      );
    else lines.push('', `## ${entry.specifier} (${exported.length} names)`);
    const used = names.filter((name) => name.unexported && name.exportedBy);
    for (const { name, shapes, unexported, exportedBy } of names) {
      if (exportedBy) continue;
      const title = unexported ? `${name} (used by the names above, exported by no entry)` : name;
      lines.push('', `### ${title}`, '', '```ts', ...shapes, '```');
    }
    if (used.length) {
      lines.push('', 'Used by the names above, exported by another entry:', '');
      for (const { name, exportedBy } of used) lines.push(`- \`${name}\` (${exportedBy})`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The report files, by path under api/. */
export interface PackageReport {
  text: string;
  /** Public names per entry point. */
  counts: [string, number][];
  /** Names per internal entry point (not public, not counted). */
  internal: [string, number][];
  /** Public names without a TSDoc comment, as `entry: name`. */
  undocumented: string[];
}

/** The report files, by path under api/. */
export function apiReports(): Map<string, PackageReport> {
  const api = readApi(publishedEntries());
  const byPackage = new Map<string, [Entry, ApiName[]][]>();
  for (const [entry, names] of api)
    byPackage.set(entry.packageDir, [...(byPackage.get(entry.packageDir) ?? []), [entry, names]]);
  const reports = new Map<string, PackageReport>();
  for (const [packageDir, entries] of byPackage) {
    const packageName = entries[0]![0].specifier.split('/').slice(0, 2).join('/');
    reports.set(`${packageDir}.api.md`, {
      text: packageReport(packageName, entries),
      counts: entries
        .filter(([entry]) => !entry.internal)
        .map(([entry, names]) => [entry.specifier, names.filter((n) => !n.unexported).length]),
      internal: entries
        .filter(([entry]) => entry.internal)
        .map(([entry, names]) => [entry.specifier, names.filter((n) => !n.unexported).length]),
      undocumented: entries
        .filter(([entry]) => !entry.internal)
        .flatMap(([entry, names]) =>
          names.filter((n) => !n.unexported && !n.documented).map((n) => `${entry.specifier}: ${n.name}`),
        ),
    });
  }
  return reports;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  const reports = apiReports();
  const counts = [...reports.values()].flatMap((report) => report.counts);
  const total = counts.reduce((sum, [, count]) => sum + count, 0);
  const stale: string[] = [];
  for (const [file, { text }] of reports) {
    const target = path.join(apiDir, file);
    const committed = existsSync(target) ? readFileSync(target, 'utf8') : undefined;
    if (committed === text) continue;
    if (check) stale.push(file);
    else {
      mkdirSync(apiDir, { recursive: true });
      writeFileSync(target, text);
      console.log(`api-report: wrote api/${file}`);
    }
  }
  const extra = existsSync(apiDir)
    ? readdirSync(apiDir).filter((file) => file.endsWith('.api.md') && !reports.has(file))
    : [];
  for (const [specifier, count] of counts) console.log(`  ${specifier}: ${count} names`);
  console.log(`api-report: ${total} public names over ${counts.length} entry points`);
  for (const [specifier, count] of [...reports.values()].flatMap((report) => report.internal))
    console.log(`api-report: ${specifier}: ${count} names, internal (not counted)`);
  const undocumented = [...reports.values()].flatMap((report) => report.undocumented);
  for (const name of undocumented) console.error(`api-report: ${name} is public without a TSDoc comment`);
  if (undocumented.length) process.exitCode = 1;
  if (check && (stale.length || extra.length)) {
    for (const file of stale) console.error(`api/${file} is not what the sources export now`);
    for (const file of extra) console.error(`api/${file} names no published package`);
    console.error('The public API changed: run `node scripts/api-report.ts`, review api/ and commit it.');
    process.exitCode = 1;
  } else if (!check && extra.length) {
    console.error(`api-report: api/ has files of no published package: ${extra.join(', ')}`);
    process.exitCode = 1;
  }
}
