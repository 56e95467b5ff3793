import axe from 'axe-core';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { AgentRunError } from './AgentRunError.tsx';
import { newQueryClient, withClient } from './test/harness.tsx';
import { useAgentRun } from './useAgentRun.ts';
import './styles.css';

// A page that shows only the run's questions, a Start button and <AgentRunError>, misconfigured
// the ways a newcomer's first page is, in real Chromium (real CORS, real network failures): it
// must say what failed and what to check, and a development build (Vite's, as a user's app is
// served) names the options in the console.

function Page(options: Parameters<typeof useAgentRun>[0]) {
  const run = useAgentRun(options);
  return (
    <main>
      <button type="button" onClick={() => void run.send('Hi').catch(() => {})}>
        Start
      </button>
      <AgentRunError run={run} />
    </main>
  );
}

afterEach(() => vi.restoreAllMocks());

async function startWith(options: { agentId?: string; baseUrl?: string; apiPrefix?: string }) {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const screen = await render(<Page agentId="single" baseUrl={inject('mastraUrl')} {...options} />, {
    wrapper: withClient(newQueryClient()),
  });
  await screen.getByRole('button', { name: 'Start' }).click();
  const alert = screen.getByRole('alert');
  await expect.element(alert).toBeVisible();
  return {
    alert: alert.element(),
    warnings: () => warn.mock.calls.map((call) => String(call[0])).join('\n'),
  };
}

describe('<AgentRunError> in Chromium, for a page that cannot reach its agent', () => {
  it('says that the server could not be reached, and to check the address, when nothing listens there', async () => {
    const baseUrl = inject('closedUrl');
    const { alert, warnings } = await startWith({ baseUrl });
    expect(alert.textContent).toMatch(/Could not reach the agent server/);
    expect(alert.textContent).toMatch(/runs at baseUrl's address/);
    await vi.waitFor(() => expect(warnings()).toContain(`"baseUrl":"${baseUrl}"`));
  });

  it('says the same, CORS named, when the server does not allow the page’s origin', async () => {
    const { alert } = await startWith({ baseUrl: inject('mastraNoCorsUrl') });
    expect(alert.textContent).toMatch(/Could not reach the agent server/);
    expect(alert.textContent).toMatch(/server\.cors/);
  });

  it('names baseUrl and apiPrefix when nothing answers at the address (a wrong apiPrefix)', async () => {
    const { alert } = await startWith({ apiPrefix: '/not-the-api' });
    expect(alert.textContent).toMatch(/404/);
    expect(alert.textContent).toMatch(/check baseUrl .* and apiPrefix/);
  });

  it('names agentId when the server has no agent by that id', async () => {
    const { alert } = await startWith({ agentId: 'no-such-agent' });
    expect(alert.textContent).toMatch(/no-such-agent/);
    expect(alert.textContent).toMatch(/Check agentId/);
  });

  it('says that baseUrl reaches a web page when a page answers instead of Mastra', async () => {
    const { alert } = await startWith({ baseUrl: inject('pageServerUrl') });
    expect(alert.textContent).toMatch(/HTML/);
    expect(alert.textContent).toMatch(/reaches a web page, not the Mastra server/);
  });

  it('is an axe-clean alert in the kit’s card', async () => {
    const { alert } = await startWith({ baseUrl: inject('closedUrl') });
    expect(alert.getAttribute('data-kind')).toBe('run-error');
    const results = await axe.run(alert);
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it('renders nothing while the run has no error', async () => {
    const screen = await render(<AgentRunError run={{ error: undefined }} />);
    expect(screen.container.querySelector('[role="alert"]')).toBeNull();
  });
});
