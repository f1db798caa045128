import { COMMANDS, helpText, intOption, parseCommandLine, sortOption, tagsOption, typeOption } from './args';
import { CliError, EXIT } from './errors';

const run = (argv: string[]) => {
  const invocation = parseCommandLine(argv);
  if (invocation.kind !== 'run') throw new Error(`not a run: ${invocation.kind}`);
  return invocation.parsed;
};

const usage = (argv: string[]): string => {
  try {
    parseCommandLine(argv);
  } catch (err) {
    expect(err).toBeInstanceOf(CliError);
    expect((err as CliError).exitCode).toBe(EXIT.usage);
    return (err as CliError).message;
  }
  throw new Error(`no usage error for ${argv.join(' ')}`);
};

describe('the command line', () => {
  it('reads a command, its positionals and options, and the global ones anywhere', () => {
    expect(
      run(['push', 'chart.svg', '--tags', 'a,b', '--public', '--json', '--url', 'https://v.test']),
    ).toEqual({
      command: 'push',
      positionals: ['chart.svg'],
      options: { tags: 'a,b', public: true },
      json: true,
      url: 'https://v.test',
    });
    expect(run(['pull', 'abc', '-o', 'out.html', '--version', '2'])).toMatchObject({
      positionals: ['abc'],
      options: { output: 'out.html', version: '2' },
      json: false,
    });
  });

  it('takes - as stdin and joins the words of a search', () => {
    expect(run(['push', '-', '--title', 'From stdin']).positionals).toEqual(['-']);
    expect(run(['search', 'red', 'chart', '--type', 'svg']).positionals).toEqual(['red', 'chart']);
  });

  it('answers help and the version before anything else', () => {
    expect(parseCommandLine([])).toEqual({ kind: 'help' });
    expect(parseCommandLine(['--help'])).toEqual({ kind: 'help' });
    expect(parseCommandLine(['--version'])).toEqual({ kind: 'version' });
    expect(parseCommandLine(['push', '--help'])).toEqual({ kind: 'help', command: 'push' });
    expect(parseCommandLine(['help', 'pull'])).toEqual({ kind: 'help', command: 'pull' });
    // Not the version of the program: pull's own --version takes a number.
    expect(run(['pull', 'x', '--version', '3']).options['version']).toBe('3');
  });

  it('refuses mistakes with a usage error (exit 2) that names them', () => {
    expect(usage(['pish'])).toMatch(/Unknown command "pish"/);
    expect(usage(['--json', 'list'])).toMatch(/Put the command first/);
    expect(usage(['push'])).toMatch(/push: missing argument[\s\S]*Usage: corevault push/);
    expect(usage(['pull', 'a', 'b'])).toMatch(/unexpected argument "b"/);
    expect(usage(['list', '--colour'])).toMatch(/Unknown option '--colour'/);
    expect(usage(['pull', 'a', '--version'])).toMatch(/--version/);
    expect(usage(['help', 'nothing'])).toMatch(/Unknown command "nothing"/);
  });

  it('checks numbers, sorts, types and tags', () => {
    expect(intOption(run(['list', '--limit', '50']), 'limit', 1, 100)).toBe(50);
    expect(intOption(run(['list']), 'limit', 1, 100)).toBeUndefined();
    for (const bad of ['0', '101', '2.5', 'ten', '-3'])
      expect(() => intOption(run(['list', `--limit=${bad}`]), 'limit', 1, 100)).toThrow(
        '--limit must be a whole number from 1 to 100.',
      );
    expect(sortOption(run(['list', '--sort', 'title']))).toBe('title');
    expect(() => sortOption(run(['list', '--sort', 'size']))).toThrow(/--sort must be one of newest/);
    expect(typeOption(run(['push', 'x', '--type', 'markdown']))).toBe('MARKDOWN');
    expect(typeOption(run(['push', 'x', '--type', 'auto']))).toBe('AUTO');
    expect(() => typeOption(run(['push', 'x', '--type', 'pdf']))).toThrow(/--type must be one of/);
    expect(tagsOption(run(['push', 'x', '--tags', ' a, b,,c ']))).toEqual(['a', 'b', 'c']);
  });

  it('documents every command in the help', () => {
    const all = helpText();
    for (const name of Object.keys(COMMANDS)) expect(all).toContain(`  ${name} `);
    expect(helpText('push')).toMatch(/^Save a file[\s\S]*Usage: corevault push <file>\|-/);
  });
});
