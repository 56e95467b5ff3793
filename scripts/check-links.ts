// `pnpm run check:links`: every relative link in the repository's Markdown files (git ls-files
// '*.md') points at a file or folder that exists, and a `#fragment` at a heading of that file, by
// GitHub's anchor rule (lower case, punctuation dropped, spaces to hyphens, repeats numbered -1,
// -2, …). The MDX docs' links to other Storybook pages (`?path=/docs/<id>`, `?path=/story/<id>`)
// must name an entry of the built Storybook's index (storybook-static/index.json, which
// `check:storybook-build` writes just before this check; without it they are counted, not checked).
// Links to other sites are not fetched (CI reaches no site but the registries). Exits 1 with one
// line per broken link.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// [text](target "title") and ![alt](target); a target in <…> may hold spaces.
const LINK = /!?\[(?:[^\]\\]|\\.)*\]\(\s*(<[^>]*>|[^()\s]+)(?:\s+"[^"]*")?\s*\)/g;
const FENCE = /^\s*(```|~~~)/;
const HEADING = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;

/** GitHub's anchor for a heading's text. */
export function anchorOf(heading: string): string {
  return heading
    .replace(/<[^>]+>/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The lines outside code blocks, with their numbers; `prose` without inline code (no links there). */
function proseLines(text: string) {
  const lines: { line: string; prose: string; number: number }[] = [];
  let fenced = false;
  text.split('\n').forEach((line, index) => {
    if (FENCE.test(line)) fenced = !fenced;
    else if (!fenced) lines.push({ line, prose: line.replace(/`[^`]*`/g, ''), number: index + 1 });
  });
  return lines;
}

const anchorCache = new Map<string, Set<string>>();
/** The anchors a Markdown file's headings make. */
function anchorsOf(file: string): Set<string> {
  if (!anchorCache.has(file)) {
    const seen = new Map<string, number>();
    const anchors = new Set<string>();
    for (const { line } of proseLines(readFileSync(file, 'utf8'))) {
      const heading = HEADING.exec(line);
      if (!heading) continue;
      const anchor = anchorOf(heading[1]!);
      const count = seen.get(anchor) ?? 0;
      seen.set(anchor, count + 1);
      anchors.add(count ? `${anchor}-${count}` : anchor);
    }
    anchorCache.set(file, anchors);
  }
  return anchorCache.get(file)!;
}

const STORYBOOK_LINK = /^\?path=\/(docs|story)\/([^&#]+)/;
const storybookIndex = path.join(root, 'storybook-static/index.json');
/** The ids of the built Storybook's entries, or undefined when it is not built. */
const storybookIds = existsSync(storybookIndex)
  ? new Set(
      Object.keys((JSON.parse(readFileSync(storybookIndex, 'utf8')) as { entries?: object }).entries ?? {}),
    )
  : undefined;
let uncheckedStorybookLinks = 0;

/** What is wrong with one link of `file`, or undefined. */
export function brokenLink(file: string, rawTarget: string): string | undefined {
  const target = rawTarget.startsWith('<') ? rawTarget.slice(1, -1) : rawTarget;
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined; // https:, mailto:, …
  const storybook = STORYBOOK_LINK.exec(target);
  if (storybook) {
    if (!storybookIds) uncheckedStorybookLinks += 1;
    else if (!storybookIds.has(storybook[2]!)) return `no Storybook entry ${storybook[2]}`;
    return undefined;
  }
  const [pathPart = '', fragment] = target.split('#', 2);
  const resolved = pathPart ? path.resolve(path.dirname(file), decodeURIComponent(pathPart)) : file;
  if (!existsSync(resolved)) return `no such file: ${pathPart}`;
  if (fragment === undefined || fragment === '') return undefined;
  if (statSync(resolved).isDirectory() || !resolved.endsWith('.md')) return undefined;
  if (!anchorsOf(resolved).has(decodeURIComponent(fragment).toLowerCase()))
    return `no heading for #${fragment} in ${path.relative(root, resolved)}`;
  return undefined;
}

/** Every broken link in `files` (absolute paths), as `file:line: target: why`. */
export function brokenLinks(files: string[]): string[] {
  const problems: string[] = [];
  for (const file of files) {
    for (const { prose, number } of proseLines(readFileSync(file, 'utf8'))) {
      for (const match of prose.matchAll(LINK)) {
        const why = brokenLink(file, match[1]!);
        if (why) problems.push(`${path.relative(root, file)}:${number}: ${match[1]}: ${why}`);
      }
    }
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = execFileSync('git', ['ls-files', '*.md', '*.mdx'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map((file) => path.join(root, file))
    .filter((file) => existsSync(file));
  const problems = brokenLinks(files);
  // The docs pages made from the repository's Markdown link to each other by these ids.
  const docPages = path.join(root, 'packages/react/src/stories/guides/DocPage.tsx');
  if (storybookIds && existsSync(docPages)) {
    for (const [, id] of readFileSync(docPages, 'utf8').matchAll(/'([a-z0-9-]+--docs)'/g)) {
      if (!storybookIds.has(id!)) problems.push(`${path.relative(root, docPages)}: no Storybook entry ${id}`);
    }
  }
  for (const problem of problems) console.error(problem);
  const unchecked = uncheckedStorybookLinks
    ? `; ${uncheckedStorybookLinks} Storybook links not checked (no storybook-static/index.json)`
    : '';
  console.log(`check:links: ${files.length} Markdown files, ${problems.length} broken links${unchecked}`);
  process.exit(problems.length ? 1 : 0);
}
