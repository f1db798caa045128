import { Injectable, type PipeTransform } from '@nestjs/common';
import { type z } from 'zod';
import { ARTIFACT_MESSAGES } from '@core-vault/contracts';
import { AppException, ZodValidationPipe } from '@core-vault/platform';

const SPEC_MESSAGES = new Set<string>(Object.values(ARTIFACT_MESSAGES).filter((m) => typeof m === 'string'));

/**
 * ZodValidationPipe, but a rule that carries one of the spec's own messages (title too long,
 * content too large, …) answers with exactly that message; content too large is a 413. In a
 * batch the item is named ("Artifact 3: …").
 */
@Injectable()
export class ArtifactValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  private readonly inner: ZodValidationPipe<S>;

  constructor(schema: S) {
    this.inner = new ZodValidationPipe(schema);
  }

  transform(value: unknown): z.output<S> {
    try {
      return this.inner.transform(value);
    } catch (err) {
      if (!(err instanceof AppException)) throw err;
      const first = (err.details as { path: string; message: string }[] | undefined)?.[0];
      if (!first || !SPEC_MESSAGES.has(first.message)) throw err;
      const item = /^artifacts\.(\d+)\./.exec(first.path);
      const message = item ? `Artifact ${Number(item[1]) + 1}: ${first.message}` : first.message;
      const tooLarge = first.message === ARTIFACT_MESSAGES.contentTooLarge;
      throw new AppException(
        tooLarge ? 413 : 400,
        tooLarge ? 'CONTENT_TOO_LARGE' : err.code,
        message,
        err.details,
      );
    }
  }
}
