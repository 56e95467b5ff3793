// The docs' TypeScript code blocks, for the checks that type-check them where users paste them: the
// page-side ones in the consumer gate's Vite app (scripts/consumers.mjs, check `snippets`), the
// server-side ones in the deploy check's fresh Mastra project (scripts/deploy-check.mjs, step
// `snippets`). A block is a complete file unless the line before it says otherwise:
//   <!-- fragment -->        part of a larger file (it uses names it does not declare): not checked
//   <!-- file: src/App.tsx --> one file of the doc's runnable example, at that path in the app
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './processes.mjs';

/** Where the snippets go: the docs of the page-side packages, and the server-side ones. */
export const PAGE_DOCS = ['README.md', 'packages/core/README.md', 'packages/react/README.md'];
export const SERVER_DOCS = ['packages/server/README.md', 'packages/testing/README.md'];

const FENCE_OPEN = /^```(ts|tsx)\s*$/;
const FENCE_CLOSE = /^```\s*$/;
const MARKER = /^<!--\s*(fragment|file:\s*(\S+))\s*-->$/;

/** The runnable example's files in `docs`, by their path in the app. */
export function exampleFiles(docs) {
  return new Map(
    readSnippets(docs).flatMap((snippet) => (snippet.file ? [[snippet.file, snippet.code]] : [])),
  );
}

/**
 * The TypeScript blocks of `docs` (paths from the repository's root), in order: each with the doc
 * and line it starts on, its language, its code, and what the marker before it says.
 */
export function readSnippets(docs) {
  const snippets = [];
  for (const doc of docs) {
    const lines = readFileSync(path.join(root, doc), 'utf8').split('\n');
    for (let index = 0; index < lines.length; index++) {
      const open = FENCE_OPEN.exec(lines[index]);
      if (!open) continue;
      const close = lines.findIndex((line, at) => at > index && FENCE_CLOSE.test(line));
      if (close < 0) throw new Error(`${doc}:${index + 1}: a code block that never ends`);
      const before = lines.slice(0, index).findLast((line) => line.trim() !== '') ?? '';
      const marker = MARKER.exec(before.trim());
      snippets.push({
        doc,
        line: index + 1,
        lang: open[1],
        code: `${lines.slice(index + 1, close).join('\n')}\n`,
        fragment: marker?.[1] === 'fragment',
        file: marker?.[2],
      });
      index = close;
    }
  }
  return snippets;
}

/** A file name for a snippet that says where it came from: `packages-react-README-L82.tsx`. */
export function snippetFileName({ doc, line, lang }) {
  return `${doc.replace(/\.md$/, '').replaceAll('/', '-')}-L${line}.${lang}`;
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
