import axe from 'axe-core';
import { describe, expect, inject, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { newQueryClient, withClient } from '../test/harness.tsx';
import { Inbox } from './Inbox.tsx';
import { useInbox } from './useInbox.ts';
import '../styles.css';

// Real Chromium against a real Mastra server whose guard keeps the inbox's index.

async function axeViolations(container: Element) {
  const results = await axe.run(container);
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

const serverWait = { timeout: 15_000 };

/** Starts a run of `agent` in a thread of `resource`, read to its end (it suspends); the call it waits on. */
async function ask(baseUrl: string, agent: string, thread: string, resource: string) {
  const res = await fetch(`${baseUrl}/api/agents/${agent}/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ role: 'user', content: 'Go' }], memory: { thread, resource } }),
  });
  const suspended = (await res.text())
    .split('\n\n')
    .filter((frame) => frame.startsWith('data: {'))
    .map(
      (frame) =>
        JSON.parse(frame.slice('data: '.length)) as {
          type: string;
          runId: string;
          payload: { toolCallId: string };
        },
    )
    .find((chunk) => chunk.type === 'tool-call-suspended')!;
  return { runId: suspended.runId, toolCallId: suspended.payload.toolCallId };
}

interface UserInboxProps {
  baseUrl: string;
  resource: string;
  label: string;
  pollMs: number;
  fetch?: typeof fetch;
}

function UserInbox({ baseUrl, resource, label, pollMs, fetch }: UserInboxProps) {
  const inbox = useInbox({ baseUrl, resource, pollMs, fetch });
  return <Inbox inbox={inbox} aria-label={label} threadHref={(item) => `#/threads/${item.thread}`} />;
}

describe('<Inbox> in Chromium', () => {
  it('shows a question asked elsewhere within a poll, and drops it once answered elsewhere', async () => {
    const baseUrl = inject('mastraInboxUrl');
    const resource = `inbox-${crypto.randomUUID()}`;
    const screen = await render(
      <UserInbox baseUrl={baseUrl} resource={resource} label="Inbox" pollMs={250} />,
      {
        wrapper: withClient(newQueryClient()),
      },
    );
    await expect.element(screen.getByText('Nothing is waiting for you.'), serverWait).toBeVisible();
    expect(await axeViolations(screen.container)).toEqual([]);
    const asked = await ask(baseUrl, 'text', 'thread-name', resource);
    const question = screen.getByRole('button', { name: /text thread-name .*What is your name\?/ });
    await expect.element(question, serverWait).toBeVisible();
    expect(await axeViolations(screen.container)).toEqual([]);
    const answered = await fetch(`${baseUrl}/api/agents/text/resume-stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...asked, resumeData: 'Ada' }),
    });
    await answered.text();
    await expect.element(screen.getByText('Nothing is waiting for you.'), serverWait).toBeVisible();
  });

  it('keeps an item answered in it in view, saying so, through the polls until it is closed', async () => {
    const baseUrl = inject('mastraInboxUrl');
    const resource = `inbox-${crypto.randomUUID()}`;
    await ask(baseUrl, 'text', 'thread-name', resource);
    let reads = 0;
    const counted: typeof fetch = (input, init) => {
      if (String(input).includes('/inbox?')) reads += 1;
      return fetch(input, init);
    };
    const screen = await render(
      <UserInbox baseUrl={baseUrl} resource={resource} label="Inbox" pollMs={250} fetch={counted} />,
      { wrapper: withClient(newQueryClient()) },
    );
    const name = screen.getByRole('button', { name: /text thread-name .*What is your name\?/ });
    await expect.element(name, serverWait).toBeVisible();
    (name.element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    const field = screen.getByRole('textbox', { name: 'What is your name?' });
    await expect.element(field, serverWait).toBeVisible();
    await userEvent.fill(field, 'Ada');
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByText('Answer sent.'), serverWait).toBeVisible();

    // The server lists it no more: it stays while open.
    const answeredAt = reads;
    await expect.poll(() => reads, serverWait).toBeGreaterThan(answeredAt + 2);
    await expect.element(screen.getByText('Answer sent.')).toBeVisible();
    expect(await axeViolations(screen.container)).toEqual([]);
    (name.element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByText('Nothing is waiting for you.'), serverWait).toBeVisible();
  });

  it('moves by keyboard, answers inline; another tab that answers too is told it was answered elsewhere', async () => {
    const baseUrl = inject('mastraInboxUrl');
    const resource = `inbox-${crypto.randomUUID()}`;
    await ask(baseUrl, 'text', 'thread-name', resource);
    await ask(baseUrl, 'single', 'thread-colour', resource);
    // No polling: both tabs keep the question until they answer it.
    const screen = await render(
      <>
        <UserInbox baseUrl={baseUrl} resource={resource} label="Inbox one" pollMs={0} />
        <UserInbox baseUrl={baseUrl} resource={resource} label="Inbox two" pollMs={0} />
      </>,
      { wrapper: withClient(newQueryClient()) },
    );
    const one = screen.getByRole('region', { name: 'Inbox one' });
    const two = screen.getByRole('region', { name: 'Inbox two' });
    const colour = one.getByRole('button', { name: /single thread-colour .*Pick a colour/ });
    const name = one.getByRole('button', { name: /text thread-name .*What is your name\?/ });
    await expect.element(colour, serverWait).toBeVisible();
    await expect.element(name).toBeVisible();
    expect(await axeViolations(screen.container)).toEqual([]);

    // Roving focus: one trigger in the Tab order; arrows, Home and End move between them.
    (one.getByRole('combobox', { name: 'Kind' }).element() as HTMLElement).focus();
    await userEvent.tab();
    await expect.element(colour).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(name).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect.element(colour).toHaveFocus();
    await userEvent.keyboard('{End}');
    await expect.element(name).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.element(name).toHaveAttribute('aria-expanded', 'true');
    const field = one.getByRole('textbox', { name: 'What is your name?' });
    await expect.element(field, serverWait).toBeVisible();
    expect(await axeViolations(screen.container)).toEqual([]);

    // The second tab opens the same question before the first answers it.
    (two.getByRole('button', { name: /What is your name\?/ }).element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    const late = two.getByRole('textbox', { name: 'What is your name?' });
    await expect.element(late, serverWait).toBeVisible();

    await userEvent.click(field);
    await userEvent.keyboard('Ada{Enter}');
    await expect.element(one.getByRole('status').getByText('Answer sent.'), serverWait).toBeVisible();

    await userEvent.fill(late, 'Grace');
    await userEvent.click(two.getByRole('button', { name: 'Send' }));
    await expect
      .element(two.getByText('This question was answered in another window or device.').first(), serverWait)
      .toBeVisible();
    expect(await axeViolations(screen.container)).toEqual([]);
    await expect
      .element(one.getByRole('link', { name: 'Open the thread' }).first())
      .toHaveAttribute('href', '#/threads/thread-colour');
  });
});
