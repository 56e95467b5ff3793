import type { AnswerValue, Prompt } from './prompt.ts';

// Mastra's askUserTool (@mastra/core, tools/builtin/ask-user.ts) answers the model with
// `{ content: \`User answered: ${formatQuestionAnswer(resumeData)}\`, isError: false }`, where
// formatQuestionAnswer joins an array with ", " and leaves a string as it is. That sentence is all
// that Mastra keeps of an answer: memory drops the suspension (and its resume data) once the tool
// has run, and every chat stack passes the same output on.
const ANSWERED_PREFIX = 'User answered: ';
const SEPARATOR = ', ';

/** An answer read back from askUserTool's output. */
export interface AskUserOutput {
  /**
   * The answer as the user gave it: the chosen labels of a multiple choice, the text otherwise.
   * When several lists of labels join to the same text (`ambiguous`), the text as stored.
   */
  answer: AnswerValue;
  /** True when the text cannot be split back into the labels chosen without guessing. */
  ambiguous: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The tool's content: from the output object, its JSON (AG-UI's tool results), or the sentence itself. */
function contentOf(output: unknown): string | undefined {
  if (typeof output === 'string') {
    if (output.startsWith(ANSWERED_PREFIX)) return output;
    try {
      return contentOf(JSON.parse(output) as unknown);
    } catch {
      return undefined;
    }
  }
  if (!isRecord(output) || output.isError === true) return undefined;
  return typeof output.content === 'string' ? output.content : undefined;
}

/**
 * How `text` reads as offered labels joined by ", ": the one reading, `'many'` when there are
 * several, `undefined` when there is none. One pass from the end: at each place a label can begin,
 * the number of readings of the rest (0, 1, or 2 for "more than one") and the first label of the
 * one reading, so a long text or many labels never make it try every split.
 */
function readLabels(text: string, labels: readonly string[]): string[] | 'many' | undefined {
  if (text === '') return [];
  const length = text.length;
  const readings = new Uint8Array(length + 1);
  const firstLabel: (string | undefined)[] = [];
  for (let start = length - 1; start >= 0; start--) {
    // A label begins the text or follows a separator.
    if (start > 0 && !text.startsWith(SEPARATOR, start - SEPARATOR.length)) continue;
    let count = 0;
    for (const label of labels) {
      if (!text.startsWith(label, start)) continue;
      const end = start + label.length;
      const rest =
        end === length ? 1 : text.startsWith(SEPARATOR, end) ? readings[end + SEPARATOR.length]! : 0;
      if (rest === 0) continue;
      if (count === 0) firstLabel[start] = label;
      count = Math.min(2, count + rest);
    }
    readings[start] = count;
  }
  if (readings[0] === 0) return undefined;
  if (readings[0]! > 1) return 'many';
  const picked: string[] = [];
  for (let start = 0; start < length;) {
    const label = firstLabel[start]!;
    picked.push(label);
    start += label.length + SEPARATOR.length;
  }
  return picked;
}

/**
 * Reads the answer back from askUserTool's output (`{ content: "User answered: …" }`, as memory,
 * the AI SDK's tool part and @mastra/react keep it, or that object's JSON, as AG-UI's tool result
 * carries it), for the question it answers. `undefined` when the output is not an answer (another
 * output, an error).
 *
 * Free text and a single choice are the text after "User answered: ". A multiple choice was
 * joined with ", ", and a label may hold ", " itself, so the text is split back into the offered
 * labels: the one list of labels (in any order, even repeated, as another client may send them)
 * that joins to exactly the text. When no list does, the text is one typed ("Other…") answer:
 * `[text]`. When several lists do (labels `A`, `B` and `A, B` for "A, B"), or labels make only a
 * part of the text (a typed answer after chosen labels cannot be told from one typed answer
 * holding them), the answer is the stored text, and `ambiguous` says so. A typed answer that is
 * itself offered labels joined by ", " reads as those labels: the text holds nothing else.
 * @example
 * readAskUserOutput({ content: 'User answered: Paris, France, Rome' }, citiesPrompt)
 * // → { answer: ['Paris, France', 'Rome'], ambiguous: false }
 */
export function readAskUserOutput(output: unknown, prompt: Prompt): AskUserOutput | undefined {
  const content = contentOf(output);
  if (content === undefined || !content.startsWith(ANSWERED_PREFIX)) return undefined;
  const text = content.slice(ANSWERED_PREFIX.length);
  if (prompt.kind !== 'multiple') return { answer: text, ambiguous: false };
  const labels = prompt.options.map((option) => option.label);
  const reading = readLabels(text, labels);
  if (Array.isArray(reading)) return { answer: reading, ambiguous: false };
  if (reading === 'many' || startsWithLabel(text, labels)) return { answer: text, ambiguous: true };
  return { answer: [text], ambiguous: false };
}

/** True when the text begins with a label followed by a separator: a list of labels may begin it. */
const startsWithLabel = (text: string, labels: readonly string[]): boolean =>
  labels.some((label) => text.startsWith(label + SEPARATOR));
