import { readFileSync, writeFileSync } from 'node:fs';
import { type Readable, Writable } from 'node:stream';
import { createInterface } from 'node:readline';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CoreVaultApiError, CoreVaultClient } from '@core-vault/api-client';
import {
  ARTIFACT_LIMITS,
  type Artifact,
  PERSONAL_TOKEN_PATTERN,
  type PublicArtifact,
  artifactRoute,
  viewUrl,
} from '@core-vault/contracts';
import { createVaultMcpServer } from '@core-vault/mcp';
import { type Parsed, intOption, sortOption, stringOption, tagsOption, typeOption } from './args';
import { configFile, loadLogin, normaliseUrl, removeLogin, resolveCredentials, saveLogin } from './config';
import { pushTitle, pushType } from './detect';
import { deviceLogin } from './device-login';
import { CliError, EXIT, usageError } from './errors';
import { json, oneLine, shortDate, table } from './output';

/** What a command reads and writes: the process's own streams, or a test's. */
export interface Io {
  stdin: Readable & { isTTY?: boolean };
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream;
  env: Readonly<Record<string, string | undefined>>;
  /** Opens an address in the browser (best effort). */
  openBrowser(url: string): void;
  version: string;
}

/** One API call's time limit. */
const CALL_TIMEOUT_MS = 30_000;
const MAX_VERSION = Number.MAX_SAFE_INTEGER;

/** The context a signed-in command runs in. */
interface Session {
  client: CoreVaultClient;
  url: string;
}

const print = (io: Io, text: string) => io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);

/** A client for `url` with `token` ('' for the calls that need none: starting a device sign-in). */
function clientFor(io: Io, url: string, token: string): CoreVaultClient {
  return new CoreVaultClient({
    baseUrl: url,
    token,
    fetch: (input, init) =>
      fetch(input, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), 'user-agent': `corevault/${io.version}` },
        signal: init?.signal ?? AbortSignal.timeout(CALL_TIMEOUT_MS),
      }),
  });
}

function session(parsed: Parsed, io: Io): Session {
  const file = configFile(io.env);
  const creds = resolveCredentials(
    parsed.url,
    io.env,
    loadLogin(file, (line) => io.stderr.write(`${line}\n`)),
  );
  if (!creds.token)
    throw new CliError(
      'Not logged in: run corevault login --url <your vault> (or set CORE_VAULT_TOKEN).',
      EXIT.auth,
      'NOT_LOGGED_IN',
    );
  if (!creds.url)
    throw new CliError('Which vault? Pass --url <your vault> or set CORE_VAULT_URL.', EXIT.usage, 'USAGE');
  return { client: clientFor(io, creds.url, creds.token), url: creds.url };
}

/** An artifact without its content: what lists carry (and push prints). */
function summary(a: Artifact | PublicArtifact) {
  const { content: _c, rendered: _r, renderError: _e, securityWarning: _s, ...rest } = a;
  return rest;
}

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads a line without echoing it (a pasted key stays off the screen and out of scrollback). */
async function promptHidden(io: Io, question: string): Promise<string> {
  io.stderr.write(question);
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = createInterface({ input: io.stdin, output: muted, terminal: true });
  try {
    return await new Promise<string>((resolve) => rl.question('', resolve));
  } finally {
    rl.close();
    io.stderr.write('\n');
  }
}

// ---- the commands ----

/**
 * `corevault login`: by default a device sign-in (a code approved in the signed-in app, the key
 * minted for this machine); `--token` a pasted key, `--with-token` a key on stdin. Either way the
 * key is checked with the vault and saved where every command finds it.
 */
