import { parseArgs } from 'node:util';
import {
  ARTIFACT_LIMITS,
  ARTIFACT_SORTS,
  type ArtifactSort,
  artifactTypeInputSchema,
} from '@core-vault/contracts';
import { usageError } from './errors';

type OptionSpec = { type: 'string' | 'boolean'; short?: string };

interface CommandSpec {
  summary: string;
  usage: string;
  options: Record<string, OptionSpec>;
  /** How many positional arguments: at least, at most. */
  positionals: [number, number];
}

/** Options every command takes. */
const GLOBAL_OPTIONS: Record<string, OptionSpec> = {
  json: { type: 'boolean' },
  url: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
};

export const COMMANDS = {
  login: {
    summary: 'Log in to a vault: approve a code in the app (or paste a key with --token)',
    usage:
      'corevault login --url <vault> [--no-browser]   (shows a code to approve on <vault>/device)\n' +
      '       corevault login --url <vault> --token        (paste a personal access token)\n' +
      '       corevault login --url <vault> --with-token   (read the key from stdin)',
    options: {
      token: { type: 'boolean' },
      'with-token': { type: 'boolean' },
      'no-browser': { type: 'boolean' },
    },
    positionals: [0, 0],
  },
  logout: {
    summary: 'Forget the saved key',
    usage: 'corevault logout',
    options: {},
    positionals: [0, 0],
  },
  whoami: {
    summary: 'Whose key is saved, and for which vault',
    usage: 'corevault whoami',
    options: {},
    positionals: [0, 0],
  },
  push: {
    summary: 'Save a file (or stdin with -) as an artifact, or as a new version of one',
    usage:
      'corevault push <file>|- [--title <t>] [--type <type>] [--tags a,b] [--description <d>] [--public]\n' +
      '               [--update <id> [--note <what changed>]]',
    options: {
      title: { type: 'string', short: 't' },
      type: { type: 'string' },
      tags: { type: 'string' },
      description: { type: 'string' },
      public: { type: 'boolean' },
      update: { type: 'string' },
      note: { type: 'string' },
    },
    positionals: [1, 1],
  },
  pull: {
    summary: "Write an artifact's content to stdout or a file",
    usage: 'corevault pull <id> [-o <file>] [--version <n>]',
    options: { output: { type: 'string', short: 'o' }, version: { type: 'string' } },
    positionals: [1, 1],
  },
  list: {
    summary: 'List your artifacts, newest first',
    usage: `corevault list [--limit <1-${ARTIFACT_LIMITS.pageSizeMax}>] [--sort ${ARTIFACT_SORTS.join('|')}] [--cursor <next>]`,
    options: { limit: { type: 'string', short: 'n' }, sort: { type: 'string' }, cursor: { type: 'string' } },
    positionals: [0, 0],
  },
  search: {
    summary: 'Search your artifacts (title, description, tags and content)',
    usage: 'corevault search <words…> [--type <type>] [--tag <tag>] [--limit <n>] [--page <n>]',
    options: {
      type: { type: 'string' },
      tag: { type: 'string' },
      limit: { type: 'string', short: 'n' },
      page: { type: 'string' },
    },
    positionals: [1, Number.POSITIVE_INFINITY],
  },
  open: {
    summary: "Open an artifact's page in the browser (and print its address)",
    usage: 'corevault open <id> [--version <n>] [--print]',
    options: { version: { type: 'string' }, print: { type: 'boolean' } },
    positionals: [1, 1],
  },
  versions: {
    summary: "An artifact's versions, newest first",
    usage: 'corevault versions <id>',
    options: {},
    positionals: [1, 1],
  },
  mcp: {
    summary: 'Run the vault as an MCP server over stdio (for Claude Desktop, Cursor, …)',
    usage: 'corevault mcp',
    options: {},
    positionals: [0, 0],
  },
  help: {
    summary: 'Help on a command',
    usage: 'corevault help [<command>]',
    options: {},
    positionals: [0, 1],
  },
} satisfies Record<string, CommandSpec>;

export type CommandName = keyof typeof COMMANDS;

export interface Parsed {
  command: CommandName;
  positionals: string[];
  options: Record<string, string | boolean | undefined>;
  json: boolean;
  url: string | undefined;
}

/** What the command line asks for: a command, its help, or the version. */
export type Invocation =
  { kind: 'run'; parsed: Parsed } | { kind: 'help'; command?: CommandName } | { kind: 'version' };

const isCommand = (name: string): name is CommandName => Object.hasOwn(COMMANDS, name);

