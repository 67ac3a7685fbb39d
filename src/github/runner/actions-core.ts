/**
 * The workflow commands the actions use — inputs, outputs, state, masks, annotations, groups, the
 * job summary — written to the runner's documented protocol exactly as @actions/core writes them
 * (test/github/actions-core.test.ts holds the two side by side).
 *
 * Why not @actions/core itself: importing it loads its OIDC client, @actions/http-client and undici,
 * about 50 ms on Node 24 before a step can start, twice what Node itself takes to start. Every
 * action imports this; @actions/core still comes with the artifact and cache clients, which are
 * loaded only on the paths that use them.
 * Protocol: https://docs.github.com/actions/reference/workflows-and-actions/workflow-commands
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, constants as fsConstants } from 'node:fs';
import { access, appendFile } from 'node:fs/promises';
import { EOL } from 'node:os';

/** Annotation properties (a subset of @actions/core's AnnotationProperties). */
export interface AnnotationProperties {
  title?: string;
}

/** An input's value: `INPUT_<NAME>` (spaces as underscores, upper case), trimmed; '' when unset. */
export function getInput(name: string): string {
  return (process.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();
}

/** What the main step saved for its post step (`STATE_<name>`); '' when unset. */
export function getState(name: string): string {
  return process.env[`STATE_${name}`] ?? '';
}

function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** `::command key=value,…::message` on stdout. */
function issueCommand(command: string, properties: Record<string, string | undefined>, message: string): void {
  const props = Object.entries(properties)
    .filter((entry): entry is [string, string] => !!entry[1])
    .map(([key, value]) => `${key}=${escapeProperty(value)}`)
    .join(',');
  process.stdout.write(`::${command}${props ? ` ${props}` : ''}::${escapeData(message)}${EOL}`);
}

/** `name<<DELIMITER` … `DELIMITER` appended to the file the runner names in GITHUB_<command>. */
function issueFileCommand(command: 'OUTPUT' | 'STATE' | 'ENV', name: string, value: string): boolean {
  const file = process.env[`GITHUB_${command}`];
  if (!file) return false;
  if (!existsSync(file)) throw new Error(`Missing file at path: ${file}`);
  const delimiter = `ghadelimiter_${randomUUID()}`;
  if (name.includes(delimiter))
    throw new Error(`Unexpected input: name should not contain the delimiter "${delimiter}"`);
  if (value.includes(delimiter))
    throw new Error(`Unexpected input: value should not contain the delimiter "${delimiter}"`);
  appendFileSync(file, `${name}<<${delimiter}${EOL}${value}${EOL}${delimiter}${EOL}`, { encoding: 'utf8' });
  return true;
}

export function setOutput(name: string, value: string): void {
  if (issueFileCommand('OUTPUT', name, value)) return;
  process.stdout.write(EOL);
  issueCommand('set-output', { name }, value);
}

/** Kept for the post step of the same action (core.saveState). */
export function saveState(name: string, value: string): void {
  if (!issueFileCommand('STATE', name, value)) issueCommand('save-state', { name }, value);
}

/** Sets the variable here and for the job's later steps. */
export function exportVariable(name: string, value: string): void {
  process.env[name] = value;
  if (!issueFileCommand('ENV', name, value)) issueCommand('set-env', { name }, value);
}

/** The runner masks the value in every later line of the log. */
export function setSecret(secret: string): void {
  issueCommand('add-mask', {}, secret);
}

export function info(message: string): void {
  process.stdout.write(message + EOL);
}

/** An info line holding text we did not write: its line breaks escaped as in a command's message, so none of it starts a workflow command. */
export function infoUntrusted(message: string): void {
  process.stdout.write(escapeData(message) + EOL);
}

export function debug(message: string): void {
  issueCommand('debug', {}, message);
}

export function notice(message: string, properties: AnnotationProperties = {}): void {
  issueCommand('notice', { title: properties.title }, message);
}

export function warning(message: string, properties: AnnotationProperties = {}): void {
  issueCommand('warning', { title: properties.title }, message);
}

export function error(message: string, properties: AnnotationProperties = {}): void {
  issueCommand('error', { title: properties.title }, message);
}

/** An error annotation, and the step fails when the process exits. */
export function setFailed(message: string): void {
  process.exitCode = 1;
  error(message);
}

export function startGroup(name: string): void {
  issueCommand('group', {}, name);
}

export function endGroup(): void {
  issueCommand('endgroup', {}, '');
}

/** Appends Markdown to the job summary (GITHUB_STEP_SUMMARY), as core.summary.addRaw(text).write() does. */
export async function appendSummary(markdown: string): Promise<void> {
  const file = process.env.GITHUB_STEP_SUMMARY;
  if (!file)
    throw new Error(
      'Unable to find environment variable for $GITHUB_STEP_SUMMARY. Check if your runtime environment supports job summaries.',
    );
  try {
    await access(file, fsConstants.R_OK | fsConstants.W_OK);
  } catch {
    throw new Error(`Unable to access summary file: '${file}'. Check if the file has correct read/write permissions.`);
  }
  await appendFile(file, markdown, { encoding: 'utf8' });
}
