import { describe, expect, it } from 'vitest';
import * as kit from './index.ts';

describe('@ask-user-kit/react', () => {
  it('exports RequestError, which send, submit and retry reject with', () => {
    expect(kit.RequestError).toBeTypeOf('function');
    const error = new kit.RequestError(
      { code: 'busy', message: 'A request is still running.' },
      { promptKey: 'key-1' },
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'RequestError', code: 'busy', promptKey: 'key-1' });
  });

  it('keeps useControllableState internal', () => {
    expect(Object.keys(kit)).not.toContain('useControllableState');
  });

  it('exports exactly its public values', () => {
    expect(Object.keys(kit).sort()).toEqual([
      'AgentRunError',
      'AskUserPrompt',
      'RequestError',
      'defaultLabels',
      'runErrorHint',
      'useAgentRun',
      'useAskUserPrompt',
      'useRunSelector',
      'useTranscriptEntry',
    ]);
  });
});
