// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openTabChannel, type TabMessage } from './tabChannel.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('openTabChannel', () => {
  it('carries a message to another channel of the same thread, not to another thread', async () => {
    const heard: TabMessage[] = [];
    const other: TabMessage[] = [];
    const sender = openTabChannel('t-1', () => {});
    const receiver = openTabChannel('t-1', (message) => heard.push(message));
    const elsewhere = openTabChannel('t-2', (message) => other.push(message));
    sender.post({ busy: true });
    await vi.waitFor(() => expect(heard).toEqual([{ busy: true }]));
    expect(other).toEqual([]);
    for (const channel of [sender, receiver, elsewhere]) channel.close();
  });

  it('without BroadcastChannel, goes through storage: written here, read from another tab’s storage event', () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    const heard: TabMessage[] = [];
    const channel = openTabChannel('t-1', (message) => heard.push(message));
    channel.post({ busy: false });
    const key = 'ask-user-kit:thread:t-1';
    const written = localStorage.getItem(key);
    expect(JSON.parse(written!)).toMatchObject({ busy: false });
    // What the browser fires in the other tabs when one writes the key (never in the writer itself).
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: written }));
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: 'not json' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'another key', newValue: written }));
    expect(heard).toEqual([{ busy: false }]);
    channel.close();
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: written }));
    expect(heard).toHaveLength(1);
  });
});
