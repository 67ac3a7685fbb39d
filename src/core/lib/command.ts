import path from 'node:path';
import { formatDuration } from './duration.js';
import { UserError } from './errors.js';
import { decodeChunks, LineInterleaver, TailBuffer, type TextSink } from './output.js';
import { outputPipe } from './output-pipe.js';
import type { Redactor } from './redact.js';

/** An external command: argv (never a shell string), working directory and full environment. */
export interface CommandSpec {
  argv: readonly string[];
  cwd: string;
  env: Readonly<Record<string, string>>;
  /** The file or setting the command works on, named when it fails ("kubeconfig /path"). */
  about?: string;
}

export interface RunCommandOptions {
  redactor: Redactor;
  /**
   * Receives the redacted output live, as it comes (stdout and stderr never mixed within a line). A sink with
   * `bytes` (DeployOutput.write) gets it undecoded, and pauses the child while it is full. Omit to
   * capture only.
   */
  output?: TextSink;
  /** Aborting interrupts the child: one SIGINT, then SIGTERM after `interruptGraceMs`. */
  signal?: AbortSignal;
  interruptGraceMs?: number;
  /** Keep stdout (redacted) up to this many bytes, for commands whose answer we parse. */
  captureStdout?: number;
  /**
   * Keep stdout as the command wrote it, not redacted: for an answer that is a credential the run needs whole (a
   * kubeconfig, a Secret's data), in which the redactor would mask a registered secret's encoded form. The caller
   * never prints it; the console and the log still get the redacted output.
   */
  captureRaw?: boolean;
  /**
   * Called once the child is running, with its pid, which is also its process group (it is spawned
   * detached), and its name (commandName): e.g. to record it in the deploy lock (DeployLock.recordChild).
   * Must not throw. Not called when the program cannot be started.
   */
  onSpawn?: (pid: number, command: string) => void;
  /** Called once the child has exited and closed its output, if onSpawn was called. */
  onExit?: () => void;
}

export interface CommandResult {
  exitCode: number | null;
  /** Set when the child died of a signal. */
  signal: NodeJS.Signals | null;
  /** The last lines of combined output, redacted. */
  tail: string[];
  stdout: string;
}

export class CommandFailedError extends Error {
  override readonly name = 'CommandFailedError';
  constructor(
    readonly command: string,
    readonly result: CommandResult,
    readonly about?: string,
  ) {
    const how = result.signal ? `was killed by ${result.signal}` : `exited with ${result.exitCode}`;
    super(`${command} ${how}`);
  }
}

/**
 * A failed command in one line: how it ended, the tool's reason, and the file or setting it worked on.
 * The reason is its first diagnostic ("│ Error: …" from tofu, "ERROR: …" from pip), else the host and
 * message of Ansible's last failed task, else its last line that says something (kubectl's "The
 * connection to the server … was refused", "error: error loading config file …"): far more than an exit code.
 */
export function failureHeadline(error: CommandFailedError): string {
  const { tail } = error.result;
  const reason = toolDiagnostic(tail) ?? ansibleFailure(tail) ?? lastMeaningfulLine(tail);
  const about = error.about ? ` (${error.about})` : '';
  return `${error.message}${reason ? `: ${cut(reason)}` : ''}${about}`;
}

const cut = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}…` : text);

/**
 * The first diagnostic; when kind's failed because a command it ran did, that command's own answer too: kind prints
 * `ERROR: … command "docker pull …" failed with error: exit status 1`, then `Command Output: <docker's reason>`
 * (kind v0.32.0 `cmd/kind/app/main.go` logError).
 */
function toolDiagnostic(tail: readonly string[]): string | undefined {
  const diagnostics = tail.map((line) => /^[│|]?\s*(?:Error|ERROR): (.+)$/.exec(line)?.[1]?.trim());
  const at = diagnostics.findIndex(Boolean);
  if (at < 0) return undefined;
  const output = tail
    .slice(at + 1)
    .map((line) => /^Command Output: (.+)$/.exec(line.trim())?.[1]?.trim())
    .find(Boolean);
  return output ? `${diagnostics[at]}: ${output}` : diagnostics[at];
}

/** `fatal: [host]: FAILED! => {…}`: the host, and the task's stderr (its last line) or msg. */
function ansibleFailure(tail: readonly string[]): string | undefined {
  for (const line of [...tail].reverse()) {
    const match = /^fatal: \[([^\]]+)\]: (?:FAILED|UNREACHABLE)! => (\{.*\})\s*$/.exec(line.trim());
    if (!match) continue;
    let result: { msg?: unknown; stderr?: unknown } = {};
    try {
      result = JSON.parse(match[2]!);
    } catch {
      // a result cut short: the host alone still says where
    }
    const stderr = typeof result.stderr === 'string' ? lastMeaningfulLine(result.stderr.split('\n')) : undefined;
    const msg = typeof result.msg === 'string' ? result.msg.trim() : undefined;
    return `${match[1]}: ${stderr || msg || 'failed'}`;
  }
  return undefined;
}

