import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.ts';

describe('expectNoAxeViolations', () => {
  it('fails on a real violation (so the axe checks in other tests can fail)', async () => {
    const container = document.createElement('div');
    container.innerHTML = '<button></button><input type="checkbox">';
    document.body.append(container);
    await expect(expectNoAxeViolations(container)).rejects.toThrow(/button-name|label/);
    container.remove();
  });
});
