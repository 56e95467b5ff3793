import { useEffect, useRef, type KeyboardEvent } from 'react';

/** The demo's pages, each a way a Mastra app waits for a person; named as each page's title. */
const PAGES = [
  { href: '?', title: 'Trip planner' },
  { href: '?agent=concierge', title: 'Concierge' },
  { href: '?agent=expense', title: 'Expense claim' },
  { href: '?page=mcp', title: 'Booking' },
  { href: '?agent=supervisor', title: 'Supervisor' },
] as const;

/** The header's "Pages" disclosure: a link to each page of the demo, the current one marked. */
export function DemoPages({ current }: { current: string }) {
  const disclosure = useRef<HTMLDetailsElement>(null);
  // A disclosure closes with Escape, focus back on its button.
  const onKeyDown = (event: KeyboardEvent) => {
    const element = disclosure.current;
    if (event.key !== 'Escape' || !element?.open) return;
    element.open = false;
    element.querySelector('summary')?.focus();
  };
  // It also closes on a click or tap outside it, as a menu would.
  useEffect(() => {
    const closeOutside = (event: PointerEvent) => {
      const element = disclosure.current;
      if (element?.open && !element.contains(event.target as Node)) element.open = false;
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, []);
  return (
    <details ref={disclosure} className="pages" onKeyDown={onKeyDown}>
      <summary className="pages__button">Pages</summary>
      <nav aria-label="Demo pages">
        <ul className="pages__list">
          {PAGES.map((page) => (
            <li key={page.href}>
              <a href={page.href} aria-current={page.title === current ? 'page' : undefined}>
                {page.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}
