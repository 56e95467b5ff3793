import { AssistantRuntimeProvider, MessagePrimitive, ThreadPrimitive } from '@assistant-ui/react';
import { AssistantChatTransport, useChatRuntime } from '@assistant-ui/react-ai-sdk';
import { useState } from 'react';
import { describe, expect, inject, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { makeAskUserDataUI } from './AskUserDataPart.tsx';

// Real Chromium, assistant-ui's real AI SDK runtime (useChatRuntime + AssistantChatTransport, the
// path Mastra's docs give) and a real Mastra server serving @mastra/ai-sdk's chatRoute
// (vitest.globalSetup.ts): the planner's questions rendered by the registered data-part renderer.

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

const AskUserDataUI = makeAskUserDataUI();

function AssistantMessage() {
  return (
    <MessagePrimitive.Root data-testid="assistant">
      <MessagePrimitive.Parts />
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

function Thread({ fetch }: { fetch: Fetch }) {
  const [transport] = useState(
    () => new AssistantChatTransport({ api: `${inject('mastraUrl')}/chat/trip`, fetch }),
  );
  const runtime = useChatRuntime({ transport });
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

async function start(fetch: Fetch) {
  const screen = await render(<Thread fetch={fetch} />);
  await userEvent.click(screen.getByRole('button', { name: 'Start' }));
  await expect.element(screen.getByRole('textbox', where), wait).toBeVisible();
  return screen;
}

describe('makeAskUserDataUI in an assistant-ui thread in Chromium', () => {
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
