import { afterEach, beforeEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { assessmentPath } from '@vitalia/api/assessment.contract';
import { anAssessment } from './assessment-fixtures';
import { fakeApi } from './fake-api';
import { installMatchMedia } from './viewport';

installMatchMedia();

// Screens are lazy chunks; the first test to open one in a file waits for Vite to transform it,
// which on a busy machine takes longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

// No test reaches a real network: calls nobody answered fail with a 404 that names them.
beforeEach(() => {
  fakeApi.reset();
  fakeApi.install();
  // A person who has answered the risk assessment, so the main layout does not open it by itself;
  // tests of that behaviour answer 404 instead.
  fakeApi.on('GET', assessmentPath, { status: 200, body: savedAssessment });
});

export const savedAssessment = anAssessment({ alcohol: true });

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
