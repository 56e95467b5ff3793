import { describe, expect, it } from 'vitest';
import { humanName } from './humanName.ts';

describe('humanName', () => {
  it('reads snake_case, kebab-case and camelCase names as words', () => {
    expect(humanName('book_trip')).toBe('Book trip');
    expect(humanName('confirm-budget')).toBe('Confirm budget');
    expect(humanName('maxPrice')).toBe('Max price');
    expect(humanName('flexible')).toBe('Flexible');
  });

  it('keeps a name with no letters to tidy as it is', () => {
    expect(humanName('__')).toBe('__');
    expect(humanName('42')).toBe('42');
  });
});
