import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Integration tests each start an in-process engine and server; two cores run two files at once.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The SDK warns on Node 20 that future releases need Node 22 (Lambda runs 22; the lockfile pins).
    env: { LOG_LEVEL: 'silent', AWS_REGION: 'us-east-1', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
