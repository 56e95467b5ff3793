import { parsePrompt, type Prompt } from '@ask-user-kit/core';
import { decodeText, type MalformedPrompt, type WellFormedPrompt } from '@ask-user-kit/core/internal';
import multipleResume from '../../../core/src/fixtures/multiple.resume.sse?raw';
import multipleStream from '../../../core/src/fixtures/multiple.stream.sse?raw';
import singleResume from '../../../core/src/fixtures/single.resume.sse?raw';
import singleStream from '../../../core/src/fixtures/single.stream.sse?raw';
import textResume from '../../../core/src/fixtures/text.resume.sse?raw';
import textStream from '../../../core/src/fixtures/text.stream.sse?raw';
import suspendedRuns from '../../../core/src/fixtures/suspended-runs.json' with { type: 'json' };
import unicodeStream from '../../../core/src/fixtures/unicode.stream.sse?raw';
import recorded from './recordedPayloads.json' with { type: 'json' };

/** A `tool-call-suspended` chunk as Mastra streams it (the fields a prompt is built from). */
interface SuspendedChunk {
  runId?: string;
  payload?: unknown;
}

/** Builds a prompt from a recorded `tool-call-suspended` chunk, the way the kit does from a live stream. */
export function promptFromChunk(chunk: SuspendedChunk): Prompt {
  const { toolCallId, toolName, suspendPayload } = chunk.payload as {
    toolCallId: string;
    toolName: string;
    suspendPayload: unknown;
  };
  return parsePrompt({ runId: chunk.runId ?? '', toolCallId, toolName, suspendPayload });
}

/** The question a recorded stream (SSE bytes) ended with. */
function promptFromStream(name: string, sse: string): Prompt {
  const chunk = decodeText(sse).flatMap((e) =>
    e.kind === 'chunk' && e.chunk.type === 'tool-call-suspended' ? [e.chunk] : [],
  )[0];
  if (!chunk) throw new Error(`the recorded stream ${name} has no tool-call-suspended chunk`);
  return promptFromChunk(chunk);
}

function question(name: string, prompt: Prompt): WellFormedPrompt {
  if (prompt.kind === 'malformed') throw new Error(`recorded "${name}" no longer parses: ${prompt.reason}`);
  return prompt;
}

function malformed(name: keyof typeof recorded.suspended): MalformedPrompt {
  const prompt = promptFromChunk(recorded.suspended[name]);
  if (prompt.kind !== 'malformed') throw new Error(`recorded "${name}" parses as a ${prompt.kind} question`);
  return prompt;
}

const mine = (name: keyof typeof recorded.suspended) =>
  question(name, promptFromChunk(recorded.suspended[name]));
const core = (name: string, sse: string) => question(name, promptFromStream(name, sse));

/**
 * Every prompt the stories render, each parsed with `parsePrompt` from a payload a real Mastra
 * server sent: the core package's recorded streams (packages/core/src/fixtures, see its README)
 * and this folder's recordedPayloads.json (written by recordPayloads.ts).
 */
export const prompts = {
  /** Free text (core fixture text.stream.sse). */
  text: core('text.stream.sse', textStream),
  /** Single choice, labels only. */
  single: mine('single'),
  /** Single choice with a description per option (core fixture single.stream.sse). */
  singleWithDescriptions: core('single.stream.sse', singleStream),
  /** Multiple choice (core fixture multiple.stream.sse). */
  multiple: core('multiple.stream.sse', multipleStream),
  /** A second multiple choice, answered with a typed "Other…" among the labels. */
  dietary: mine('dietary'),
  /** Seventeen options. */
  manyOptions: mine('manyOptions'),
  /** A long question, long labels and long descriptions. */
  long: mine('long'),
  /** A single choice answered with a typed "Other…". */
  otherAnswer: mine('otherAnswer'),
  /** Arabic question and options. */
  rightToLeft: mine('rightToLeft'),
  /** Accents, CJK and emoji (core fixture unicode.stream.sse). */
  unicode: core('unicode.stream.sse', unicodeStream),
  /** Payloads Mastra suspends with but that cannot be rendered as a question. */
  malformedDuplicateLabels: malformed('invalidDuplicateLabels'),
  malformedEmptyLabel: malformed('invalidEmptyLabel'),
  malformedBlankQuestion: malformed('invalidBlankQuestion'),
};

/** The answer a recorded resume carried, read back from Mastra's tool result ("User answered: …"). */
function answerOf(name: string, sse: string): string {
  for (const event of decodeText(sse)) {
    if (event.kind !== 'chunk' || event.chunk.type !== 'tool-result') continue;
    const content = (event.chunk.payload as { result?: { content?: unknown } }).result?.content;
    if (typeof content === 'string' && content.startsWith('User answered: '))
      return content.slice('User answered: '.length);
  }
  throw new Error(`the recorded resume ${name} has no answered tool result`);
}

/** The assistant's text in a recorded stream (its text deltas, joined). */
export function replyOf(sse: string): string {
  return decodeText(sse)
    .flatMap((e) => (e.kind === 'chunk' && e.chunk.type === 'text-delta' ? [e.chunk] : []))
    .map((chunk) => String((chunk.payload as { text?: unknown }).text ?? ''))
    .join('');
}

/** What the server answered after a resume: the value resumed with and the response body (SSE). */
export const resumes = {
  /** Free text (core fixture text.resume.sse). */
  text: { value: answerOf('text.resume.sse', textResume), sse: textResume },
  /** Single choice with descriptions (core fixture single.resume.sse). */
  singleWithDescriptions: { value: answerOf('single.resume.sse', singleResume), sse: singleResume },
  /** Multiple choice (core fixture multiple.resume.sse); `answered` is Mastra's "User answered: …" text. */
  multiple: { answered: answerOf('multiple.resume.sse', multipleResume), sse: multipleResume },
  single: { value: recorded.answered.single.resumeData, sse: recorded.answered.single.sse },
  dietary: { value: recorded.answered.dietary.resumeData, sse: recorded.answered.dietary.sse },
};

/** The server's answer to a resume of a run that was already answered: HTTP status and JSON body. */
export const expiredResponse = { status: recorded.expired.status, body: recorded.expired.body };

/**
 * A resume sent while the server was stopped: what `fetch` threw, and the response to the same
 * answer once the server was back on the same storage.
 */
export const serverDown = {
  value: recorded.serverDown.resumeData,
  networkError: recorded.serverDown.networkError,
  retrySse: recorded.serverDown.retrySse,
};

/** The recorded first responses of runs (core fixtures), for stories that start a run. */
export const streams = { text: textStream, single: singleStream, multiple: multipleStream };

/** Mastra's suspended-runs answer for a conversation with one question left open (core fixture). */
export const suspendedRunsResponse = suspendedRuns;
