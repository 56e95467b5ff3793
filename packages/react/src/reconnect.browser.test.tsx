import { useState } from 'react';
import { expect, inject, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { AskUserPrompt } from './AskUserPrompt.tsx';
import { newQueryClient, withClient } from './test/harness.tsx';
import { DURABLE_REPLY } from './test/durableReply.ts';
import { reconnect, type RunStatus } from '@ask-user-kit/core';
import { useAgentRun } from './useAgentRun.ts';

// In real Chromium, a durable agent's stream and resume are each cut mid-reply by a proxy (see
// vitest.globalSetup.ts): the page shows it reconnects, and ends with the whole reply, once.

function Page({ conversation }: { conversation: string }) {
  const run = useAgentRun({
    agentId: 'durable',
    baseUrl: inject('faultyUrl'),
    resourceId: 'u-browser',
    threadId: conversation,
    reconnect,
  });
  const [seen, setSeen] = useState<RunStatus[]>([]);
  if (seen.at(-1) !== run.status) setSeen([...seen, run.status]);
  return (
    <main>
      <button type="button" onClick={() => void run.send('Hi').catch(() => {})}>
        Start
      </button>
      <p data-testid="statuses">{seen.join(' ')}</p>
      {run.openPrompts.map((prompt) => (
        <AskUserPrompt key={prompt.key} run={run} prompt={prompt} />
      ))}
      {run.transcript.map((entry) =>
        entry.type === 'assistant' ? <p key={entry.id}>{entry.text}</p> : null,
      )}
    </main>
  );
}

it('a reply cut mid-stream is read on where it stopped: shown whole, once', async () => {
  for (const conversation of ['browser-1', 'browser-2']) {
    const screen = await render(<Page conversation={conversation} />, {
      wrapper: withClient(newQueryClient()),
    });
    await screen.getByRole('button', { name: 'Start' }).click();
    await screen.getByRole('textbox', { name: 'What is your name?' }).fill('Ada');
    await screen.getByRole('button', { name: /send|submit/i }).click();
    await expect.element(screen.getByText(`Ada: ${DURABLE_REPLY}`, { exact: true })).toBeVisible();
    expect(screen.getByTestId('statuses').element().textContent).toContain('reconnecting');
    await screen.unmount();
  }
}, 15_000);
