import { Injectable, type PipeTransform } from '@nestjs/common';
import { type z } from 'zod';
import { AppException } from './app-exception';

type Issue = z.core.$ZodIssue;

function describePath(path: readonly PropertyKey[]): string {
  return path.length === 0 ? 'The request' : `"${path.map(String).join('.')}"`;
}

/** One readable sentence for the first problem; the full list goes in `details`. */
export function describeIssue(issue: Issue): string {
  const where = describePath(issue.path);
  switch (issue.code) {
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}${issue.path.length ? ` in ${where}` : ''}.`;
    case 'invalid_type':
      return issue.input === undefined
        ? `${where} is required.`
        : `${where} must be ${article(issue.expected)}.`;
    case 'too_big':
      return issue.origin === 'string'
        ? `${where} is too long (at most ${String(issue.maximum)} characters).`
        : issue.origin === 'array'
          ? `${where} has too many items (at most ${String(issue.maximum)}).`
          : `${where} must be at most ${String(issue.maximum)}.`;
    case 'too_small':
      return issue.origin === 'string'
        ? `${where} must be at least ${String(issue.minimum)} characters.`
        : `${where} must be at least ${String(issue.minimum)}.`;
    case 'invalid_value':
      return `${where} must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}.`;
    default:
      return `${where}: ${issue.message}`;
  }
}

function article(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

/**
 * Validates a body, query or params object against a zod schema from libs/contracts. Bad input is
 * a 400 with one clear message, never a 500; the parsed (typed, trimmed) value reaches the handler.
 */
@Injectable()
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(
    private readonly schema: S,
    private readonly code = 'VALIDATION_FAILED',
  ) {}

  transform(value: unknown): z.output<S> {
    const result = this.schema.safeParse(value ?? {}, { reportInput: true });
    if (result.success) return result.data;
    const issues = result.error.issues;
    throw new AppException(
      400,
      this.code,
      describeIssue(issues[0] as Issue),
      issues.slice(0, 10).map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
    );
  }
}