/** Reads `argv` (without node and the script); a mistake is a usage error naming it. */
export function parseCommandLine(argv: readonly string[]): Invocation {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h') return { kind: 'help' };
  if (first === '--version' || first === '-v') return { kind: 'version' };
  if (!isCommand(first)) {
    const hint = first.startsWith('-') ? 'Put the command first' : `Unknown command "${first}"`;
    throw usageError(`${hint}. Commands: ${Object.keys(COMMANDS).join(', ')}.`);
  }
  const spec: CommandSpec = COMMANDS[first];
  let values: Record<string, string | boolean | undefined>;
  let positionals: string[];
  try {
    const result = parseArgs({
      args: [...rest],
      options: { ...GLOBAL_OPTIONS, ...spec.options },
      allowPositionals: true,
      strict: true,
    });
    values = result.values;
    positionals = result.positionals;
  } catch (err) {
    // node:util's messages name the option ("Unknown option '--x'"); keep them, add the usage.
    throw usageError(`${(err as Error).message.replace(/\. To specify.*$/s, '')}.\nUsage: ${spec.usage}`);
  }
  if (values['help'] === true) return { kind: 'help', command: first };
  if (first === 'help') {
    const about = positionals[0];
    if (about !== undefined && !isCommand(about)) throw usageError(`Unknown command "${about}".`);
    return { kind: 'help', ...(about === undefined ? {} : { command: about }) };
  }
  const [min, max] = spec.positionals;
  if (positionals.length < min)
    throw usageError(`${first}: missing ${min === 1 ? 'argument' : 'arguments'}.\nUsage: ${spec.usage}`);
  if (positionals.length > max)
    throw usageError(`${first}: unexpected argument "${positionals[max]}".\nUsage: ${spec.usage}`);
  const { json, url, help: _help, ...options } = values;
  return {
    kind: 'run',
    parsed: {
      command: first,
      positionals,
      options,
      json: json === true,
      url: typeof url === 'string' ? url : undefined,
    },
  };
}

/** A whole number option within bounds, or undefined when not given. */
export function intOption(parsed: Parsed, name: string, min: number, max: number): number | undefined {
  const raw = parsed.options[name];
  if (raw === undefined) return undefined;
  const value = typeof raw === 'string' && /^\d{1,15}$/.test(raw.trim()) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(value) || value < min || value > max)
    throw usageError(`--${name} must be a whole number from ${min} to ${max}.`);
  return value;
}

export function stringOption(parsed: Parsed, name: string): string | undefined {
  const raw = parsed.options[name];
  return typeof raw === 'string' ? raw : undefined;
}

export function sortOption(parsed: Parsed): ArtifactSort | undefined {
  const raw = stringOption(parsed, 'sort');
  if (raw === undefined) return undefined;
  if (!(ARTIFACT_SORTS as readonly string[]).includes(raw))
    throw usageError(`--sort must be one of ${ARTIFACT_SORTS.join(', ')}.`);
  return raw as ArtifactSort;
}

/** `--type`: a type the API takes (any case), AUTO included. */
export function typeOption(parsed: Parsed) {
  const raw = stringOption(parsed, 'type');
  if (raw === undefined) return undefined;
  const type = artifactTypeInputSchema.safeParse(raw.trim().toUpperCase());
  if (!type.success)
    throw usageError(`--type must be one of ${artifactTypeInputSchema.options.join(', ')} (not "${raw}").`);
  return type.data;
}

/** `--tags a,b` as a list (the vault trims and de-duplicates). */
export function tagsOption(parsed: Parsed): string[] | undefined {
  const raw = stringOption(parsed, 'tags');
  if (raw === undefined) return undefined;
  return raw
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
}

/** The whole help, or one command's. */
export function helpText(command?: CommandName): string {
  if (command) {
    const spec: CommandSpec = COMMANDS[command];
    return `${spec.summary}.\n\nUsage: ${spec.usage}\n\n${GLOBAL_HELP}`;
  }
  const width = Math.max(...Object.keys(COMMANDS).map((c) => c.length));
  const lines = Object.entries(COMMANDS).map(([name, spec]) => `  ${name.padEnd(width)}  ${spec.summary}`);
  return [
    'corevault — your Core Vault from the command line.',
    '',
    'Usage: corevault <command> [options]',
    '',
    'Commands:',
    ...lines,
    '',
    GLOBAL_HELP,
    '',
    'corevault <command> --help says more. Docs: docs/guides/cli.md in the Core Vault repository.',
  ].join('\n');
}

const GLOBAL_HELP = [
  'Options of every command:',
  '  --json        print the answer as JSON (for scripts)',
  '  --url <vault> the vault to use (default: the one you logged in to, or CORE_VAULT_URL)',
  '  -h, --help    this help',
  'The key comes from CORE_VAULT_TOKEN, else from corevault login.',
].join('\n');
