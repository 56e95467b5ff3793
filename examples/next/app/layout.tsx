import type { ReactNode } from 'react';
import '@ask-user-kit/react/styles.css';

export const metadata = { title: 'ask-user-kit in Next.js' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
