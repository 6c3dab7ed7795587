import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Screens under test wait for fetches and transitions: on a busy two-core CI machine one second is not always enough.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
