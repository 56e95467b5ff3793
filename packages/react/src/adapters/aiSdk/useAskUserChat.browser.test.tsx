import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport } from 'ai';
import { useState } from 'react';
import { describe, expect, inject, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { AskUserPrompt } from '../../AskUserPrompt.tsx';
import { useAskUserChat } from './useAskUserChat.ts';

// Real Chromium, the AI SDK's real useChat, and a real Mastra server serving @mastra/ai-sdk's
// chatRoute (vitest.globalSetup.ts): the planner's three questions through <AskUserPrompt run>.

type Fetch = typeof globalThis.fetch;

/** A fetch that records the resume data of each resume request, and can fail some of them. */
function watchedFetch(failResumes = 0) {
  const resumes: unknown[] = [];
  let failures = failResumes;
  const fetch: Fetch = async (input, init) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as { resumeData?: unknown };
    if (body.resumeData === undefined) return globalThis.fetch(input, init);
    resumes.push(body.resumeData);
    if (failures > 0) {
      failures -= 1;
      return new Response('{"error":"Service Unavailable"}', { status: 503 });
    }
    return globalThis.fetch(input, init);
  };
  return { fetch, resumes };
}

function Chat({ fetch }: { fetch: Fetch }) {
  const [transport] = useState(
    () => new DefaultChatTransport({ api: `${inject('mastraUrl')}/chat/trip`, fetch }),
  );
  const chat = useChat({ transport });
  const run = useAskUserChat(chat);
  const text = chat.messages
    .filter((message) => message.role === 'assistant')
    .flatMap((message) => message.parts)
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join('');
  return (
    <main>
      <button type="button" onClick={() => void chat.sendMessage({ text: 'Plan a trip' })}>
        Start
      </button>
      <p data-testid="text">{text}</p>
      <p data-testid="roles">{chat.messages.map((message) => message.role).join(' ')}</p>
      <p data-testid="transcript">{run.transcript.map((entry) => entry.state).join(' ')}</p>
      {run.openPrompts.map((prompt) => (
        <AskUserPrompt key={prompt.key} run={run} prompt={prompt} />
      ))}
    </main>
  );
}

const wait = { timeout: 15_000 };

async function start(fetch: Fetch) {
  const screen = await render(<Chat fetch={fetch} />);
  await userEvent.click(screen.getByRole('button', { name: 'Start' }));
  await expect
    .element(screen.getByRole('textbox', { name: 'Where would you like to go?' }), wait)
    .toBeVisible();
  return screen;
}

describe('useAskUserChat with the AI SDK useChat in Chromium', () => {
  it('answers the three questions to the end, each resume joining the same assistant message', async () => {
    const watched = watchedFetch();
    const screen = await start(watched.fetch);
    await userEvent.fill(screen.getByRole('textbox', { name: 'Where would you like to go?' }), 'Lisbon');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await userEvent.click(screen.getByRole('radio', { name: /Plane/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Museums' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Beaches' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await expect.element(screen.getByText(/Have a wonderful trip!$/), wait).toBeVisible();
    expect(screen.getByTestId('text').element().textContent).toMatch(
      /^Here is your plan for Lisbon\. You will travel by plane, and the days include museums, beaches\./,
    );
    expect(watched.resumes).toEqual(['Lisbon', 'Plane', ['Museums', 'Beaches']]);
    expect(screen.getByTestId('transcript').element().textContent).toBe('answered answered answered');
    expect(screen.getByTestId('roles').element().textContent).toBe('user assistant');
    expect(screen.container.querySelectorAll('form')).toHaveLength(0);
  });

  it('sends nothing for an invalid answer', async () => {
    const watched = watchedFetch();
    const screen = await start(watched.fetch);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await expect.element(screen.getByText('Please write an answer.')).toBeVisible();
    await userEvent.fill(screen.getByRole('textbox', { name: 'Where would you like to go?' }), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await expect.element(screen.getByText('Please write an answer.')).toBeVisible();
    expect(watched.resumes).toEqual([]);
  });

  it('keeps the answer of a failed resume, and Retry sends it again', async () => {
    const watched = watchedFetch(1);
    const screen = await start(watched.fetch);
    const field = screen.getByRole('textbox', { name: 'Where would you like to go?' });
    await userEvent.fill(field, 'Porto');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await expect.element(screen.getByRole('button', { name: 'Retry' }), wait).toBeVisible();
    await expect.element(field).toHaveValue('Porto');
    expect(screen.getByTestId('transcript').element().textContent).toBe('failed');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await expect.element(screen.getByRole('radio', { name: /Train/ }), wait).toBeVisible();
    expect(watched.resumes).toEqual(['Porto', 'Porto']);
  });

  it('sends one resume for a double click', async () => {
    const watched = watchedFetch();
    const screen = await start(watched.fetch);
    await userEvent.fill(screen.getByRole('textbox', { name: 'Where would you like to go?' }), 'Rome');
    await userEvent.dblClick(screen.getByRole('button', { name: 'Send' }));
    await expect.element(screen.getByRole('radio', { name: /Train/ }), wait).toBeVisible();
    expect(watched.resumes).toEqual(['Rome']);
  });
});
