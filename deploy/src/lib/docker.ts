/**
 * Reading the Dockerfile and .dockerignore without a Docker engine: instructions per stage, and
 * the build context as BuildKit would send it (so a test can build each app from exactly that).
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './workspace';

export interface Instruction {
  keyword: string;
  args: string;
}

export interface Stage {
  name: string;
  from: string;
  instructions: Instruction[];
}

/** Dockerfile → stages (continuation lines joined, comments and parser directives dropped). */
export function parseDockerfile(text: string): { globalArgs: Instruction[]; stages: Stage[] } {
  const logical: string[] = [];
  let current = '';
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    if (!current && (line.trim() === '' || line.trimStart().startsWith('#'))) continue;
    if (current && line.trimStart().startsWith('#')) continue; // comments inside a continuation
    if (line.endsWith('\\')) {
      current += `${line.slice(0, -1)} `;
      continue;
    }
    logical.push(`${current}${line}`.trim());
    current = '';
  }
  if (current.trim()) logical.push(current.trim());
  const globalArgs: Instruction[] = [];
  const stages: Stage[] = [];
  for (const line of logical) {
    const match = /^(\S+)\s*(.*)$/s.exec(line);
    if (!match) continue;
    const instruction = { keyword: match[1]!.toUpperCase(), args: match[2]!.trim() };
    if (instruction.keyword === 'FROM') {
      const from = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?$/i.exec(instruction.args);
      if (!from) throw new Error(`Dockerfile: cannot read FROM ${instruction.args}`);
      stages.push({ name: from[2] ?? String(stages.length), from: from[1]!, instructions: [] });
    } else if (stages.length === 0) {
      globalArgs.push(instruction);
    } else {
      stages[stages.length - 1]!.instructions.push(instruction);
    }
  }
  return { globalArgs, stages };
}

export function dockerfile(): { globalArgs: Instruction[]; stages: Stage[] } {
  return parseDockerfile(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'));
}

/** Sources of a COPY/ADD that come from the build context (not --from, not --mount). */
export function contextSources(instruction: Instruction): string[] {
  const parts = instruction.args.split(/\s+/);
  if (parts.some((p) => p.startsWith('--from='))) return [];
  const operands = parts.filter((p) => !p.startsWith('--'));
  return operands.slice(0, -1);
}

interface IgnorePattern {
  negate: boolean;
  pattern: string;
  regex: RegExp;
}

function toRegex(pattern: string): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*' && pattern[i + 1] === '*') {
      i++;
      if (pattern[i + 1] === '/') {
        i++;
        re += '(?:.*/)?';
      } else re += '.*';
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/**
 * .dockerignore semantics (moby patternmatcher): paths relative to the context root, `*` within
 * one segment, `**` across segments, a match on a parent directory covers what is inside it, the
 * last matching pattern wins and `!` re-includes.
 */
export class DockerIgnore {
  private readonly patterns: IgnorePattern[];

  constructor(text: string) {
    this.patterns = text
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => {
        const negate = l.startsWith('!');
        const pattern = (negate ? l.slice(1) : l)
          .trim()
          .replace(/^\.?\//, '')
          .replace(/\/$/, '');
        return { negate, pattern, regex: toRegex(pattern) };
      });
  }

  static load(): DockerIgnore {
    return new DockerIgnore(readFileSync(join(ROOT, '.dockerignore'), 'utf8'));
  }

  ignores(path: string): boolean {
    const parts = path.split('/');
    const prefixes = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
    let ignored = false;
    for (const p of this.patterns) if (prefixes.some((prefix) => p.regex.test(prefix))) ignored = !p.negate;
    return ignored;
  }

  /** Whether a `!` pattern could re-include something below an ignored directory. */
  private mayReinclude(dir: string): boolean {
    return this.patterns.some(
      (p) => p.negate && (p.pattern.startsWith(`${dir}/`) || p.pattern.startsWith('**')),
    );
  }

  /** Copies the build context (what `docker build .` sends) into `dest`; returns its file count. */
  copyContext(dest: string, from = ROOT): number {
    let files = 0;
    const walk = (rel: string): void => {
      const abs = join(from, rel);
      for (const entry of readdirSync(abs)) {
        const path = rel ? `${rel}/${entry}` : entry;
        const stat = statSync(join(from, path), { throwIfNoEntry: false });
        if (!stat) continue;
        if (stat.isDirectory()) {
          if (this.ignores(path) && !this.mayReinclude(path)) continue;
          walk(path);
        } else if (!this.ignores(path)) {
          mkdirSync(join(dest, rel), { recursive: true });
          cpSync(join(from, path), join(dest, path));
          files++;
        }
      }
    };
    walk('');
    return files;
  }
}

/** Whether a context path exists after .dockerignore (a file, or a directory with files). */
export function inContext(ignore: DockerIgnore, path: string): boolean {
  const clean = path.replace(/^\.?\//, '').replace(/\/$/, '');
  if (clean === '' || clean === '.') return true;
  if (!existsSync(join(ROOT, clean))) return false;
  return !ignore.ignores(clean);
}
