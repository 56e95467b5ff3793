import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorOf, brokenLinks } from './check-links.ts';

function docs(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'check-links-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return (name: string) => path.join(dir, name);
}

describe('check:links', () => {
  it('makes GitHub’s anchors: code and punctuation dropped, spaces to hyphens', () => {
    expect(anchorOf('Deploy check: `mastra build` and `mastra dev`')).toBe(
      'deploy-check-mastra-build-and-mastra-dev',
    );
    expect(anchorOf('With the AI SDK’s `useChat`: `@ask-user-kit/react/ai-sdk`')).toBe(
      'with-the-ai-sdks-usechat-ask-user-kitreactai-sdk',
    );
  });

  it('finds a link to a missing file and to a missing heading, and passes good ones', () => {
    const at = docs({
      'README.md': [
        '# Kit',
        '[ok](docs/guide.md#set-up-the-server) [ok](docs/) [site](https://example.com/x)',
        '[gone](docs/missing.md) [no heading](docs/guide.md#nowhere)',
        '```md',
        '[in code](not-checked.md)',
        '```',
        '`[inline](not-checked.md)`',
      ].join('\n'),
      'docs/guide.md': '# Guide\n\n## Set up the server\n',
    });
    const problems = brokenLinks([at('README.md')]);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/README\.md:3: docs\/missing\.md: no such file: docs\/missing\.md$/);
    expect(problems[1]).toMatch(
      /README\.md:3: docs\/guide\.md#nowhere: no heading for #nowhere in .*guide\.md$/,
    );
  });

  it('numbers repeated headings as GitHub does', () => {
    const at = docs({ 'a.md': '# Use\n# Use\n[second](#use-1) [third](#use-2)\n' });
    expect(brokenLinks([at('a.md')])).toHaveLength(1);
  });
});
