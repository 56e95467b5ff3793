import { checkChoice, type AskChoiceQuestion } from './askUserAnswers.ts';

export type { AskOption } from './askUserAnswers.ts';

/**
 * A schema `askUser` can build a form from and check the answer with: a Standard Schema that
 * also gives its JSON Schema (Standard JSON Schema), as a zod 4 object schema does.
 */
export interface AskSchema<Output = unknown> {
  readonly '~standard': {
    validate(value: unknown): StandardResult<Output> | Promise<StandardResult<Output>>;
    readonly jsonSchema: { input(options: { target: 'draft-07' }): Record<string, unknown> };
    readonly types?: { readonly input: unknown; readonly output: Output } | undefined;
  };
}

type StandardResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: readonly { readonly message: string }[] };

/**
 * A question for `askUser`: free text (`question` alone), one choice (`options`), several
 * (`options` with `selectionMode: 'multi_select'`), or a form (`schema`).
 */
export type AskQuestion =
  | { question: string; options?: undefined; selectionMode?: undefined; schema?: undefined }
  | AskChoiceQuestion
  | { question: string; schema: AskSchema; options?: undefined; selectionMode?: undefined };

/** The type of the answer to `Q`: text, one label, several labels, or the schema's output. */
export type AskAnswer<Q extends AskQuestion> = Q extends { schema: AskSchema<infer Output> }
  ? Output
  : Q extends { selectionMode: 'multi_select' }
    ? string[]
    : string;

/** The part of a tool's execution context `askUser` reads. */
export interface AskContext {
  agent?: {
    suspend?: (payload: unknown, options?: { resumeSchema?: string }) => unknown;
    resumeData?: unknown;
    suspendPayload?: unknown;
  };
}

/** Where a question's place among its tool's questions, and the answers before it, ride in the suspend payload. */
const ASKED = 'askUser';

interface Asked {
  /** The question's place among those its tool asked in this call, from 0. */
  index: number;
  /** The answers to the questions before it, in order. */
  answers: unknown[];
}

const ASKED_OUT_OF_ORDER =
  'askUser: an earlier answer does not fit the question asked in its place: ask the questions in the same order on every run of the tool.';
const NOT_IN_AN_AGENT =
  'askUser: this tool runs outside an agent run (no context.agent.suspend): there is no user to ask.';

/**
 * Thrown by `askUser` after it suspends the run: the tool's code past the question must not run
 * until the answer comes (Mastra runs the tool again then). Let it through: a tool that catches
 * it and carries on would act without the answer.
 */
class WaitingForAnswer extends Error {
  override name = 'WaitingForAnswer';
  constructor() {
    super('The tool waits for the user to answer (not a failure: the run is suspended).');
  }
}

// How many questions each execution of a tool has asked: Mastra gives each execution a context of its own.
const asked = new WeakMap<object, number>();

/**
 * Asks the user a question from inside a tool of an agent, and gives the answer: free text, one
 * choice (`options`), several (`selectionMode: 'multi_select'`), or a form from a schema (zod 4).
 * The run suspends with an `ask_user`-shaped payload (`<AskUserPrompt>` renders it) or a resume
 * schema (`<ResumeForm>`); Mastra runs the tool again when the answer comes, and this call then
 * returns it. An answer that does not fit the question (not an offered label, not the schema's) is
 * refused: the tool never sees it and the question is asked again. Several questions in one tool
 * work when the tool asks them in the same order on every run of it (the answers to the earlier
 * ones ride in the later ones' payloads). Give the tool no `resumeSchema` of its own.
 * @example
 * execute: async ({ city }, context) => {
 *   const day = await askUser(context, { question: 'Which day?', options: [{ label: 'Mon' }, { label: 'Tue' }] });
 *   const { seats } = await askUser(context, { question: 'How many?', schema: z.object({ seats: z.int().min(1) }) });
 *   return book(city, day, seats);
 * }
 */
export async function askUser<const Q extends AskQuestion>(
  context: AskContext,
  question: Q,
): Promise<AskAnswer<Q>> {
  const agent = context?.agent;
  if (!agent?.suspend) throw new Error(NOT_IN_AN_AGENT);
  const index = asked.get(agent) ?? 0;
  asked.set(agent, index + 1);
  // Only a resume of this tool's own question carries its payload: a resumeData without it came from the model.
  const previous = askedOf(agent.resumeData === undefined ? undefined : agent.suspendPayload);
  if (previous && index < previous.index) {
    const earlier = await checkAnswer(question, previous.answers[index]);
    if (!earlier.ok) throw new Error(ASKED_OUT_OF_ORDER);
    return earlier.value as AskAnswer<Q>;
  }
  const answers = previous ? [...previous.answers] : [];
  if (previous && index === previous.index) {
    const answer = await checkAnswer(question, agent.resumeData);
    if (answer.ok) return answer.value as AskAnswer<Q>;
  } else if (previous) {
    // The question before this one was just answered: its answer, as sent, rides along.
    answers.push(agent.resumeData);
  }
  await suspendWith(agent.suspend, question, { index, answers });
  throw new WaitingForAnswer();
}

async function suspendWith(
  suspend: NonNullable<NonNullable<AskContext['agent']>['suspend']>,
  question: AskQuestion,
  place: Asked,
) {
  if (question.schema) {
    const resumeSchema = {
      ...question.schema['~standard'].jsonSchema.input({ target: 'draft-07' }),
      title: question.question,
    };
    // The schema rides in the payload too: Mastra's suspended-runs list, read after a reload, carries none.
    return suspend({ resumeSchema, [ASKED]: place }, { resumeSchema: JSON.stringify(resumeSchema) });
  }
  const { options, selectionMode } = question;
  const choice = options?.length ? { options, selectionMode: selectionMode ?? 'single_select' } : {};
  return suspend({ question: question.question, ...choice, [ASKED]: place });
}

type Check = { ok: true; value: unknown } | { ok: false };

async function checkAnswer(question: AskQuestion, answer: unknown): Promise<Check> {
  if (!question.schema) return checkChoice(question, answer);
  const result = await question.schema['~standard'].validate(answer);
  return result.issues ? { ok: false } : { ok: true, value: result.value };
}

function askedOf(payload: unknown): Asked | undefined {
  const place = Object(payload)[ASKED] as Partial<Asked> | undefined;
  if (typeof place?.index !== 'number' || !Array.isArray(place.answers)) return undefined;
  return { index: place.index, answers: place.answers };
}
