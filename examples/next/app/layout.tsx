import type { ReactNode } from 'react';
import '@ask-user-kit/react/styles.css';

// No favicon of its own: `data:,` keeps the browser from asking for /favicon.ico.
export const metadata = { title: 'ask-user-kit in Next.js', icons: { icon: 'data:,' } };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
