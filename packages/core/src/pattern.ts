import { parsePattern, UnsupportedPattern, type CodePointTest, type PatternNode } from './patternParse.ts';

// A JSON Schema `pattern` comes from the server, and the platform's backtracking matcher can take
// exponential time on one (`^(a+)+$` against "aaaa…a!"). So a pattern is compiled to a Thompson
// NFA and run by simulating all its states at once: time linear in the text's length times the
// pattern's size, whatever the pattern says.

/**
 * The most NFA states one pattern may need (`a{500}` needs 500). Matching a text reads each of its
 * code points once and may visit every state for each: this bounds the work per code point.
 */
export const MAX_PATTERN_STATES = 1000;

type State =
  | { op: 'char'; test: CodePointTest; next: number }
  | { op: 'split'; next: number; other: number }
  | { op: 'assert'; at: 'start' | 'end'; next: number }
  | { op: 'match' };

/** A pattern ready to test texts, or why it cannot be checked. */
export type CompiledPattern = { ok: true; test: (text: string) => boolean } | { ok: false; reason: string };

class TooLarge extends Error {}

/** Builds the states backwards: `emit` returns the entry of `node` followed by state `next`. */
function build(root: PatternNode): { states: State[]; entry: number } {
  const states: State[] = [{ op: 'match' }];
  // Repeating an empty group adds no state, so the calls are counted too.
  let calls = 0;
  const add = (state: State) => {
    if (states.length >= MAX_PATTERN_STATES) throw new TooLarge();
    return states.push(state) - 1;
  };
  const emit = (node: PatternNode, next: number): number => {
    if (++calls > MAX_PATTERN_STATES * 10) throw new TooLarge();
    switch (node.kind) {
      case 'char':
        return add({ op: 'char', test: node.test, next });
      case 'start':
      case 'end':
        return add({ op: 'assert', at: node.kind, next });
      case 'sequence':
        return node.items.reduceRight((after, item) => emit(item, after), next);
      case 'choice':
        return node.options
          .map((option) => emit(option, next))
          .reduceRight((other, entry) => add({ op: 'split', next: entry, other }));
      case 'repeat': {
        let entry = next;
        if (node.max === Infinity) {
          const loop = add({ op: 'split', next: -1, other: next });
          (states[loop] as { next: number }).next = emit(node.node, loop);
          entry = loop;
        } else {
          for (let optional = node.min; optional < node.max; optional++)
            entry = add({ op: 'split', next: emit(node.node, entry), other: next });
        }
        for (let required = 0; required < node.min; required++) entry = emit(node.node, entry);
        return entry;
      }
    }
  };
  const entry = emit(root, 0);
  return { states, entry };
}

/** Runs the NFA over the text's code points; like `RegExp.test`, a match may start anywhere. */
function run(states: State[], entry: number, text: string): boolean {
  const codePoints = Array.from(text, (char) => char.codePointAt(0)!);
  const seen = new Int32Array(states.length).fill(-1);
  const pending: number[] = [];
  let current: number[] = [];
  // Adds a state and everything reachable from it without reading (splits, satisfied anchors).
  const follow = (list: number[], from: number, position: number) => {
    pending.push(from);
    while (pending.length > 0) {
      const index = pending.pop()!;
      if (seen[index] === position) continue;
      seen[index] = position;
      const state = states[index]!;
      if (state.op === 'split') pending.push(state.other, state.next);
      else if (state.op === 'assert') {
        const holds = state.at === 'start' ? position === 0 : position === codePoints.length;
        if (holds) pending.push(state.next);
      } else list.push(index);
    }
  };
  for (let position = 0; ; position++) {
    follow(current, entry, position);
    if (current.some((index) => states[index]!.op === 'match')) return true;
    if (position === codePoints.length) return false;
    const codePoint = codePoints[position]!;
    const next: number[] = [];
    for (const index of current) {
      const state = states[index]!;
      if (state.op === 'char' && state.test(codePoint)) follow(next, state.next, position + 1);
    }
    current = next;
  }
}

/**
 * Compiles a JSON Schema `pattern` (ECMAScript syntax, `u` flag, unanchored as in `RegExp.test`).
 * Refused: what is not a valid regular expression, what needs backtracking (backreferences,
 * lookarounds, word boundaries), and a pattern too large to check quickly.
 * @example
 * const pattern = compilePattern('^(a+)+$');
 * pattern.ok && pattern.test('a'.repeat(40) + '!') // → false, at once
 */
export function compilePattern(source: string): CompiledPattern {
  try {
    new RegExp(source, 'u');
  } catch {
    return { ok: false, reason: 'its pattern is not a valid regular expression' };
  }
  try {
    const { states, entry } = build(parsePattern(source));
    return { ok: true, test: (text) => run(states, entry, text) };
  } catch (error) {
    if (error instanceof UnsupportedPattern)
      return { ok: false, reason: `its pattern uses ${error.message}, which the form cannot check` };
    if (error instanceof TooLarge) return { ok: false, reason: 'its pattern is too large to check' };
    throw error;
  }
}
