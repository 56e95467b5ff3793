import { AssistantRuntimeProvider, MessagePrimitive, ThreadPrimitive } from '@assistant-ui/react';
import { AssistantChatTransport, useChatRuntime } from '@assistant-ui/react-ai-sdk';
import type { UIMessage } from 'ai';
import { useState } from 'react';
import { describe, expect, inject, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { makeAskUserDataUI } from './AskUserDataPart.tsx';
import { AskUserToolPart } from './AskUserToolPart.tsx';

// Real Chromium, assistant-ui's real AI SDK runtime (useChatRuntime + AssistantChatTransport, the
// path Mastra's docs give) and a real Mastra server serving @mastra/ai-sdk's chatRoute
// (vitest.globalSetup.ts): the planner's questions rendered by the registered data-part renderer,
// and, in a thread read back after a reload, the ones answered before it by AskUserToolPart.

type Fetch = typeof globalThis.fetch;

/**
 * A fetch that records the resume data and signature of each resume request, and can fail some
 * of them, or alter their signature.
 */
function watchedFetch(failResumes = 0, { alterSignature = false } = {}) {
  const resumes: unknown[] = [];
  const signatures: unknown[] = [];
  let failures = failResumes;
  const fetch: Fetch = async (input, init) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as { resumeData?: unknown; signature?: string };
    if (body.resumeData === undefined) return globalThis.fetch(input, init);
    resumes.push(body.resumeData);
    signatures.push(body.signature);
    if (alterSignature && body.signature) {
      const altered = JSON.stringify({ ...body, signature: `${body.signature.slice(0, -2)}xx` });
      return globalThis.fetch(input, { ...init, body: altered });
    }
    if (failures > 0) {
      failures -= 1;
      return new Response('{"error":"Service Unavailable"}', { status: 503 });
    }
    return globalThis.fetch(input, init);
  };
  return { fetch, resumes, signatures };
}

const AskUserDataUI = makeAskUserDataUI();
const tools = { by_name: { ask_user: AskUserToolPart } };

function AssistantMessage() {
  return (
    <MessagePrimitive.Root data-testid="assistant">
      <MessagePrimitive.Parts components={{ tools }} />
    </MessagePrimitive.Root>
  );
}

function UserMessage() {
  return (
    <MessagePrimitive.Root>
      <MessagePrimitive.Parts />
    </MessagePrimitive.Root>
  );
}

interface ThreadProps {
  fetch: Fetch;
  /** Keep the conversation in this thread of the memory server (chatRoute's `memory`). */
  thread?: string;
  /** What the runtime starts from: the thread read back after a reload. */
  initialMessages?: UIMessage[];
  /** The chat route: `chat`, or `signed-chat` (behind a guard that signs questions). */
  route?: string;
}

function Thread({ fetch, thread, initialMessages, route = 'chat' }: ThreadProps) {
  const baseUrl = thread ? inject('mastraMemoryUrl') : inject('mastraUrl');
  const [transport] = useState(
    () =>
      new AssistantChatTransport({
        api: `${baseUrl}/${route}/trip`,
        fetch,
        body: thread ? { memory: { thread, resource: thread } } : undefined,
      }),
  );
  const runtime = useChatRuntime({ transport, messages: initialMessages });
  return (
    <AssistantRuntimeProvider runtime={runtime}>
      <AskUserDataUI />
      <button type="button" onClick={() => runtime.thread.append('Plan a trip')}>
        Start
      </button>
      <ThreadPrimitive.Root>
        <ThreadPrimitive.Viewport>
          <ThreadPrimitive.Messages components={{ AssistantMessage, UserMessage }} />
        </ThreadPrimitive.Viewport>
      </ThreadPrimitive.Root>
    </AssistantRuntimeProvider>
  );
}

const wait = { timeout: 15_000 };
const where = { name: 'Where would you like to go?' };

async function start(fetch: Fetch, thread?: string, route?: string) {
  const screen = await render(<Thread fetch={fetch} thread={thread} route={route} />);
  await userEvent.click(screen.getByRole('button', { name: 'Start' }));
  await expect.element(screen.getByRole('textbox', where), wait).toBeVisible();
  return screen;
}

