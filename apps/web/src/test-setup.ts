import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// Routes are lazy (one chunk per page), and under Vitest each chunk is transformed on its first
// import. On a loaded CI machine (lint, type check and Jest run beside Vitest) that first import
// alone has taken over a second, past Testing Library's 1 s default for findBy/waitFor: the test
// failed waiting for a page that was still compiling. A ceiling, not a delay — the queries still
// resolve as soon as the element is there.
configure({ asyncUtilTimeout: 10_000 });

// The suites' browser holds a session hint, as a signed-in person's does (identity sets it with
// the refresh cookie), so the app asks for a refresh on start and each spec's stubbed answer
// decides: signed in (200) or not (401). Specs of the anonymous start clear it.
document.cookie = 'cv_has_session=1; path=/';
