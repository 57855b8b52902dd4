import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Integration tests each start an in-process engine and server; two cores run two files at once.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { LOG_LEVEL: 'silent', AWS_REGION: 'us-east-1' },
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
