import { FLAGS } from './flags.js';

/**
 * The bash and zsh completion script, from the command table: each command's flags are the ones its parser
 * takes (args.ts commandFlags), and what follows a flag is the flag's own declaration (flags.ts).
 */
export function completionScript(shell: 'bash' | 'zsh', commands: Record<string, readonly string[]>): string {
  const names = Object.keys(commands);
  const offered = new Set(Object.values(commands).flat());
  // One `case` branch per kind of value: the flags that take files, those that take directories, each word list.
  const kinds = new Map<string, { flags: string[]; reply: string }>();
  for (const [flag, spec] of Object.entries(FLAGS)) {
    if (!spec.completes || !offered.has(flag)) continue;
    const reply =
      spec.completes === 'file'
        ? 'compgen -f -- "$cur"'
        : spec.completes === 'dir'
          ? 'compgen -d -- "$cur"'
          : `compgen -W "${spec.completes.join(' ')}" -- "$cur"`;
    const kind = kinds.get(reply) ?? { flags: [], reply };
    kind.flags.push(`--${flag}`);
    kinds.set(reply, kind);
  }
  const values = [...kinds.values()]
    .map(({ flags, reply }) => `    ${flags.join('|')}) COMPREPLY=($(${reply})); return ;;`)
    .join('\n');
  const cases = names
    .map((c) => `    ${c}) flags="${[...commands[c]!.map((f) => `--${f}`), '--help'].join(' ')}" ;;`)
    .join('\n');
  const body = `_cluster_deploy() {
  local cur prev words cword
  cur="\${COMP_WORDS[COMP_CWORD]}"
  prev="\${COMP_WORDS[COMP_CWORD-1]}"
  local command="\${COMP_WORDS[1]}"
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W "${names.join(' ')} --help --version" -- "$cur"))
    return
  fi
  local flags=""
  case "$command" in
${cases}
  esac
  # A value only after a flag this command takes (its own words, not another command's).
  case " $flags " in *" $prev "*)
    case "$prev" in
${values}
    esac ;;
  esac
  if [ "$command" = completion ]; then flags="bash zsh $flags"; fi
  COMPREPLY=($(compgen -W "$flags" -- "$cur"))
}`;
  if (shell === 'bash')
    return `# cluster-deploy completion for bash\n${body}\ncomplete -F _cluster_deploy cluster-deploy\n`;
  // zsh runs the bash function through bashcompinit: one script, the same answers in both shells.
  return `#compdef cluster-deploy\n# cluster-deploy completion for zsh\nautoload -U +X bashcompinit && bashcompinit\n${body}\ncomplete -F _cluster_deploy cluster-deploy\n`;
}
