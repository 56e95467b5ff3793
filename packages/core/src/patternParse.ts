// Parses a JSON Schema `pattern` (an ECMAScript regular expression with the `u` flag, as Ajv and
// the JSON Schema spec read it) into a tree that `pattern.ts` runs in linear time. Only the
// regular part of the language is supported: a backreference or a lookaround cannot be matched
// without backtracking, so such a pattern is refused with the reason.

/** Whether one code point matches. */
export type CodePointTest = (codePoint: number) => boolean;

/** A parsed pattern. `repeat` has `max: Infinity` when unbounded. */
export type PatternNode =
  | { kind: 'char'; test: CodePointTest }
  | { kind: 'start' }
  | { kind: 'end' }
  | { kind: 'sequence'; items: PatternNode[] }
  | { kind: 'choice'; options: PatternNode[] }
  | { kind: 'repeat'; node: PatternNode; min: number; max: number };

/** Why a pattern that is a valid regular expression cannot be checked here. */
export class UnsupportedPattern extends Error {}

const LINE_TERMINATORS = new Set([0x0a, 0x0d, 0x2028, 0x2029]);
const anyButNewline: CodePointTest = (codePoint) => !LINE_TERMINATORS.has(codePoint);

/**
 * A test for one class (`[a-z]`) or escape (`\d`, `\p{L}`) of the pattern: the platform's own
 * regular expression, matched against a single code point, so its meaning is exactly the
 * platform's. Matching one code point takes constant time; results are remembered per code point.
 */
function nativeTest(atom: string): CodePointTest {
  const regex = new RegExp(`^(?:${atom})$`, 'u');
  const known = new Map<number, boolean>();
  return (codePoint) => {
    let result = known.get(codePoint);
    if (result === undefined) {
      result = regex.test(String.fromCodePoint(codePoint));
      known.set(codePoint, result);
    }
    return result;
  };
}

/** How deep groups may nest: the parser and the compiler recurse once per level. */
export const MAX_GROUP_DEPTH = 100;

const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';

/** A recursive-descent parser over the pattern's source; `at` is the read position. */
class Parser {
  at = 0;
  private depth = 0;
  private readonly source: string;
  constructor(source: string) {
    this.source = source;
  }

  parse(): PatternNode {
    const node = this.choice();
    // The platform accepted the pattern, so only a stray `)` could stop the parse early.
    if (this.at < this.source.length) throw new UnsupportedPattern(`unexpected "${this.peek()}"`);
    return node;
  }

  private peek(offset = 0): string | undefined {
    return this.source[this.at + offset];
  }

  private choice(): PatternNode {
    const options = [this.sequence()];
    while (this.peek() === '|') {
      this.at++;
      options.push(this.sequence());
    }
    return options.length === 1 ? options[0]! : { kind: 'choice', options };
  }

  private sequence(): PatternNode {
    const items: PatternNode[] = [];
    while (this.at < this.source.length && this.peek() !== '|' && this.peek() !== ')') {
      items.push(this.quantified(this.atom()));
    }
    return items.length === 1 ? items[0]! : { kind: 'sequence', items };
  }

  private quantified(node: PatternNode): PatternNode {
    const char = this.peek();
    let min: number;
    let max: number;
    if (char === '*') [min, max] = [0, Infinity];
    else if (char === '+') [min, max] = [1, Infinity];
    else if (char === '?') [min, max] = [0, 1];
    else if (char === '{' && isDigit(this.peek(1))) {
      const bounds = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.at));
      if (!bounds) return node;
      min = Number(bounds[1]);
      max = bounds[2] === undefined ? min : bounds[3] ? Number(bounds[3]) : Infinity;
      this.at += bounds[0].length - 1;
    } else return node;
    this.at++;
    // A lazy quantifier matches the same texts: only where a match ends differs.
    if (this.peek() === '?') this.at++;
    return { kind: 'repeat', node, min, max };
  }

  private atom(): PatternNode {
    const char = this.peek()!;
    if (char === '^' || char === '$') {
      this.at++;
      return { kind: char === '^' ? 'start' : 'end' };
    }
    if (char === '.') {
      this.at++;
      return { kind: 'char', test: anyButNewline };
    }
    if (char === '(') return this.group();
    if (char === '[') return { kind: 'char', test: nativeTest(this.characterClass()) };
    if (char === '\\') return this.escape();
    const codePoint = this.source.codePointAt(this.at)!;
    this.at += codePoint > 0xffff ? 2 : 1;
    return { kind: 'char', test: (given) => given === codePoint };
  }

  private group(): PatternNode {
    this.at++;
    if (++this.depth > MAX_GROUP_DEPTH)
      throw new UnsupportedPattern(`groups nested over ${MAX_GROUP_DEPTH} deep`);
    if (this.peek() === '?') {
      const kind = this.source.slice(this.at, this.at + 3);
      if (kind.startsWith('?=') || kind.startsWith('?!') || kind === '?<=' || kind === '?<!')
        throw new UnsupportedPattern('lookarounds');
      if (kind.startsWith('?:')) this.at += 2;
      else if (kind.startsWith('?<')) this.at = this.source.indexOf('>', this.at) + 1;
      else throw new UnsupportedPattern('group modifiers');
    }
    const node = this.choice();
    this.at++; // the `)`
    this.depth--;
    return node;
  }

  /** The source of a `[...]` class; in `u` mode a `]` ends it unless escaped. */
  private characterClass(): string {
    const start = this.at;
    this.at++;
    while (this.peek() !== ']') this.at += this.peek() === '\\' ? 2 : 1;
    this.at++;
    return this.source.slice(start, this.at);
  }

  private escape(): PatternNode {
    const start = this.at;
    const char = this.peek(1);
    if (char !== undefined && char >= '1' && char <= '9') throw new UnsupportedPattern('backreferences');
    if (char === 'k') throw new UnsupportedPattern('backreferences');
    if (char === 'b' || char === 'B') throw new UnsupportedPattern('word boundaries');
    this.at += 2;
    if ((char === 'p' || char === 'P' || char === 'u') && this.peek() === '{')
      this.at = this.source.indexOf('}', this.at) + 1;
    else if (char === 'u') {
      this.at += 4;
      // In `u` mode a lead and a trail surrogate escape together name one code point.
      const lead = /^[dD][89abAB]/.test(this.source.slice(start + 2, start + 4));
      if (lead && /^\\u[dD][c-fC-F][0-9a-fA-F]{2}$/.test(this.source.slice(this.at, this.at + 6)))
        this.at += 6;
    } else if (char === 'x') this.at += 2;
    else if (char === 'c') this.at += 1;
    return { kind: 'char', test: nativeTest(this.source.slice(start, this.at)) };
  }
}

/**
 * Parses a pattern the platform accepts (`new RegExp(source, 'u')` did not throw).
 * @throws UnsupportedPattern for what only a backtracking matcher can check.
 */
export const parsePattern = (source: string): PatternNode => new Parser(source).parse();
