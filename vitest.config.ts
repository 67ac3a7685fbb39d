import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Tests drive real tools (terraform, pip, ansible, kubectl, keystone): allow them time.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Two cores: keep parallelism modest so real tools don't starve each other.
    maxWorkers: 2,
    // GitHub's workflow parser imports JSON without import attributes, which Node refuses: let Vite load it.
    server: { deps: { inline: ['@actions/workflow-parser'] } },
  },
});
