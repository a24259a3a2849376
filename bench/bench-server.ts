import { startTestServer } from '@karm/server/test/test-server';

/**
 * A test server as production answers: without the tests' check of every JSON answer against its
 * response schema (a JSON round trip and a zod parse per answer, which the figures would otherwise
 * carry — 436 KiB for a 600-row checklist).
 */
export const startBenchServer = () => startTestServer({}, { checkAnswers: false });