export async function login(parsed: Parsed, io: Io): Promise<void> {
  const file = configFile(io.env);
  const saved = loadLogin(file);
  const url = normaliseUrl(parsed.url ?? io.env['CORE_VAULT_URL'] ?? saved?.url);
  if (!url) throw usageError('Which vault? corevault login --url https://your-vault.example.com');
  const withKey = parsed.options['token'] === true || parsed.options['with-token'] === true;
  if (withKey && parsed.options['no-browser'] === true)
    throw usageError('--no-browser goes with the device login (corevault login without --token).');
  let token: string;
  let tokenName: string | undefined;
  if (withKey) token = await pastedKey(parsed, io, url);
  else {
    const granted = await deviceLogin(clientFor(io, url, ''), io, {
      noBrowser: parsed.options['no-browser'] === true,
    });
    token = granted.access_token;
    tokenName = granted.name;
  }
  const me = await clientFor(io, url, token).me();
  saveLogin(file, { url, token, email: me.email, savedAt: new Date().toISOString() });
  if (parsed.json)
    print(io, json({ url, email: me.email, configFile: file, ...(tokenName ? { tokenName } : {}) }));
  else if (tokenName)
    print(
      io,
      `Logged in to ${url} as ${me.email}. The key "${tokenName}" is saved in ${file} (readable by you only); revoke it on ${url}/account when this machine no longer needs it.`,
    );
  else print(io, `Logged in to ${url} as ${me.email}. The key is saved in ${file} (readable by you only).`);
}

/** A key pasted (hidden) at the prompt, or read from stdin with --with-token or when stdin is no terminal. */
async function pastedKey(parsed: Parsed, io: Io, url: string): Promise<string> {
  const fromStdin = parsed.options['with-token'] === true || !io.stdin.isTTY;
  const pasted = fromStdin
    ? await readAll(io.stdin)
    : await promptHidden(
        io,
        `Make a key on ${url}/account → "Personal access tokens" (scopes artifacts:read and artifacts:write),\nthen paste it here: `,
      );
  const token = pasted.trim();
  if (!PERSONAL_TOKEN_PATTERN.test(token))
    throw usageError(
      `That is not a personal access token (cvpat_ followed by 43 characters). Make one on ${url}/account.`,
    );
  return token;
}

export function logout(parsed: Parsed, io: Io): Promise<void> {
  const file = configFile(io.env);
  const saved = loadLogin(file);
  const removed = removeLogin(file);
  if (parsed.json) print(io, json({ removed, configFile: file }));
  else if (!removed) print(io, 'Not logged in: nothing to remove.');
  else
    print(
      io,
      `Logged out: the key was removed from ${file}. It keeps working until you revoke it on ${saved?.url ?? 'your vault'}/account.`,
    );
  return Promise.resolve();
}

export async function whoami(parsed: Parsed, io: Io): Promise<void> {
  const { client, url } = session(parsed, io);
  const me = await client.me();
  const tokenFrom = io.env['CORE_VAULT_TOKEN'] ? 'CORE_VAULT_TOKEN' : configFile(io.env);
  if (parsed.json)
    print(
      io,
      json({
        url,
        email: me.email,
        planType: me.planType,
        subscriptionStatus: me.subscriptionStatus,
        tokenFrom,
      }),
    );
  else print(io, `${me.email} on ${url} (${me.planType}, ${me.subscriptionStatus}); key from ${tokenFrom}.`);
}

