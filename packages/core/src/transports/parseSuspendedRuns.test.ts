import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TransportError } from '../errors.ts';
import { listSuspendedRuns } from '../listSuspendedRuns.ts';
import { parseSuspendedRuns } from './parseSuspendedRuns.ts';

// The recorded answer of Mastra's suspended-runs route, then broken one entry at a time.
const recorded = () =>
  JSON.parse(readFileSync(new URL('../fixtures/suspended-runs.json', import.meta.url), 'utf8')) as {
    runs: { runId?: string; toolCalls: Record<string, unknown>[] }[];
  };

describe('parseSuspendedRuns', () => {
  it('reads the recorded answer', () => {
    const { runs, issues } = parseSuspendedRuns(recorded());
    expect(issues).toEqual([]);
    expect(runs).toMatchObject([
      { threadId: 'fixture-thread', toolCalls: [{ toolCallId: 'call_7', toolName: 'ask_user' }] },
    ]);
  });

  it('skips an entry it cannot read and reports it, keeping the good ones', () => {
    const body = recorded();
    const good = body.runs[0]!;
    const noRunId = structuredClone(good);
    delete noRunId.runId;
    const noCallId = structuredClone(good);
    noCallId.runId = 'run-without-call-id';
    delete noCallId.toolCalls[0]!.toolCallId;
    const noToolName = structuredClone(good);
    noToolName.runId = 'run-without-tool-name';
    delete noToolName.toolCalls[0]!.toolName;
    body.runs.push(noRunId, noCallId, noToolName);

    const { runs, issues } = parseSuspendedRuns(body);
    expect(runs.map((run) => [run.runId, run.toolCalls.map((call) => call.toolCallId)])).toEqual([
      [good.runId, ['call_7']],
      ['run-without-call-id', []],
      // A call without a name is still known by its payload.
      ['run-without-tool-name', ['call_7']],
    ]);
    expect(issues.map((issue) => issue.message)).toEqual([
      'Skipped a suspended run that is not in the expected shape (runId: Invalid input: expected string, received undefined).',
      'Skipped a tool call of run run-without-call-id that is not in the expected shape (toolCallId: Invalid input: expected string, received undefined).',
    ]);
  });

  it('refuses an answer that is not a list of runs', () => {
    expect(() => parseSuspendedRuns({ error: 'nope' })).toThrow(TransportError);
  });

  it('listSuspendedRuns restores what it can read and passes the issues on', async () => {
    const body = recorded();
    body.runs.push({ toolCalls: [] });
    const transport = { listSuspended: async () => parseSuspendedRuns(body) };
    const { runs, issues } = await listSuspendedRuns(transport, {});
    expect(runs).toHaveLength(1);
    expect(issues).toHaveLength(1);
  });
});