describe('makeAskUserDataUI in an assistant-ui thread in Chromium', () => {
  it('answers behind a signing guard with the signature the part carried, and shows an altered one refused', async () => {
    const signed = watchedFetch();
    const screen = await start(signed.fetch, undefined, 'signed-chat');
    await userEvent.fill(screen.getByRole('textbox', where), 'Oslo');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await expect.element(screen.getByRole('radio', { name: /Plane/ }), wait).toBeVisible();
    expect(signed.signatures).toEqual([expect.stringMatching(/^[\w-]{43}$/)]);
    await screen.unmount();

    const altered = watchedFetch(0, { alterSignature: true });
    const refused = await start(altered.fetch, undefined, 'signed-chat');
    await userEvent.fill(refused.getByRole('textbox', where), 'Oslo');
    await userEvent.click(refused.getByRole('button', { name: 'Send' }));
    await expect
      .element(
        refused.getByText(/This question changed since it was shown, or its signature is not valid/).first(),
        wait,
      )
      .toBeVisible();
  });

  it('answers the three questions to the end, each shown answered in the thread', async () => {
    const watched = watchedFetch();
    const screen = await start(watched.fetch);
    await userEvent.fill(screen.getByRole('textbox', where), 'Lisbon');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await userEvent.click(screen.getByRole('radio', { name: /Plane/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Museums' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Beaches' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await expect.element(screen.getByText(/Have a wonderful trip!$/), wait).toBeVisible();
    expect(watched.resumes).toEqual(['Lisbon', 'Plane', ['Museums', 'Beaches']]);
    const states = [...screen.container.querySelectorAll('form[data-state]')].map((form) =>
      form.getAttribute('data-state'),
    );
    expect(states).toEqual(['answered', 'answered', 'answered']);
  });

  it('sends nothing for an invalid answer', async () => {
    const watched = watchedFetch();
    const screen = await start(watched.fetch);
    await userEvent.fill(screen.getByRole('textbox', where), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await expect.element(screen.getByText('Please write an answer.')).toBeVisible();
    expect(watched.resumes).toEqual([]);
  });

  it('keeps the answer of a failed resume, and Retry sends it again', async () => {
    const watched = watchedFetch(1);
    const screen = await start(watched.fetch);
    const field = screen.getByRole('textbox', where);
    await userEvent.fill(field, 'Porto');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await expect.element(screen.getByRole('button', { name: 'Retry' }), wait).toBeVisible();
    await expect.element(field).toHaveValue('Porto');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await expect.element(screen.getByRole('radio', { name: /Train/ }), wait).toBeVisible();
    expect(watched.resumes).toEqual(['Porto', 'Porto']);
  });

  it('sends one resume for a double click', async () => {
    const watched = watchedFetch();
    const screen = await start(watched.fetch);
    await userEvent.fill(screen.getByRole('textbox', where), 'Rome');
    await userEvent.dblClick(screen.getByRole('button', { name: 'Send' }));
    await expect.element(screen.getByRole('radio', { name: /Train/ }), wait).toBeVisible();
    expect(watched.resumes).toEqual(['Rome']);
  });
});

/** The thread as @ask-user-kit/server's chatHistoryRoute gives it back to a reloaded page. */
async function readHistory(thread: string): Promise<UIMessage[]> {
  const query = new URLSearchParams({ thread, resource: thread });
  const response = await fetch(`${inject('mastraMemoryUrl')}/chat/trip/history?${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: UIMessage[] }).messages;
}

const formStates = (container: HTMLElement) =>
  [...container.querySelectorAll('form[data-state]')].map((form) => form.getAttribute('data-state'));

describe('an assistant-ui thread after a reload', () => {
  it('gets the waiting question back from the history, and answering it completes the run', async () => {
    const thread = `reload-${crypto.randomUUID()}`;
    const watched = watchedFetch();
    const before = await start(watched.fetch, thread);
    await userEvent.fill(before.getByRole('textbox', where), 'Lisbon');
    await userEvent.click(before.getByRole('button', { name: 'Send' }));
    await expect.element(before.getByRole('radio', { name: /Train/ }), wait).toBeVisible();
    await before.unmount();

    const history = await readHistory(thread);
    const after = await render(<Thread fetch={watched.fetch} thread={thread} initialMessages={history} />);
    await expect.element(after.getByRole('radio', { name: /Plane/ }), wait).toBeVisible();
    // The first question is back answered, with its answer, by AskUserToolPart.
    expect(formStates(after.container)).toEqual(['answered', 'ready']);
    expect(after.container.querySelector('form')?.textContent).toContain('Lisbon');
    await userEvent.click(after.getByRole('radio', { name: /Plane/ }));
    await userEvent.click(after.getByRole('button', { name: 'Send' }));
    await expect.element(after.getByRole('checkbox', { name: 'Museums' }), wait).toBeVisible();
    await userEvent.click(after.getByRole('checkbox', { name: 'Museums' }));
    await userEvent.click(after.getByRole('button', { name: 'Send' }));
    await expect.element(after.getByText(/Have a wonderful trip!$/), wait).toBeVisible();
    expect(watched.resumes).toEqual(['Lisbon', 'Plane', ['Museums']]);
    expect(formStates(after.container)).toEqual(['answered', 'answered', 'answered']);
  });
});
