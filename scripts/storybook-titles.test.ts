import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Storybook makes every '/' of a title a sidebar folder, so a scoped package name in a title
// ("@mastra/react") becomes a folder "@mastra" holding "react …".
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const storiesDir = path.join(root, 'packages/react/src');

/** The titles given in the stories' default exports (`title: '…'`) and MDX pages (`<Meta title="…" />`). */
function storyTitles(): { file: string; title: string }[] {
  const files = readdirSync(storiesDir, { recursive: true, encoding: 'utf8' }).filter((file) =>
    /\.(mdx|stories\.tsx?)$/.test(file),
  );
  return files.flatMap((file) => {
    const text = readFileSync(path.join(storiesDir, file), 'utf8');
    const pattern = file.endsWith('.mdx') ? /<Meta\s+title="([^"]*)"/g : /^\s{2}title:\s*'([^']*)'/gm;
    return [...text.matchAll(pattern)].map((match) => ({ file, title: match[1]! }));
  });
}

describe('Storybook titles', () => {
  it('are found in the stories and MDX pages', () => {
    const files = new Set(storyTitles().map(({ file }) => file));
    expect(files.size).toBeGreaterThanOrEqual(8);
  });

  it('never split a scoped package name into folders', () => {
    const split = storyTitles().filter(({ title }) => /@[\w.-]+\/[\w.-]/.test(title));
    expect(split).toEqual([]);
  });
});