/** Output lines that close a run without saying what went wrong. */
const NOISE = /^(?:PLAY RECAP\b.*|\S+\s+:\s+ok=\d+.*|[*=-]+|\s*)$/;

function lastMeaningfulLine(lines: readonly string[]): string | undefined {
  return [...lines]
    .reverse()
    .map((line) => line.trim())
    .find((line) => !NOISE.test(line));
}

// ansible's and ansible-playbook's options that take a value (`ansible-playbook --help`).
const ANSIBLE_VALUES = [
  ...['-i', '--inventory', '-e', '--extra-vars', '-l', '--limit', '-u', '--user', '-f', '--forks', '-t', '--tags'],
  ...['--skip-tags', '--private-key', '--key-file', '-c', '--connection', '-T', '--timeout', '-M', '--module-path'],
  ...['--ssh-common-args', '--ssh-extra-args', '--vault-id', '--vault-password-file', '--become-user', '-a', '--args'],
];

/**
 * How each tool's command line says what it does: its subcommand, its playbook, or its `-m` module. `values`: the
 * options before that which take the next word as their value (`git -C dir`, `kubectl -n ns`; tofu's global options
 * are all `-chdir=dir`), so that word is not taken for the name. `mixed`: options may follow its positionals.
 */
const GRAMMARS: Record<string, { names: 'subcommand' | 'playbook' | 'module'; values: string[]; mixed?: true }> = {
  tofu: { names: 'subcommand', values: [] },
  terraform: { names: 'subcommand', values: [] },
  git: { names: 'subcommand', values: ['-C', '-c', '--git-dir', '--work-tree', '--namespace'] },
  kubectl: {
    names: 'subcommand',
    values: [
      ...['--kubeconfig', '--context', '--cluster', '--user', '-n', '--namespace', '-s', '--server', '-v', '--v'],
      ...['--token', '--username', '--password', '--as', '--as-group', '--as-uid', '--request-timeout'],
      ...['--certificate-authority', '--client-certificate', '--client-key', '--tls-server-name', '--cache-dir'],
    ],
  },
  clusterctl: { names: 'subcommand', values: ['--config', '--kubeconfig', '--kubeconfig-context', '-v', '--v'] },
  kind: { names: 'subcommand', values: ['-v', '--verbosity'] },
  pip: { names: 'subcommand', values: ['--python', '--log', '--proxy', '--cache-dir', '--cert', '--client-cert'] },
  python: { names: 'module', values: ['-c', '-W', '-X'] },
  ansible: { names: 'module', values: ANSIBLE_VALUES, mixed: true },
  'ansible-playbook': { names: 'playbook', values: ANSIBLE_VALUES, mixed: true },
};

/** A word that can only be a subcommand's name: never a path, a URL, a `key=value` or anything long. */
const PLAIN_WORD = /^[a-z][a-z0-9-]{0,39}$/;
const MODULE = /^[A-Za-z_][\w.]{0,63}$/;
const PLAYBOOK = /^[\w-][\w.-]{0,63}\.ya?ml$/;

/**
 * The name to show for a command: its program and what it was told to do, e.g. `terraform plan`, `kubectl get nodes`,
 * `git clone`, `python3 -m venv`, `ansible-playbook upgrade-cluster.yml`, `ansible -m ansible.builtin.ping`. At most
 * two words after the program, and only words that are plain names: an option's value, a path or anything else in
 * argv (a `-var` with a password, a temp file) is never shown. The one name for errors, the log and the deploy lock.
 */
export function commandName(argv: readonly string[]): string {
  const program = programName(argv[0]);
  const grammar = GRAMMARS[program.replace(/[\d.]+$/, '')];
  const words: string[] = [];
  for (let i = 1; i < argv.length && words.length < 2; i++) {
    const arg = argv[i]!;
    if (arg === '--') break;
    if (arg.startsWith('-') && arg !== '-') {
      if (grammar?.names === 'module' && arg === '-m') {
        const module = argv[i + 1] ?? '';
        return MODULE.test(module) ? `${program} -m ${module}` : program;
      }
      // An unknown tool's option may take the next word as its value: nothing after it can be told for a name.
      if (words.length > 0 || !grammar) break;
      if (grammar.values.includes(arg)) i++;
      continue;
    }
    if (grammar?.names === 'playbook' && PLAYBOOK.test(path.basename(arg))) return `${program} ${path.basename(arg)}`;
    if (grammar?.mixed) continue; // ansible's inventory pattern
    if (grammar?.names === 'module' || !PLAIN_WORD.test(arg)) break; // python's script: its own options follow
    words.push(arg);
  }
  return [program, ...words].join(' ');
}

