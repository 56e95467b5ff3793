// The conversations this browser has opened, newest first: each is its own resource on the demo's
// server (no sign-in), so the inbox reads them all.
const KEY = 'ask-user-kit-demo:conversations';
const KEPT = 20;

export function knownConversations(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberConversation(id: string): void {
  try {
    const kept = [id, ...knownConversations().filter((known) => known !== id)].slice(0, KEPT);
    localStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Storage can be disabled: the inbox then shows the conversations of this visit only.
  }
}
