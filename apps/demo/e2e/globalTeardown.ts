import { rmSync } from 'node:fs';

export default function globalTeardown() {
  const tmp = process.env.ASK_E2E_TMP;
  if (tmp) rmSync(tmp, { recursive: true, force: true });
}
