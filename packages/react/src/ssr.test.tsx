// @vitest-environment node
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { multiplePrompt, textPrompt } from './test/prompts.ts';

describe('server rendering', () => {
  it('imports without a window and renders the prompt and the hook to HTML', async () => {
    expect(typeof window).toBe('undefined');
    expect(typeof sessionStorage).toBe('undefined');
    const { AskUserPrompt, useAgentRun } = await import('./index.ts');
    const prompt = textPrompt();
    function App() {
      const run = useAgentRun({
        agentId: 'text',
        baseUrl: 'http://127.0.0.1:9',
        threadId: 't-1',
        resourceId: 'u-1',
      });
      return (
        <main data-status={run.status}>
          <AskUserPrompt prompt={prompt} />
          <AskUserPrompt prompt={multiplePrompt()} allowOther />
        </main>
      );
    }
    const html = renderToString(
      <QueryClientProvider client={new QueryClient()}>
        <App />
      </QueryClientProvider>,
    );
    expect(html).toContain('data-status="idle"');
    expect(html).toContain('Where would you like to go?</label>');
    expect(html).toMatch(/<textarea[^>]*data-part="text-field"/);
    expect(html).toMatch(/<input[^>]*type="checkbox"/);
    // The live region is empty in the server's HTML; it is filled after hydration, so it is announced.
    expect(html).toMatch(/<div [^>]*role="status"[^>]*><\/div>/);
  });
});
