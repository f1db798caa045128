import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// Routes are lazy (one chunk per page), and under Vitest each chunk is transformed on its first
// import. On a loaded CI machine (lint, type check and Jest run beside Vitest) that first import
// alone has taken over a second, past Testing Library's 1 s default for findBy/waitFor: the test
// failed waiting for a page that was still compiling. A ceiling, not a delay — the queries still
// resolve as soon as the element is there.
configure({ asyncUtilTimeout: 10_000 });
