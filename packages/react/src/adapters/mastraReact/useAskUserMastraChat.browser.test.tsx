import { createFetchTransport } from '@ask-user-kit/core';
import { MastraReactProvider, useChat } from '@mastra/react';
import { useState } from 'react';
import { describe, expect, inject, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { AskUserPrompt } from '../../AskUserPrompt.tsx';
import { useAskUserMastraChat } from './useAskUserMastraChat.ts';

// Real Chromium, @mastra/react's real useChat (its MastraReactProvider and client) and a real
// Mastra server (vitest.globalSetup.ts): the planner's questions through <AskUserPrompt run>.

type Fetch = typeof globalThis.fetch;

/**
 * A fetch for the kit's transport that records the resume data of each resume request, and can
 * fail some of them, or first have the same question answered by another client.
 */
function watchedFetch(failResumes = 0, { answerElsewhereFirst = false, alterSignature = false } = {}) {
  const resumes: unknown[] = [];
  const signatures: unknown[] = [];
  let failures = failResumes;
  const fetch: Fetch = async (input, init) => {
    if (!String(input).endsWith('/resume-stream')) return globalThis.fetch(input, init);
    const body = JSON.parse(String(init?.body ?? '{}')) as { resumeData?: unknown; signature?: string };
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
    if (answerElsewhereFirst) {
      const elsewhere = JSON.stringify({ ...body, resumeData: 'Elsewhere' });
      await (await globalThis.fetch(input, { ...init, body: elsewhere, signal: null })).text();
    }
    return globalThis.fetch(input, init);
  };
  return { fetch, resumes, signatures };
}

/**
 * `agentId`: `trip`, `late` (its questions expire after 2 seconds, behind the answer guard), or
 * `signed` (behind a guard that signs its questions and takes only signed answers).
 */
function Chat({ fetch, agentId = 'trip' }: { fetch: Fetch; agentId?: string }) {
  const chat = useChat({ agentId });
  const [transport] = useState(() => createFetchTransport({ baseUrl: inject('mastraUrl'), agentId, fetch }));
  const run = useAskUserMastraChat(chat, { transport });
  const text = chat.messages
    .filter((message) => message.role === 'assistant')
    .flatMap((message) => message.content.parts)
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join('');
  const send = (message: string) => void chat.sendMessage({ message });
  return (
    <main>
      <button type="button" onClick={() => send('Plan a trip')}>
        Start
      </button>
      <button type="button" onClick={() => send('And another one')}>
        Another
      </button>
      <p data-testid="text">{text}</p>
      <p data-testid="transcript">{run.transcript.map((entry) => entry.state).join(' ')}</p>
      {run.openPrompts.map((prompt) => (
        <AskUserPrompt key={prompt.key} run={run} prompt={prompt} />
      ))}
    </main>
  );
}

const wait = { timeout: 15_000 };
const where = { name: 'Where would you like to go?' };

async function start(fetch: Fetch, agentId?: string) {
  const screen = await render(
    <MastraReactProvider baseUrl={inject('mastraUrl')}>
      <Chat fetch={fetch} agentId={agentId} />
    </MastraReactProvider>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Start' }));
  await expect.element(screen.getByRole('textbox', where), wait).toBeVisible();
  return screen;
}

describe('useAskUserMastraChat with @mastra/react useChat in Chromium', () => {
  it('answers a live question behind a signing guard with its signature, and shows an altered one refused', async () => {
    const signed = watchedFetch();
    const screen = await start(signed.fetch, 'signed');
    await userEvent.fill(screen.getByRole('textbox', where), 'Oslo');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await expect.element(screen.getByRole('radio', { name: /Plane/ }), wait).toBeVisible();
    expect(signed.signatures).toEqual([expect.stringMatching(/^[\w-]{43}$/)]);
    await screen.unmount();

    const altered = watchedFetch(0, { alterSignature: true });
    const refused = await start(altered.fetch, 'signed');
    await userEvent.fill(refused.getByRole('textbox', where), 'Oslo');
    await userEvent.click(refused.getByRole('button', { name: 'Send' }));
    await expect.element(refused.getByTestId('transcript'), wait).toHaveTextContent('failed');
    await expect
      .element(
        refused.getByText(/This question changed since it was shown, or its signature is not valid/).first(),
      )
      .toBeVisible();
  });

  it('answers the three questions to the end', async () => {
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
    expect(screen.getByTestId('text').element().textContent).toMatch(
      /^Here is your plan for Lisbon\. You will travel by plane, and the days include museums, beaches\./,
    );
    expect(watched.resumes).toEqual(['Lisbon', 'Plane', ['Museums', 'Beaches']]);
    expect(screen.getByTestId('transcript').element().textContent).toBe('answered answered answered');
    expect(screen.container.querySelectorAll('form')).toHaveLength(0);
  });

  it("answers an earlier run's question after a later run asked, with that run's own id", async () => {
    const watched = watchedFetch();
    const screen = await start(watched.fetch);
    await userEvent.click(screen.getByRole('button', { name: 'Another' }));
    await expect.element(screen.getByTestId('transcript'), wait).toHaveTextContent('ready ready');
    // The first run's form: approveToolCall would have resumed the second run here.
    const [first] = screen.getByRole('textbox', where).all();
    await userEvent.fill(first!, 'Lisbon');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }).first());
    await expect.element(screen.getByRole('radio', { name: /Train/ }), wait).toBeVisible();
    expect(screen.getByTestId('transcript').element().textContent).toBe('answered ready ready');
    expect(watched.resumes).toEqual(['Lisbon']);
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
    expect(screen.getByTestId('transcript').element().textContent).toBe('failed');
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

  it('shows a question that no longer waits as expired', async () => {
    const watched = watchedFetch(0, { answerElsewhereFirst: true });
    const screen = await start(watched.fetch);
    await userEvent.fill(screen.getByRole('textbox', where), 'Oslo');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await expect.element(screen.getByTestId('transcript'), wait).toHaveTextContent('expired');
    expect(screen.getByTestId('transcript').element().textContent).toBe('expired');
    expect(screen.container.querySelectorAll('form')).toHaveLength(0);
  });

  it("shows a late answer as expired (the guard's 410)", async () => {
    const watched = watchedFetch();
    const screen = await start(watched.fetch, 'late');
    const deadline = Date.parse(screen.container.querySelector('time')!.dateTime);
    await expect.poll(() => Date.now() > deadline, wait).toBe(true);
    await userEvent.fill(screen.getByRole('textbox', where), 'Oslo');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await expect.element(screen.getByTestId('transcript'), wait).toHaveTextContent('expired');
    expect(screen.getByTestId('transcript').element().textContent).toBe('expired');
    expect(watched.resumes).toEqual(['Oslo']);
  });
});