export async function push(parsed: Parsed, io: Io): Promise<void> {
  const source = parsed.positionals[0] ?? '-';
  const fileName = source === '-' ? undefined : source;
  const typeFlag = typeOption(parsed);
  const tags = tagsOption(parsed);
  const description = stringOption(parsed, 'description');
  const title = stringOption(parsed, 'title');
  const updateId = stringOption(parsed, 'update');
  const note = stringOption(parsed, 'note');
  if (note !== undefined && updateId === undefined)
    throw usageError('--note goes with --update <id> (a new version).');
  const { client, url } = session(parsed, io);

  let content: string;
  if (fileName === undefined) {
    if (io.stdin.isTTY) io.stderr.write('Reading the artifact from stdin; end it with Ctrl-D.\n');
    content = await readAll(io.stdin);
  } else {
    try {
      content = readFileSync(fileName, 'utf8');
    } catch (err) {
      const code = (err as { code?: string }).code;
      throw new CliError(
        code === 'ENOENT'
          ? `No such file: ${fileName}`
          : `Cannot read ${fileName}: ${(err as Error).message}`,
        EXIT.failed,
        code ?? 'READ_FAILED',
      );
    }
  }
  const detected = pushType(fileName, content, typeFlag);

  let artifact: Artifact;
  if (updateId !== undefined) {
    // A new version: the content, and the type when it was asked for or the extension says it.
    const type = detected.from === 'option' || detected.from === 'extension' ? detected.type : undefined;
    ({ artifact } = await client.call(artifactRoute.update, {
      params: { id: updateId },
      body: {
        content,
        ...(type === undefined ? {} : { type }),
        ...(note === undefined ? {} : { versionNote: note }),
        ...(title === undefined ? {} : { title }),
        ...(tags === undefined ? {} : { tags }),
        ...(description === undefined ? {} : { description }),
        ...(parsed.options['public'] === true ? { isPublic: true } : {}),
      },
    }));
  } else {
    artifact = await client.createArtifact({
      title: title ?? pushTitle(fileName, content),
      type: detected.type,
      content,
      ...(tags === undefined ? {} : { tags }),
      ...(description === undefined ? {} : { description }),
      ...(parsed.options['public'] === true ? { isPublic: true } : {}),
    });
  }
  const link = viewUrl(url, artifact.id);
  if (parsed.json)
    return void print(io, json({ artifact: summary(artifact), url: link, typeFrom: detected.from }));
  const visibility = artifact.isPublic ? 'public' : 'private';
  const what =
    updateId !== undefined
      ? `Saved version ${artifact.version} of "${artifact.title}" (${artifact.id}, ${artifact.type}, ${visibility})`
      : `Saved "${artifact.title}" as ${artifact.id} (${artifact.type}, ${visibility})`;
  print(io, `${what}\n${link}`);
}

export async function pull(parsed: Parsed, io: Io): Promise<void> {
  const id = parsed.positionals[0] ?? '';
  const version = intOption(parsed, 'version', 1, MAX_VERSION);
  const output = stringOption(parsed, 'output');
  const { client } = session(parsed, io);
  const artifact = await client.getArtifact(id, version);
  if (output !== undefined) {
    writeFileSync(output, artifact.content);
    if (parsed.json) print(io, json({ artifact: summary(artifact), file: output }));
    else
      print(
        io,
        `Wrote ${output}: "${artifact.title}" (${artifact.type}), version ${artifact.version} of ${artifact.latestVersion}.`,
      );
    return;
  }
  if (parsed.json) print(io, json({ artifact }));
  // The content exactly as stored: nothing added, so `pull > file` round-trips.
  else io.stdout.write(artifact.content);
}

export async function list(parsed: Parsed, io: Io): Promise<void> {
  const limit = intOption(parsed, 'limit', 1, ARTIFACT_LIMITS.pageSizeMax);
  const sort = sortOption(parsed);
  const cursor = stringOption(parsed, 'cursor');
  const { client } = session(parsed, io);
  const page = await client.listArtifacts({
    ...(limit === undefined ? {} : { limit }),
    ...(sort === undefined ? {} : { sort }),
    ...(cursor === undefined ? {} : { cursor }),
  });
  if (parsed.json) return void print(io, json(page));
  if (page.artifacts.length === 0)
    return void print(io, 'No artifacts yet: corevault push <file> saves one.');
  print(
    io,
    table(
      ['ID', 'TYPE', 'VISIBILITY', 'UPDATED', 'TITLE'],
      page.artifacts.map((a) => [
        a.id,
        a.type,
        a.isPublic ? 'public' : 'private',
        shortDate(a.updatedAt),
        oneLine(a.title, 60),
      ]),
    ),
  );
  const more = page.hasMore && page.nextCursor ? ` Next: corevault list --cursor ${page.nextCursor}` : '';
  print(io, `${page.artifacts.length} of ${page.total}.${more}`);
}

