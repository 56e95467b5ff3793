import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The jsdom projects share one worker, one window and React across their files (`isolate: false`,
// vitest.config.ts). This file runs before each of them: it gives the file the kit's modules
// evaluated afresh (their module state, such as the development warnings already given, is not the
// previous file's) and empty storage, as a fresh worker would. Dependencies (React, Testing Library)
// stay loaded: they are the import time saved.
vi.resetModules();
globalThis.localStorage?.clear();
globalThis.sessionStorage?.clear();

afterEach(cleanup);
