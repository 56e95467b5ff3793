import { askUserTool, formatQuestionAnswer } from '@mastra/core/tools';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readAskUserOutput } from './askUserOutput.ts';
import { parsePrompt, type AnswerValue, type Prompt } from './prompt.ts';

const multiple = (...labels: string[]): Prompt =>
  parsePrompt({
    runId: 'run',
    toolCallId: 'call',
    toolName: 'ask_user',
    suspendPayload: {
      question: 'Which ones?',
      options: labels.map((label) => ({ label })),
      selectionMode: 'multi_select',
    },
  });
const single = parsePrompt({
  runId: 'run',
  toolCallId: 'call',
  toolName: 'ask_user',
  suspendPayload: { question: 'Which one?', options: [{ label: 'Paris, France' }, { label: 'Rome' }] },
});
const text = parsePrompt({
  runId: 'run',
  toolCallId: 'call',
  toolName: 'ask_user',
  suspendPayload: { question: 'Where to?' },
});

/** What Mastra's own askUserTool returns to the model when a run resumes it with `answer`. */
async function outputFor(prompt: Prompt, answer: AnswerValue): Promise<unknown> {
  const input =
    prompt.kind === 'malformed'
      ? { question: 'q' }
      : {
          question: prompt.question,
          ...(prompt.options.length ? { options: prompt.options } : {}),
          ...(prompt.kind === 'multiple' ? { selectionMode: 'multi_select' as const } : {}),
        };
  const context = { agent: { resumeData: answer } } as unknown as Parameters<
    NonNullable<typeof askUserTool.execute>
  >[1];
  return askUserTool.execute!(input, context);
}

const readBack = async (prompt: Prompt, answer: AnswerValue) =>
  readAskUserOutput(await outputFor(prompt, answer), prompt);

describe('readAskUserOutput over the real askUserTool output', () => {
  it('reads labels that hold ", " back as the labels chosen', async () => {
    await expect(readBack(multiple('Paris, France', 'Rome'), ['Paris, France', 'Rome'])).resolves.toEqual({
      answer: ['Paris, France', 'Rome'],
      ambiguous: false,
    });
  });

  it('finds the one split of the text into labels, not the first label that fits', async () => {
    await expect(readBack(multiple('A', 'A, B', 'C'), ['A, B', 'C'])).resolves.toEqual({
      answer: ['A, B', 'C'],
      ambiguous: false,
    });
    await expect(readBack(multiple('A', 'A, B', 'C'), ['A', 'C'])).resolves.toEqual({
      answer: ['A', 'C'],
      ambiguous: false,
    });
  });

  it('says when two lists of labels join to the same text, and gives the text as stored', async () => {
    const prompt = multiple('A', 'B', 'A, B');
    await expect(readBack(prompt, ['A', 'B'])).resolves.toEqual({ answer: 'A, B', ambiguous: true });
    await expect(readBack(prompt, ['A, B'])).resolves.toEqual({ answer: 'A, B', ambiguous: true });
    // A text that cannot be read two ways is read.
    await expect(readBack(prompt, ['B', 'A'])).resolves.toEqual({ answer: ['B', 'A'], ambiguous: false });
  });

  it('keeps a typed answer whole, and says when chosen labels may come before one', async () => {
    const prompt = multiple('Museums', 'Hiking');
    await expect(readBack(prompt, ['Cafés, bars'])).resolves.toEqual({
      answer: ['Cafés, bars'],
      ambiguous: false,
    });
    await expect(readBack(prompt, ['Museums', 'bars'])).resolves.toEqual({
      answer: 'Museums, bars',
      ambiguous: true,
    });
    await expect(readBack(prompt, [])).resolves.toEqual({ answer: [], ambiguous: false });
  });

  it('gives free text and a single choice as the text', async () => {
    await expect(readBack(text, 'Lisbon, Portugal')).resolves.toEqual({
      answer: 'Lisbon, Portugal',
      ambiguous: false,
    });
    await expect(readBack(single, 'Paris, France')).resolves.toEqual({
      answer: 'Paris, France',
      ambiguous: false,
    });
  });

  it('reads the output object, its JSON and the sentence alike', async () => {
    const prompt = multiple('Paris, France', 'Rome');
    const output = await outputFor(prompt, ['Rome', 'Paris, France']);
    const expected = { answer: ['Rome', 'Paris, France'], ambiguous: false };
    expect(readAskUserOutput(output, prompt)).toEqual(expected);
    expect(readAskUserOutput(JSON.stringify(output), prompt)).toEqual(expected);
    expect(readAskUserOutput((output as { content: string }).content, prompt)).toEqual(expected);
  });

  it('reads no answer from other outputs', () => {
    const prompt = multiple('A', 'B');
    for (const output of [
      undefined,
      null,
      42,
      '{not json',
      '"User answered"',
      { content: 'Failed to ask user: selectionMode requires options.', isError: true },
      { content: 'User answered: A', isError: true },
      { content: 7 },
      [],
    ])
      expect(readAskUserOutput(output, prompt)).toBeUndefined();
  });

  it('reads a long answer over many labels in one pass', () => {
    const labels = Array.from({ length: 50 }, (_, i) => `L${i}, x`);
    const prompt = multiple(...labels);
    const chosen = Array.from({ length: 2_000 }, (_, i) => labels[(i * 7) % labels.length]!);
    const read = readAskUserOutput({ content: `User answered: ${chosen.join(', ')}` }, prompt);
    expect(read).toEqual({ answer: chosen, ambiguous: false });
  });
});

describe('readAskUserOutput never reads a wrong list of labels', () => {
  // Short labels from few pieces, so that many hold ", " and many join to the same text.
  const label = fc
    .array(fc.constantFrom('A', 'B', 'C', 'A, B', 'B, C'), { minLength: 1, maxLength: 2 })
    .map((pieces) => pieces.join(', '));
  const question = fc.uniqueArray(label, { minLength: 1, maxLength: 5 }).chain((labels) =>
    fc.tuple(
      fc.constant(labels),
      fc.array(fc.constantFrom(...labels), { maxLength: 4 }),
      // What the kit sends after the labels when "Other…" is allowed (text that reads as labels aside).
      fc.option(fc.constantFrom('x', 'x, y', 'A, x', 'x, A'), { nil: undefined }),
    ),
  );

  it('gives back the labels chosen (and a typed answer after them), or says the text is ambiguous', () => {
    fc.assert(
      fc.property(question, ([labels, chosen, typed]) => {
        const answer = typed === undefined ? chosen : [...chosen, typed];
        const prompt = multiple(...labels);
        const read = readAskUserOutput({ content: `User answered: ${formatQuestionAnswer(answer)}` }, prompt);
        if (read?.ambiguous) expect(read.answer).toBe(answer.join(', '));
        else expect(read?.answer).toEqual(answer);
      }),
      { seed: 20_261_204, numRuns: 2_000 },
    );
  });
});
