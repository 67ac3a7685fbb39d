// The floor of a step's output path, for the benchmark: `head -c BYTES FILE` read through the same pipe
// runCommand reads (output-pipe.ts), each chunk written to the console (this process's stdout) and to
// a log file as it came, nothing done to it: no redaction, no stamps. What is left between this and
// the step (bench/stream-step.ts) is the work on the bytes. Prints {"seconds", "cpu"} on stderr.
//   tsx bench/stream-floor.ts FILE BYTES > /dev/null
import { spawn } from 'node:child_process';
import { closeSync, openSync, writeSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { outputPipe } from '../src/core/lib/output-pipe.js';

const [file, bytes] = process.argv.slice(2);
if (!file || !bytes) throw new Error('usage: stream-floor.ts FILE BYTES');
const dir = await mkdtemp(path.join(tmpdir(), 'stream-floor-'));
const log = openSync(path.join(dir, 'deploy.log'), 'a', 0o600);
const start = performance.now();
const cpuStart = process.cpuUsage();
const pipe = await outputPipe((chunk) => {
  process.stdout.write(chunk);
  for (let at = 0; at < chunk.length; ) at += writeSync(log, chunk, at, chunk.length - at);
});
if (!pipe) throw new Error('no socket pair here');
const child = spawn('head', ['-c', bytes, file], { stdio: ['ignore', pipe.child, 'inherit'] });
pipe.child.destroy();
await Promise.all([new Promise((resolve) => child.on('close', resolve)), pipe.closed]);
closeSync(log);
const seconds = (performance.now() - start) / 1000;
const { user, system } = process.cpuUsage(cpuStart);
await rm(dir, { recursive: true, force: true });
process.stderr.write(`${JSON.stringify({ seconds, cpu: (user + system) / 1e6 })}\n`);