export async function search(parsed: Parsed, io: Io): Promise<void> {
  const q = parsed.positionals.join(' ');
  const limit = intOption(parsed, 'limit', 1, ARTIFACT_LIMITS.pageSizeMax);
  const page = intOption(parsed, 'page', 1, 10_000);
  const type = typeOption(parsed);
  if (type === 'AUTO') throw usageError('--type of a search is a stored type: HTML, SVG, MARKDOWN, REACT, …');
  const tag = stringOption(parsed, 'tag');
  const { client } = session(parsed, io);
  const found = await client.call(artifactRoute.search, {
    query: {
      q,
      ...(limit === undefined ? {} : { limit }),
      ...(page === undefined ? {} : { page }),
      ...(type === undefined ? {} : { type }),
      ...(tag === undefined ? {} : { tag }),
    },
  });
  if (parsed.json) return void print(io, json(found));
  if (found.artifacts.length === 0) return void print(io, `Nothing matches "${q}".`);
  print(
    io,
    table(
      ['ID', 'TYPE', 'UPDATED', 'TITLE', 'MATCH'],
      found.artifacts.map((a) => {
        const snippet = a.snippets.find((s) => s.field !== 'title') ?? a.snippets[0];
        const match = snippet ? `${snippet.field}: ${snippet.parts.map((p) => p.text).join('')}` : '';
        return [a.id, a.type, shortDate(a.updatedAt), oneLine(a.title, 40), oneLine(match, 60)];
      }),
    ),
  );
  print(
    io,
    `${found.artifacts.length} of ${found.total}.${found.hasMore ? ` More: --page ${found.page + 1}` : ''}`,
  );
}

export async function versions(parsed: Parsed, io: Io): Promise<void> {
  const id = parsed.positionals[0] ?? '';
  const { client } = session(parsed, io);
  const answer = await client.call(artifactRoute.listVersions, { params: { id } });
  if (parsed.json) return void print(io, json(answer));
  print(
    io,
    table(
      ['VERSION', 'CREATED', 'TYPE', 'SIZE', 'NOTE'],
      answer.versions.map((v) => [
        `${v.version}${v.current ? ' *' : ''}`,
        shortDate(v.createdAt),
        v.type,
        String(v.size),
        oneLine(v.note ?? '', 60),
      ]),
    ),
  );
  print(io, '* current. corevault pull <id> --version <n> reads one.');
}

export async function open(parsed: Parsed, io: Io): Promise<void> {
  const id = parsed.positionals[0] ?? '';
  const version = intOption(parsed, 'version', 1, MAX_VERSION);
  const { client, url } = session(parsed, io);
  // Asked first, so a mistyped id is a clear "not found" rather than a page that says so.
  const artifact = await client.getArtifact(id, version);
  const link = viewUrl(url, artifact.id, version);
  if (parsed.json) return void print(io, json({ id: artifact.id, title: artifact.title, url: link }));
  print(io, link);
  if (io.stdout.isTTY && parsed.options['print'] !== true) io.openBrowser(link);
}

/** The stdio MCP server: the same tools as the vault's /mcp, calling the API with the saved key. */
export async function mcp(parsed: Parsed, io: Io): Promise<void> {
  const { client, url } = session(parsed, io);
  // A refused key ends here, with a message in the MCP client's log (stderr); an unreachable vault
  // does not: the tools say so when they are called.
  try {
    await client.me();
  } catch (err) {
    if (!(err instanceof CoreVaultApiError) || !err.isNetwork) throw err;
    io.stderr.write(`corevault mcp: ${url} did not answer; starting anyway.\n`);
  }
  const server = createVaultMcpServer({
    client,
    appUrl: url,
    version: io.version,
    onUnexpectedError: (err, tool) => io.stderr.write(`corevault mcp: ${tool} failed: ${String(err)}\n`),
  });
  const closed = new Promise<void>((resolve) => {
    io.stdin.once('end', resolve);
    io.stdin.once('close', resolve);
  });
  await server.connect(new StdioServerTransport(io.stdin, io.stdout as unknown as Writable));
  io.stderr.write(`corevault mcp: serving ${url} over stdio.\n`);
  await closed;
  await server.close();
}
