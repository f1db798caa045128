import { Injectable, type PipeTransform } from '@nestjs/common';
import { type BulkArtifactsBody, TRASH_MESSAGES, bulkArtifactsBodySchema } from '@core-vault/contracts';
import { AppException, ZodValidationPipe } from '@core-vault/platform';

const OWN_MESSAGES = new Set<string>(Object.values(TRASH_MESSAGES));

/** ZodValidationPipe, but a rule with a message of its own ('Select at least one artifact.') says exactly that. */
@Injectable()
export class BulkValidationPipe implements PipeTransform<unknown, BulkArtifactsBody> {
  private readonly inner = new ZodValidationPipe(bulkArtifactsBodySchema);

  transform(value: unknown): BulkArtifactsBody {
    try {
      return this.inner.transform(value);
    } catch (err) {
      if (!(err instanceof AppException)) throw err;
      const first = (err.details as { message: string }[] | undefined)?.[0];
      if (!first || !OWN_MESSAGES.has(first.message)) throw err;
      throw new AppException(400, err.code, first.message, err.details);
    }
  }
}
