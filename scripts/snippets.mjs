// The docs' TypeScript code blocks, for the checks that type-check them where users paste them: the
// page-side ones in the consumer gate's Vite app (scripts/consumers.mjs, check `snippets`), the
// server-side ones in the deploy check's fresh Mastra project (scripts/deploy-check.mjs, step
// `snippets`). In Markdown, a block is a ```ts or ```tsx fence; in the Storybook's MDX pages, a
// template string the page shows (`export const example = `…`;`, TSX). A block is a complete file
// unless the line before it says otherwise:
//   <!-- fragment --> ({/* fragment */} in MDX)  part of a larger file (it uses names it does not
//                                               declare): not checked
//   <!-- file: src/App.tsx -->                   one file of the doc's runnable example, at that path
// The stack pages show the examples' own files (examples/, imported as raw text), built and run by
// the consumer gate, rather than code of their own.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { root } from './processes.mjs';

/** The Storybook's MDX pages: all page-side code. */
const MDX_DOCS = readdirSync(path.join(root, 'packages/react/src'), { recursive: true })
  .filter((file) => file.endsWith('.mdx'))
  .map((file) => path.posix.join('packages/react/src', file.split(path.sep).join('/')))
  .sort();

/** Where the snippets go: the docs of the page-side packages, and the server-side ones. */
export const PAGE_DOCS = ['README.md', 'packages/core/README.md', 'packages/react/README.md', ...MDX_DOCS];
export const SERVER_DOCS = ['packages/server/README.md', 'packages/testing/README.md'];

const FENCE_OPEN = /^```(ts|tsx)\s*$/;
const FENCE_CLOSE = /^```\s*$/;
const MARKER = /^(?:<!--\s*(fragment|file:\s*(\S+))\s*-->|\{\/\*\s*(fragment)\s*\*\/\})$/;
const MDX_CODE_OPEN = /^export const (\w+) = `/;
const MDX_CODE_CLOSE = /(?<!\\)`;\s*$/;

/** The runnable example's files in `docs`, by their path in the app. */
export function exampleFiles(docs) {
  return new Map(
    readSnippets(docs).flatMap((snippet) => (snippet.file ? [[snippet.file, snippet.code]] : [])),
  );
}

/**
 * The TypeScript blocks of `docs` (paths from the repository's root, or absolute), in order: each with the doc
 * and line it starts on, its language, its code, and what the marker before it says.
 */
export function readSnippets(docs) {
  const snippets = [];
  for (const doc of docs) {
    const lines = readFileSync(path.resolve(root, doc), 'utf8').split('\n');
    if (doc.endsWith('.mdx')) {
      snippets.push(...readMdxSnippets(doc, lines));
      continue;
    }
    for (let index = 0; index < lines.length; index++) {
      const open = FENCE_OPEN.exec(lines[index]);
      if (!open) continue;
      const close = lines.findIndex((line, at) => at > index && FENCE_CLOSE.test(line));
      if (close < 0) throw new Error(`${doc}:${index + 1}: a code block that never ends`);
      const before = lines.slice(0, index).findLast((line) => line.trim() !== '') ?? '';
      snippets.push({
        doc,
        line: index + 1,
        lang: open[1],
        code: `${lines.slice(index + 1, close).join('\n')}\n`,
        ...markedAs(before),
      });
      index = close;
    }
  }
  return snippets;
}

/** What the marker line before a block says: a fragment, or a file of the runnable example. */
function markedAs(before) {
  const marker = MARKER.exec(before.trim());
  return { fragment: marker?.[1] === 'fragment' || marker?.[3] === 'fragment', file: marker?.[2] };
}

/** The code an MDX page shows from its template strings (`export const name = `…`;`), as TSX. */
function readMdxSnippets(doc, lines) {
  const snippets = [];
  for (let index = 0; index < lines.length; index++) {
    if (!MDX_CODE_OPEN.test(lines[index])) continue;
    const close = lines.findIndex((line, at) => at >= index && MDX_CODE_CLOSE.test(line));
    if (close < 0) throw new Error(`${doc}:${index + 1}: a template string that never ends`);
    const source = lines.slice(index, close + 1).join('\n');
    const literal = source.slice(source.indexOf('`'), source.lastIndexOf('`') + 1);
    if (/(?<!\\)\$\{/.test(literal)) throw new Error(`${doc}:${index + 1}: code with a \${…} in it`);
    const before = lines.slice(0, index).findLast((line) => line.trim() !== '') ?? '';
    // The page shows the string's value: its escapes (\` and \${) undone.
    const code = runInNewContext(literal);
    snippets.push({ doc, line: index + 1, lang: 'tsx', code: `${code}\n`, ...markedAs(before) });
    index = close;
  }
  return snippets;
}

/** A file name for a snippet that says where it came from: `packages-react-README-L82.tsx`. */
export function snippetFileName({ doc, line, lang }) {
  return `${doc.replace(/\.mdx?$/, '').replaceAll('/', '-')}-L${line}.${lang}`;
}

/**
 * Writes the complete snippets of `docs` (the runnable example's files too) into `dir`, with a tsconfig that extends `baseConfig` (relative to
 * `dir`) and includes them; returns what it wrote and what it left out.
 */
export function writeSnippets(docs, dir, baseConfig, compilerOptions = {}) {
  const snippets = readSnippets(docs);
  const checked = snippets.filter((snippet) => !snippet.fragment);
  mkdirSync(dir, { recursive: true });
  for (const snippet of checked) writeFileSync(path.join(dir, snippetFileName(snippet)), snippet.code);
  const config = { extends: baseConfig, compilerOptions, include: ['./**/*'] };
  writeFileSync(path.join(dir, 'tsconfig.json'), `${JSON.stringify(config, null, 2)}\n`);
  return { checked, fragments: snippets.filter((snippet) => snippet.fragment) };
}

/** One line for a check's output: how many blocks were checked, and which were fragments. */
export function describeSnippets({ checked, fragments }) {
  const where = fragments.map((snippet) => `${snippet.doc}:${snippet.line}`).join(', ');
  return `${checked.length} code blocks type-checked` + (fragments.length ? `; fragments: ${where}` : '');
}
