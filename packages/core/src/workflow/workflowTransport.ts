import { decodeChunks, type DecodeOptions } from '../decodeChunks.ts';
import { saysExpired, TransportError } from '../errors.ts';
import type { AgentTransport, DecodeEvent, ResumeRequest, RunError } from '../types.ts';
import { confirmExpiry } from '../transports/confirmExpiry.ts';
import { createHttpRequest, type HttpOptions } from '../transports/httpRequest.ts';
import { newThreadId } from '../transports/memoryOption.ts';
import {
  agentEventsOf,
  readStepSchemas,
  stepResumeData,
  suspendedRunOf,
  type StepSchemas,
} from './workflowSteps.ts';

/** Where and how `createWorkflowTransport` reaches a workflow. */
export interface WorkflowTransportOptions extends HttpOptions, DecodeOptions {
  /** The Mastra server's origin, e.g. `http://127.0.0.1:4111`; `''` for the page's own origin (a proxy). */
  baseUrl: string;
  /** The workflow's id (its key in `new Mastra({ workflows })`). */
  workflowId: string;
  /** Mastra's route prefix. Default `/api`. */
  apiPrefix?: string;
}

/** A workflow run as its run route gives it: where it is, and its result once it succeeded. */
export interface WorkflowRunState {
  runId: string;
  /** Mastra's status: `running`, `suspended`, `success`, `failed`, `canceled`, … */
  status: string;
  /** The workflow's output (status `success`). */
  result?: unknown;
  /** Why it failed (status `failed`). */
  error?: RunError;
}

/** A transport that runs a workflow: the agent transport's three methods, and the run's state. */
export interface WorkflowTransport extends AgentTransport {
  /** The run's state, or `undefined` when the server has no such run. */
  getRun(runId: string, signal?: AbortSignal): Promise<WorkflowRunState | undefined>;
}

const RECORD_SEPARATOR = '\u001e';

/**
 * Mastra's workflow stream (JSON records, each ended by U+001E, `text/plain`) as the SSE the
 * chunk decoder reads: the same limits and error handling for both streams. JSON text never holds
 * a raw U+001E or line end (it escapes them), so a record is one `data:` line.
 */
function asEventStream(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  let recordStarted = false;
  const toFrames = new TransformStream<string, string>({
    transform(text, controller) {
      let out = '';
      for (const [index, piece] of text.split(RECORD_SEPARATOR).entries()) {
        if (index > 0) {
          if (recordStarted) out += '\n\n';
          recordStarted = false;
        }
        if (piece === '') continue;
        if (!recordStarted) out += 'data: ';
        recordStarted = true;
        out += piece;
      }
      if (out) controller.enqueue(out);
    },
    flush(controller) {
      if (recordStarted) controller.enqueue('\n\n');
    },
  });
  // A byte stream is what TextDecoderStream reads; the DOM types name it BufferSource.
  const text = new TextDecoderStream() as unknown as ReadableWritablePair<string, Uint8Array>;
  return body.pipeThrough(text).pipeThrough(toFrames).pipeThrough(new TextEncoderStream());
}

/**
 * A transport for a Mastra workflow, through its HTTP routes: `stream` starts a run with the
 * request's `inputData` (`create-run`, then `stream`; the run's id is the request's `threadId`,
 * made up when there is none), `resume` answers one suspended step (`resume-stream` with `step`
 * and `resumeData`), `listSuspended` reads the run `threadId` names (`runs/:runId`), or the
 * resource's suspended runs. A suspended step reads as a suspended call named by its step id: a
 * step whose resume schema is `{ approved: boolean, reason?: string }` is an approval, one that
 * suspends with `{ question, options?, selectionMode? }` an ask_user prompt (its answer resumes it
 * in the schema's one property), any other a form of its resume schema (from the workflow's
 * description, so a form comes back after a reload too).
 * @example
 * const transport = createWorkflowTransport({ baseUrl: 'http://127.0.0.1:4111', workflowId: 'expense' });
 */
export function createWorkflowTransport(options: WorkflowTransportOptions): WorkflowTransport {
  const root = `${options.baseUrl.replace(/\/+$/, '')}${options.apiPrefix ?? '/api'}/workflows/${encodeURIComponent(options.workflowId)}`;
  const request = createHttpRequest(
    options,
    root,
    (body) => decodeChunks(asEventStream(body), options),
    'text/plain',
  );
  let described: Promise<StepSchemas> | undefined;
  /** The steps' resume schemas, read once (again after a failed read). */
  const schemas = (signal?: AbortSignal) => {
    described ??= request('', signal).then(readStepSchemas, (error: unknown) => {
      described = undefined;
      throw error;
    });
    return described;
  };
  const query = (runId: string) => `?runId=${encodeURIComponent(runId)}`;
  const streamOf = async (path: string, signal: AbortSignal | undefined, body: object) => {
    const steps = await schemas(signal);
    const batches = (await request(path, signal, body)) as AsyncIterable<DecodeEvent[]>;
    return agentEventsOf(batches, steps);
  };
  const readRun = async (runId: string, signal?: AbortSignal): Promise<unknown> => {
    try {
      return await request(`/runs/${encodeURIComponent(runId)}`, signal);
    } catch (error) {
      if (error instanceof TransportError && error.error.status === 404) return undefined;
      throw error;
    }
  };

  const transport: WorkflowTransport = {
    async stream({ threadId, resourceId, inputData, signal }) {
      const runId = threadId ?? newThreadId();
      const owner = resourceId ? { resourceId } : {};
      await request(`/create-run${query(runId)}`, signal, owner, 'json');
      return streamOf(`/stream${query(runId)}`, signal, { inputData: inputData ?? {}, ...owner });
    },

    async resume(resumeRequest: ResumeRequest) {
      const { runId, toolCallId, signal, signature } = resumeRequest;
      try {
        const steps = await schemas(signal);
        const resumeData = stepResumeData(resumeRequest, steps.get(toolCallId));
        const signed = signature === undefined ? {} : { signature };
        const body = { step: toolCallId, resumeData, ...signed };
        return await streamOf(`/resume-stream${query(runId)}`, signal, body);
      } catch (error) {
        if (!(error instanceof TransportError)) throw error;
        const failure = await confirmExpiry(
          error.error,
          saysExpired(error.cause),
          resumeRequest,
          transport.listSuspended,
        );
        throw failure === error.error ? error : new TransportError(failure, { cause: error });
      }
    },

    async listSuspended({ threadId, resourceId, signal }) {
      const steps = await schemas(signal);
      if (threadId) {
        const run = suspendedRunOf(await readRun(threadId, signal), steps);
        return { runs: run ? [run] : [], issues: [] };
      }
      const owner = resourceId ? `&resourceId=${encodeURIComponent(resourceId)}` : '';
      const list = Object(await request(`/runs?status=suspended${owner}`, signal)) as { runs?: unknown };
      const runs = (Array.isArray(list.runs) ? list.runs : []).flatMap(
        (run) => suspendedRunOf(run, steps) ?? [],
      );
      return { runs, issues: [] };
    },

    async getRun(runId, signal) {
      const run = Object(await readRun(runId, signal)) as Record<string, unknown>;
      if (typeof run.status !== 'string') return undefined;
      const state: WorkflowRunState = { runId, status: run.status };
      if (run.result !== undefined) state.result = run.result;
      if (run.status === 'failed')
        state.error = {
          code: 'stream',
          message: String(Object(run.error).message ?? 'The workflow failed.'),
        };
      return state;
    },
  };
  return transport;
}