/** A program's basename, on one line and short: `--tofu` may name any file. */
function programName(file: string | undefined): string {
  const base = path.basename(file ?? '') || '?';
  const shown = base.replace(/[^\w.+-]/g, '?');
  return shown.length > 64 ? `${shown.slice(0, 64)}…` : shown;
}

/**
 * node:child_process, loaded with the first command: a run that starts none (the kubeconfig's step)
 * does not pay the ~7 ms it costs a start.
 */
export const childProcess = () => process.getBuiltinModule('node:child_process');

/**
 * Runs a command with live, redacted, bounded output. The child gets its own process group so a
 * terminal Ctrl-C reaches only us; we then forward exactly one SIGINT (a second SIGINT makes tofu
 * abandon its state lock), and SIGTERM if it has not exited after the grace period. Its output comes
 * through pipes that read into reused memory (output-pipe.ts), node's own where none can be made.
 */
export async function runCommand(spec: CommandSpec, options: RunCommandOptions): Promise<CommandResult> {
  const [program, ...args] = spec.argv;
  if (!program) throw new Error('runCommand: empty argv');
  const { redactor, signal } = options;
  const grace = options.interruptGraceMs ?? 7000;
  const tail = new TailBuffer(30);
  const captureLimit = options.captureStdout ?? 0;
  const captured: Buffer[] = [];
  let capturedBytes = 0;
  const byteSink = options.output?.bytes;
  const textSink = byteSink ? undefined : options.output;
  // One redaction stream per pipe: each holds back its own unfinished secret or character.
  const stdout = redactor.stream();
  const stderr = redactor.stream();
  const aborted = { exitCode: null, signal: 'SIGINT' as const, tail: [], stdout: '' };
  if (signal?.aborted) return aborted;

  // While a sink is full, both pipes are paused: the child blocks on its writes instead of our memory growing.
  const readers: { pause(): unknown; resume(): unknown }[] = [];
  let waits = 0;
  const resumed = () => {
    if (--waits > 0) return;
    for (const reader of readers) reader.resume();
  };
  // The console, the log and the tail see one interleaving of the two pipes, a line at a time.
  const lines = new LineInterleaver((chunks) => {
    tail.push(chunks);
    textSink?.(decodeChunks(chunks));
    const wait = byteSink?.writeBytes(chunks);
    if (!wait) return;
    if (waits++ === 0) for (const reader of readers) reader.pause();
    void wait.then(resumed);
  });
  // Kept to the end, so copied: a pipe's chunk is only lent (output-pipe.ts).
  const capture = (chunks: Buffer[]) => {
    for (const chunk of chunks) {
      if (capturedBytes >= captureLimit) break;
      captured.push(Buffer.from(chunk));
      capturedBytes += chunk.length;
    }
  };
  const fromStdout = (chunks: Buffer[]) => {
    if (!options.captureRaw) capture(chunks);
    lines.push(0, chunks);
  };
  const onStdout = (chunk: Buffer) => {
    if (options.captureRaw) capture([chunk]);
    fromStdout(stdout.write(chunk));
  };
  const onStderr = (chunk: Buffer) => lines.push(1, stderr.write(chunk));
  const [outPipe, errPipe] = await Promise.all([outputPipe(onStdout), outputPipe(onStderr)]);
  const pipes = [outPipe, errPipe].filter((pipe) => pipe !== undefined);
  if (signal?.aborted) {
    for (const pipe of pipes) {
      pipe.reader.destroy();
      pipe.child.destroy();
    }
    return aborted;
  }

  return new Promise((resolve, reject) => {
    let child: ReturnType<ReturnType<typeof childProcess>['spawn']>;
    try {
      child = childProcess().spawn(program, args, {
        cwd: spec.cwd,
        env: spec.env,
        stdio: ['ignore', outPipe?.child ?? 'pipe', errPipe?.child ?? 'pipe'],
        detached: true,
      });
    } finally {
      // The child has its own copies of its ends: ours would keep the readers from ever seeing the end.
      for (const pipe of pipes) pipe.child.destroy();
    }
    readers.push(outPipe?.reader ?? child.stdout!, errPipe?.reader ?? child.stderr!);
    if (!outPipe) child.stdout!.on('data', onStdout);
    if (!errPipe) child.stderr!.on('data', onStderr);
    if (child.pid !== undefined) options.onSpawn?.(child.pid, commandName(spec.argv));
    const timers: NodeJS.Timeout[] = [];
    const sendToGroup = (sig: NodeJS.Signals) => {
      if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(-child.pid, sig);
      } catch {
        child.kill(sig);
      }
    };
    const onAbort = () => {
      sendToGroup('SIGINT');
      timers.push(setTimeout(() => sendToGroup('SIGTERM'), grace));
    };
    signal?.addEventListener('abort', onAbort, { once: true });

    child.on('error', (error: NodeJS.ErrnoException) => {
      signal?.removeEventListener('abort', onAbort);
      for (const pipe of pipes) pipe.reader.destroy();
      if (error.code === 'ENOENT') {
        reject(
          new UserError(`command not found: ${program} (working directory ${spec.cwd}); install it or put it on PATH`),
        );
      } else if (error.code === 'EACCES' || error.code === 'ENOEXEC' || error.code === 'ENOTDIR') {
        // `--kubectl /tmp`, a file without x: the user's mistake, not an internal error with a stack.
        reject(new UserError(`cannot run ${program}: not an executable file (${error.code})`));
      } else {
        reject(error);
      }
    });
    // 'close' waits for node's own pipes; ours end when every holder of the child's end (its children too) closed it.
    child.on('close', (exitCode, exitSignal) => {
      void Promise.all(pipes.map((pipe) => pipe.closed)).then(() => {
        signal?.removeEventListener('abort', onAbort);
        for (const timer of timers) clearTimeout(timer);
        if (child.pid !== undefined) options.onExit?.();
        fromStdout(stdout.end());
        lines.push(1, stderr.end());
        lines.end();
        resolve({ exitCode, signal: exitSignal, tail: tail.tail, stdout: capturedText(captured, captureLimit) });
      });
    });
  });
}

