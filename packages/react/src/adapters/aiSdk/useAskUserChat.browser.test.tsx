import { useChat } from '@ai-sdk/react';
import { createFetchTransport } from '@ask-user-kit/core';
import { DefaultChatTransport, type UIMessage } from 'ai';
import { useState } from 'react';
import { describe, expect, inject, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { AskUserPrompt } from '../../AskUserPrompt.tsx';
import { useAskUserChat } from './useAskUserChat.ts';

// Real Chromium, the AI SDK's real useChat, and a real Mastra server serving @mastra/ai-sdk's
// chatRoute (vitest.globalSetup.ts): the planner's three questions through <AskUserPrompt run>.

type Fetch = typeof globalThis.fetch;

/**
 * A fetch that records the resume data of each resume request, and can fail some of them, or
 * first have the same question answered by another client (a request of its own, to its end).
 */
function watchedFetch(failResumes = 0, { answerElsewhereFirst = false, forgeSignature = false } = {}) {
  const resumes: unknown[] = [];
  const signatures: unknown[] = [];
  let failures = failResumes;
  const fetch: Fetch = async (input, init) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as { resumeData?: unknown; signature?: unknown };
    if (body.resumeData === undefined) return globalThis.fetch(input, init);
    resumes.push(body.resumeData);
    signatures.push(body.signature);
    if (forgeSignature)
      return globalThis.fetch(input, { ...init, body: JSON.stringify({ ...body, signature: 'forged' }) });
    if (failures > 0) {
      failures -= 1;
      return new Response('{"error":"Service Unavailable"}', { status: 503 });
    }
    if (answerElsewhereFirst) {
      const elsewhere = JSON.stringify({ ...body, resumeData: 'Elsewhere' });
      await (await globalThis.fetch(input, { ...init, body: elsewhere, signal: null })).text();
    }
    return globalThis.fetch(input, init);
  };
  return { fetch, resumes, signatures };
}

interface ChatProps {
  fetch: Fetch;
  /** The chat route: `chat`, or `guarded-chat` (behind the answer guard). */
  route?: string;
  /** Ask the suspended-runs list whether a failed resume's question expired. */
  confirmExpiry?: boolean;
  /** Keep the conversation in this thread of the memory server (chatRoute's `memory`). */
  thread?: string;
  /** What useChat starts from: the thread read back after a reload. */
  initialMessages?: UIMessage[];
  /** The agent: `trip`, or `late` (its questions expire after 2 seconds). */
  agentId?: string;
}

