import { Markdown } from '@storybook/addon-docs/blocks';
import type { AnchorHTMLAttributes, ImgHTMLAttributes } from 'react';

/**
 * The repository's Markdown files that are pages of this Storybook, by their path in the
 * repository, with their page's id (the slug of the MDX page's title, as Storybook makes it).
 */
export const DOC_PAGES: Record<string, string> = {
  'README.md': 'guides-getting-started--docs',
  'packages/react/README.md': 'guides-react--docs',
  'packages/server/README.md': 'guides-server-guard-history-route-and-scale-out--docs',
  'packages/core/README.md': 'guides-core-without-react--docs',
  'packages/testing/README.md': 'guides-testing--docs',
  'docs/vocabulary.md': 'guides-vocabulary--docs',
  'api/core.api.md': 'api-reference-core--docs',
  'api/react.api.md': 'api-reference-react--docs',
  'api/server.api.md': 'api-reference-server--docs',
  'api/testing.api.md': 'api-reference-testing--docs',
};

/** `to`, a link in the Markdown file at `from` (repository paths), resolved against it. */
function resolve(from: string, to: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const part of to.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

/**
 * Where a link of the page made from `from` goes in this Storybook: another page (and its
 * heading), a heading of this page, a site; `undefined` for a file of the repository that is no
 * page here (it is shown as its text).
 */
export function docHref(from: string, href: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return href;
  const [file = '', fragment] = href.split('#', 2);
  if (!file) return `#${fragment ?? ''}`;
  const page = DOC_PAGES[resolve(from, file)];
  if (!page) return undefined;
  // The docs page is in the manager's frame; the link leaves the preview's for it.
  return `?path=/docs/${page}${fragment ? `#${fragment}` : ''}`;
}

export interface DocPageProps {
  /** The Markdown file's text (imported with `?raw`). */
  markdown: string;
  /** Its path in the repository, to resolve its relative links. */
  path: string;
  /** Images it shows, by the path it gives them (imported by the page, so that the build has them). */
  images?: Record<string, string>;
}

/** A Markdown file of the repository as a docs page: its links lead to the other pages. */
export function DocPage({ markdown, path, images = {} }: DocPageProps) {
  const Link = ({ href = '', children, ...props }: AnchorHTMLAttributes<HTMLAnchorElement>) => {
    const target = docHref(path, href);
    if (target === undefined) return <span title={href}>{children}</span>;
    const leaves = target.startsWith('?path=');
    return (
      <a {...props} href={target} target={leaves ? '_top' : undefined}>
        {children}
      </a>
    );
  };
  const Image = ({ src = '', alt = '', ...props }: ImgHTMLAttributes<HTMLImageElement>) => {
    const found = images[src];
    return found ? <img {...props} src={found} alt={alt} style={{ maxWidth: '100%' }} /> : <span>{alt}</span>;
  };
  return <Markdown options={{ overrides: { a: Link, img: Image } }}>{markdown}</Markdown>;
}
