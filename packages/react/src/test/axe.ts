import axe from 'axe-core';
import { expect } from 'vitest';

/** Runs axe-core on `container` and fails with a readable list if it finds any violation. */
export async function expectNoAxeViolations(container: Element): Promise<void> {
  const results = await axe.run(container);
  const found = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.html).join('\n  ')}`,
  );
  expect(found, `axe found:\n${found.join('\n')}`).toEqual([]);
}