/** Captured stdout as text: decoded once, cut to the limit at a character boundary. */
function capturedText(chunks: Buffer[], limit: number): string {
  if (chunks.length === 0) return '';
  const all = Buffer.concat(chunks);
  let end = Math.min(all.length, limit);
  if (end < all.length) while (end > 0 && (all[end]! & 0xc0) === 0x80) end--;
  return all.toString('utf8', 0, end);
}

export interface ExecOptions {
  /** Resolve with a failed result instead of throwing CommandFailedError (probes). Default true. */
  check?: boolean;
  /** Keep the command's whole stdout (redacted), for commands whose answer is parsed. */
  capture?: boolean;
  /** With capture: keep it as written, not redacted (RunCommandOptions.captureRaw): a credential the run needs whole. */
  raw?: boolean;
  /** Don't show its output live (probes, queries); it still reaches the failure tail. */
  quiet?: boolean;
  /**
   * Interrupt on this signal instead of the run's: the bounded cleanup an interrupted run still does (the run's
   * signal is already aborted then).
   */
  signal?: AbortSignal;
}

/** An argv as it could be pasted into a shell (display only: we never run a shell). */
export function displayCommand(argv: readonly string[]): string {
  return argv.map((arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`)).join(' ');
}

export type Exec = (spec: CommandSpec, options?: ExecOptions) => Promise<CommandResult>;

/**
 * How a run executes commands: one redactor, one live output, one interruption signal and the
 * hooks that let the deploy lock record the running child, for every command of every step.
 */
export function commandExecutor(base: Omit<RunCommandOptions, 'captureStdout'>): Exec {
  // The log file gets each command, where it ran, and how and when it ended: the console shows only its output.
  const log = base.output?.log;
  return async (spec, { check = true, capture = false, raw = false, quiet = false, signal } = {}) => {
    log?.(`$ ${displayCommand(spec.argv)}  (in ${spec.cwd})`);
    const started = Date.now();
    const result = await runCommand(spec, {
      ...base,
      ...(signal ? { signal } : {}),
      output: quiet ? undefined : base.output,
      captureStdout: capture ? Number.POSITIVE_INFINITY : 0,
      captureRaw: capture && raw,
    });
    const ended = result.signal ? `killed by ${result.signal}` : `exit ${result.exitCode}`;
    const name = commandName(spec.argv);
    log?.(`${name}: ${ended} after ${formatDuration(Date.now() - started)}`);
    if (check && result.exitCode !== 0) throw new CommandFailedError(name, result, spec.about);
    return result;
  };
}
/** The most useful line of a failed command's output: its last non-empty line. */
function lastLine(lines: string[]): string {
  return (
    [...lines]
      .reverse()
      .find((l) => l.trim() !== '')
      ?.trim() ?? ''
  );
}

/**
 * What a failed command said went wrong, the one way every step and preview reports it: the last line
 * of its output, else `<what> <exit code>` (default "exited with N").
 */
export function failureLine(result: Pick<CommandResult, 'tail' | 'exitCode'>, what = 'exited with'): string {
  return lastLine(result.tail) || `${what} ${result.exitCode}`;
}
