import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Decorator, Preview } from '@storybook/react-vite';
import { type ReactNode, useState } from 'react';
import '@ask-user-kit/react/styles.css';
import './preview.css';

/** Each story gets its own client: no cache shared between stories or story tests. */
function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const withQueryClient: Decorator = (Story) => (
  <QueryProvider>
    <Story />
  </QueryProvider>
);

/** Theme and direction apply to the story's own frame, so a docs page can show light and dark side by side. */
const withThemeAndDirection: Decorator = (Story, { globals }) => {
  const theme = globals.theme === 'dark' ? 'dark' : 'light';
  const dir = globals.dir === 'rtl' ? 'rtl' : 'ltr';
  return (
    <div className="sb-frame" data-theme={theme} dir={dir}>
      <Story />
    </div>
  );
};

const preview: Preview = {
  // Drafts persist per prompt in sessionStorage: every story starts from an empty one.
  beforeEach: () => {
    sessionStorage.clear();
  },
  decorators: [withThemeAndDirection, withQueryClient],
  globalTypes: {
    theme: {
      description: 'Colour theme (data-theme)',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
    dir: {
      description: 'Text direction (dir)',
      toolbar: {
        title: 'Direction',
        icon: 'transfer',
        items: [
          { value: 'ltr', title: 'Left to right' },
          { value: 'rtl', title: 'Right to left' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light', dir: 'ltr' },
  parameters: {
    // Any axe violation fails the story, in the browser and in `vitest --project storybook`.
    a11y: { test: 'error' },
    controls: { expanded: true },
    layout: 'padded',
  },
};
export default preview;
