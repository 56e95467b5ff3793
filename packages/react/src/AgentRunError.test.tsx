import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { AgentRunError, runErrorHint } from './AgentRunError.tsx';
import { newQueryClient, withClient } from './test/harness.tsx';
import { useAgentRun, type UseAgentRunOptions } from './useAgentRun.ts';

// The development build's console line for a run that cannot reach its agent (jsdom: the
// development check reads `process.env.NODE_ENV`). What the page shows is tested in Chromium.

afterEach(() => vi.restoreAllMocks());

function Page(options: UseAgentRunOptions) {
  const run = useAgentRun(options);
  return (
    <>
      <button type="button" onClick={() => void run.send('Hi').catch(() => {})}>
        Start
      </button>
      <AgentRunError run={run} />
    </>
  );
}

async function warningsFor(options: UseAgentRunOptions) {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  render(<Page {...options} />, { wrapper: withClient(newQueryClient()) });
  await userEvent.click(screen.getByRole('button', { name: 'Start' }));
  // A message whose request got no answer is read on first (the server may have started its run):
  // the error shows once those tries are over.
  await screen.findByRole('alert', {}, { timeout: 10_000 });
  return warn.mock.calls.map((call) => String(call[0])).join('\n');
}

describe('a run that cannot reach its agent, in a development build', () => {
  it('names the options it used and what to check (nothing listens at baseUrl)', async () => {
    const baseUrl = inject('closedUrl');
    const warnings = await warningsFor({ agentId: 'single', baseUrl });
    expect(warnings).toContain(`useAgentRun({"agentId":"single","baseUrl":"${baseUrl}"})`);
    expect(warnings).toContain("runs at baseUrl's address");
  });

  it('names apiPrefix when nothing answers there', async () => {
    const warnings = await warningsFor({
      agentId: 'single',
      baseUrl: inject('mastraUrl'),
      apiPrefix: '/nope',
    });
    expect(warnings).toContain('"apiPrefix":"/nope"');
    expect(warnings).toContain('check baseUrl');
  });
});

describe('runErrorHint', () => {
  it('gives no hint where the message says all there is', () => {
    expect(runErrorHint({ code: 'stream', message: 'The agent failed.' })).toBeUndefined();
    expect(runErrorHint({ code: 'http', status: 400, message: 'Bad request' })).toBeUndefined();
  });

  it('tells an unknown agent from a wrong address by Mastra’s words', () => {
    expect(runErrorHint({ code: 'http', status: 404, message: 'Agent with id x not found' })).toMatch(
      /agentId/,
    );
    expect(runErrorHint({ code: 'http', status: 404, message: 'The server answered 404.' })).toMatch(
      /apiPrefix/,
    );
  });
});
