import { type CommandName, type Parsed, helpText, parseCommandLine } from './args';
import * as commands from './commands';
import { type Io } from './commands';
import { toCliError } from './errors';

const RUNS: Record<Exclude<CommandName, 'help'>, (parsed: Parsed, io: Io) => Promise<void>> = {
  login: commands.login,
  logout: commands.logout,
  whoami: commands.whoami,
  push: commands.push,
  pull: commands.pull,
  list: commands.list,
  search: commands.search,
  open: commands.open,
  versions: commands.versions,
  mcp: commands.mcp,
};

/**
 * Runs one command line and returns its exit code (docs/guides/cli.md): 0 done, 1 the vault refused or
 * did not answer, 2 a mistake in the command line, 3 no key or a refused one, 4 not found. A
 * failure is one line on stderr; with --json, also `{"error": {code, message, exitCode}}` on
 * stdout, so a script reading stdout always gets JSON.
 */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  let wantsJson = argv.includes('--json');
  try {
    const invocation = parseCommandLine(argv);
    if (invocation.kind === 'version') {
      io.stdout.write(`${io.version}\n`);
      return 0;
    }
    if (invocation.kind === 'help') {
      io.stdout.write(`${helpText(invocation.command)}\n`);
      return 0;
    }
    const { parsed } = invocation;
    wantsJson = parsed.json;
    if (parsed.command === 'help') return 0;
    await RUNS[parsed.command](parsed, io);
    return 0;
  } catch (err) {
    const failure = toCliError(err);
    io.stderr.write(`corevault: ${failure.message}\n`);
    if (wantsJson)
      io.stdout.write(
        `${JSON.stringify({ error: { code: failure.code ?? 'ERROR', message: failure.message, exitCode: failure.exitCode } })}\n`,
      );
    return failure.exitCode;
  }
}
