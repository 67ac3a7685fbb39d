// The `clusterctl` and `kind` stand-ins' whole executable part: plain Node (no build step), it sends
// argv, working directory, environment (and stdin for `--from -`) to the sandbox cloud's control
// endpoint and replays the answer: stdout, stderr, exit code. See cloud.ts and commands.ts.
import { readFileSync } from 'node:fs';

export async function launch(tool) {
  const base = process.env.CAPI_SANDBOX_URL;
  if (!base) {
    process.stderr.write(`${tool} (sandbox stand-in): CAPI_SANDBOX_URL is not set. This ${tool} only works with the sandbox cloud (startCapiSandbox in examples/sandbox/capi/cloud.ts); put its env in the environment.\n`);
    process.exit(1);
  }
  const args = process.argv.slice(2);
  const fromIndex = args.indexOf('--from');
  const readsStdin = (fromIndex >= 0 && args[fromIndex + 1] === '-') || args.includes('--from=-');
  const request = { tool, args, cwd: process.cwd(), env: process.env, stdin: readsStdin ? readFileSync(0, 'utf8') : undefined };
  let answer;
  try {
    const response = await fetch(`${base}/run`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    answer = await response.json();
  } catch (error) {
    process.stderr.write(`${tool} (sandbox stand-in): cannot reach the sandbox cloud at ${base.replace(/\/[^/]*$/, '')}: ${error.message}\n`);
    process.exit(1);
  }
  process.stdout.write(answer.stdout);
  process.stderr.write(answer.stderr);
  process.exitCode = answer.exitCode;
}