function Chat({
  fetch,
  route = 'chat',
  confirmExpiry = false,
  thread,
  initialMessages,
  agentId = 'trip',
}: ChatProps) {
  const baseUrl = thread ? inject('mastraMemoryUrl') : inject('mastraUrl');
  const [transport] = useState(
    () =>
      new DefaultChatTransport({
        api: `${baseUrl}/${route}/${agentId}`,
        fetch,
        body: thread ? { memory: { thread, resource: thread } } : undefined,
      }),
  );
  const [agentTransport] = useState(() => createFetchTransport({ baseUrl, agentId: 'trip' }));
  const chat = useChat({ transport, messages: initialMessages });
  const suspendedRuns = async () => (await agentTransport.listSuspended({})).runs;
  const run = useAskUserChat(chat, confirmExpiry ? { suspendedRuns } : {});
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

/** Waits until the question's deadline (its `.TimeLeft`'s `<time>`) has passed. */
async function pastDeadline(container: HTMLElement) {
  const deadline = Date.parse(container.querySelector('time')!.dateTime);
  await expect.poll(() => Date.now() > deadline, wait).toBe(true);
}

async function start(fetch: Fetch, props: Omit<ChatProps, 'fetch'> = {}) {
  const screen = await render(<Chat fetch={fetch} {...props} />);
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

  it("shows a question another client answered first as answered elsewhere (the guard's 409)", async () => {
    const watched = watchedFetch(0, { answerElsewhereFirst: true });
    const screen = await start(watched.fetch, { route: 'guarded-chat' });
    await userEvent.fill(screen.getByRole('textbox', { name: 'Where would you like to go?' }), 'Oslo');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await expect.element(screen.getByTestId('transcript'), wait).toHaveTextContent('answered-elsewhere');
    expect(screen.getByTestId('transcript').element().textContent).toBe('answered-elsewhere');
    expect(watched.resumes).toEqual(['Oslo']);
    expect(screen.container.querySelectorAll('form')).toHaveLength(0);
  });

  it("shows a late answer as expired (the guard's 410)", async () => {
    const watched = watchedFetch();
    const screen = await start(watched.fetch, { route: 'guarded-chat', agentId: 'late' });
    await pastDeadline(screen.container);
    await userEvent.fill(screen.getByRole('textbox', { name: 'Where would you like to go?' }), 'Oslo');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await expect.element(screen.getByTestId('transcript'), wait).toHaveTextContent('expired');
    expect(screen.getByTestId('transcript').element().textContent).toBe('expired');
    expect(watched.resumes).toEqual(['Oslo']);
  });

  it('sends the signature the guard gave the question, and shows a refused one in words', async () => {
    const signed = watchedFetch();
    const screen = await start(signed.fetch, { route: 'signed-chat' });
    await userEvent.fill(screen.getByRole('textbox', { name: 'Where would you like to go?' }), 'Oslo');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await expect.element(screen.getByTestId('transcript'), wait).toHaveTextContent('answered ready');
    expect(signed.signatures).toEqual([expect.stringMatching(/^[\w-]{43}$/)]);
    await screen.unmount();

    const forged = watchedFetch(0, { forgeSignature: true });
    const refused = await start(forged.fetch, { route: 'signed-chat' });
    await userEvent.fill(refused.getByRole('textbox', { name: 'Where would you like to go?' }), 'Oslo');
    await userEvent.click(refused.getByRole('button', { name: 'Send' }));
    await expect.element(refused.getByTestId('transcript'), wait).toHaveTextContent('failed');
    await expect
      .element(
        refused.getByText(/This question changed since it was shown, or its signature is not valid/).first(),
      )
      .toBeVisible();
  });

  it('shows a question that no longer waits as expired, asking the suspended-runs list', async () => {
    const watched = watchedFetch(0, { answerElsewhereFirst: true });
    const screen = await start(watched.fetch, { confirmExpiry: true });
    await userEvent.fill(screen.getByRole('textbox', { name: 'Where would you like to go?' }), 'Oslo');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await expect.element(screen.getByTestId('transcript'), wait).toHaveTextContent('expired');
    expect(screen.getByTestId('transcript').element().textContent).toBe('expired');
    expect(screen.container.querySelectorAll('form')).toHaveLength(0);
  });

  it("keeps chatRoute's bare 500 a failed resume when no suspended-runs list is given", async () => {
    const watched = watchedFetch(0, { answerElsewhereFirst: true });
    const screen = await start(watched.fetch);
    await userEvent.fill(screen.getByRole('textbox', { name: 'Where would you like to go?' }), 'Oslo');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await expect.element(screen.getByRole('button', { name: 'Retry' }), wait).toBeVisible();
    expect(screen.getByTestId('transcript').element().textContent).toBe('failed');
  });
});

/** The thread as @ask-user-kit/server's chatHistoryRoute gives it back to a reloaded page. */
async function readHistory(thread: string): Promise<UIMessage[]> {
  const query = new URLSearchParams({ thread, resource: thread });
  const response = await fetch(`${inject('mastraMemoryUrl')}/chat/trip/history?${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: UIMessage[] }).messages;
}

describe('useAskUserChat after a reload', () => {
  it('gets the waiting question back from the history, and answering it completes the run', async () => {
    const thread = `reload-${crypto.randomUUID()}`;
    const watched = watchedFetch();
    const before = await start(watched.fetch, { thread });
    await userEvent.fill(before.getByRole('textbox', { name: 'Where would you like to go?' }), 'Lisbon');
    await userEvent.click(before.getByRole('button', { name: 'Send' }));
    await expect.element(before.getByRole('radio', { name: /Train/ }), wait).toBeVisible();
    await before.unmount();

    const after = await render(
      <Chat fetch={watched.fetch} thread={thread} initialMessages={await readHistory(thread)} />,
    );
    // The first question is answered (from memory, with its answer), the second waits again.
    await expect.element(after.getByTestId('transcript')).toHaveTextContent('answered ready');
    await userEvent.click(after.getByRole('radio', { name: /Plane/ }));
    await userEvent.click(after.getByRole('button', { name: 'Send' }));
    await expect.element(after.getByRole('checkbox', { name: 'Museums' }), wait).toBeVisible();
    await userEvent.click(after.getByRole('checkbox', { name: 'Museums' }));
    await userEvent.click(after.getByRole('button', { name: 'Send' }));
    await expect.element(after.getByText(/Have a wonderful trip!$/), wait).toBeVisible();
    expect(after.getByTestId('text').element().textContent).toMatch(
      /Here is your plan for Lisbon\. You will travel by plane, and the days include museums\./,
    );
    expect(watched.resumes).toEqual(['Lisbon', 'Plane', ['Museums']]);
    expect(after.getByTestId('transcript').element().textContent).toBe('answered answered answered');
  });
});
