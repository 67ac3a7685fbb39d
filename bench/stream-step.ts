// One deploy step's output path, for the benchmark: `head -c BYTES FILE` run by runCommand into a
// DeployOutput as a step runs it (console: this process's stdout, as in the Actions adapter; log
// file: in a temporary folder, removed afterwards), with the 20 benchmark secrets registered.
// Prints {"seconds", "cpu", "maxRssMiB", "logged"} on stderr; seconds (and this process's CPU
// seconds, user and system) count from spawn to log closed.
//   tsx bench/stream-step.ts FILE BYTES > /dev/null
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { commandExecutor } from '../src/core/lib/command.js';
import { DeployOutput } from '../src/core/lib/output.js';
import { Redactor } from '../src/core/lib/redact.js';
import { benchSecrets } from './stream-fixture.js';

const [file, bytes] = process.argv.slice(2);
if (!file || !bytes) throw new Error('usage: stream-step.ts FILE BYTES');
const redactor = new Redactor();
for (const secret of benchSecrets()) redactor.add(secret);
const dir = await mkdtemp(path.join(tmpdir(), 'stream-step-'));
const log = path.join(dir, 'deploy.log');
const output = new DeployOutput(redactor, process.stdout);
output.openLogFile(log);
const start = performance.now();
const cpuStart = process.cpuUsage();
await commandExecutor({ redactor, output: output.write })({
  argv: ['head', '-c', bytes, file],
  cwd: dir,
  env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
});
await output.close();
const seconds = (performance.now() - start) / 1000;
const { user, system } = process.cpuUsage(cpuStart);
const cpu = (user + system) / 1e6;
const logged = (await stat(log)).size;
await rm(dir, { recursive: true, force: true });
process.stderr.write(
  `${JSON.stringify({ seconds, cpu, user: user / 1e6, system: system / 1e6, maxRssMiB: process.resourceUsage().maxRSS / 1024, logged })}\n`,
);
