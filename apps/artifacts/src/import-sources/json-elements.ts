import { type Readable, Transform, type TransformCallback, pipeline } from 'node:stream';
import { parser } from 'stream-json/parser.js';
import { streamArray } from 'stream-json/streamers/stream-array.js';
import { streamValues } from 'stream-json/streamers/stream-values.js';
import { IMPORT_SOURCE_LIMITS as L, IMPORT_SOURCE_MESSAGES as M } from '@core-vault/contracts';
import { ImportSourceException } from './import-sources.exception';

/** One top-level element (a conversation, a line of a bundle); `tooLarge` when it was skipped. */
export interface JsonElement {
  index: number;
  value: unknown;
  tooLarge: boolean;
}

type Token = { name: string; value?: unknown };

/**
 * Between stream-json's parser and its streamer: counts the characters of the top-level element
 * being assembled and, past `maxChars`, drops the rest of it and hands on a `null` instead, so
 * no element (one conversation) can take more memory than that, whatever the file holds. It also
 * checks the file's outer shape (`[` for an array) before anything is assembled.
 */
class ElementGuard extends Transform {
  readonly oversized = new Set<number>();
  /** The closing token of each container open now, outermost first. */
  private readonly stack: string[] = [];
  private index = -1;
  private chars = 0;
  private skipping = false;
  started = false;

  constructor(
    private readonly top: number,
    private readonly maxChars: number,
    private readonly notArray: string,
  ) {
    super({ objectMode: true });
  }

  override _transform(token: Token, _enc: BufferEncoding, done: TransformCallback): void {
    if (!this.started) {
      this.started = true;
      if (this.top === 1 && token.name !== 'startArray')
        return done(ImportSourceException.unreadable(this.notArray));
    }
    const opens = token.name === 'startObject' || token.name === 'startArray';
    const closes = token.name === 'endObject' || token.name === 'endArray';
    // Packed values only (streamValues off): at the top depth, anything but a key or a closing
    // bracket starts the next element.
    if (this.stack.length === this.top && !closes && token.name !== 'keyValue') this.beginElement();
    if (opens) this.stack.push(token.name === 'startObject' ? 'endObject' : 'endArray');
    if (closes) this.stack.pop();
    if (this.skipping) {
      if (this.stack.length === this.top) this.skipping = false;
      return done();
    }
    if (typeof token.value === 'string') this.chars += token.value.length;
    if (this.chars > this.maxChars && this.stack.length > this.top) {
      // Close what the streamer has open of this element: it hands on a partial value, which
      // the reader drops (the index is in `oversized`); the rest of the element is not kept.
      this.skipping = true;
      this.oversized.add(this.index);
      // A key is left out (the object may end after a whole pair); anything else completes.
      if (token.name !== 'keyValue') this.push(token);
      for (let i = this.stack.length - 1; i >= this.top; i--) this.push({ name: this.stack[i] });
      return done();
    }
    done(null, token);
  }

  private beginElement(): void {
    this.index++;
    this.chars = 0;
  }
}

function tooDeep(err: unknown): boolean {
  return err instanceof RangeError && /depth/i.test(err.message);
}

/** The parser's or the guard's error as the person should read it. */
export function jsonError(err: unknown): ImportSourceException {
  if (err instanceof ImportSourceException) return err;
  if (tooDeep(err)) return ImportSourceException.unreadable(M.tooDeep);
  if (err instanceof RangeError) return ImportSourceException.unreadable(M.notJson('a value is too long'));
  const detail =
    err instanceof Error ? err.message.replace(/^Parser cannot parse input: /, '') : 'unreadable';
  return ImportSourceException.unreadable(M.notJson(detail.slice(0, 200)));
}

/**
 * The elements of a JSON document read as a stream: a top-level array (`kind: 'array'`, e.g.
 * conversations.json) or a sequence of values (`'values'`: one document, or JSON lines). Strings
 * are held packed (never streamed in pieces) with stream-json's own length cap, nesting with its
 * depth cap; an element over `maxChars` comes as `tooLarge` with a null value. Errors are
 * ImportSourceExceptions with the parser's reason.
 */
export async function* jsonElements(
  input: Readable,
  kind: 'array' | 'values',
  notArray: string = M.notAnExport,
  maxChars: number = L.elementMaxChars,
): AsyncGenerator<JsonElement> {
  const tokens = parser.asStream({
    packValues: true,
    streamValues: false,
    jsonStreaming: kind === 'values',
    maxDepth: L.jsonMaxDepth,
    maxPackedLength: maxChars,
  });
  const guard = new ElementGuard(kind === 'array' ? 1 : 0, maxChars, notArray);
  const streamer = kind === 'array' ? streamArray.asStream() : streamValues.asStream();
  const out = pipeline(input, tokens, guard, streamer, () => undefined);
  try {
    for await (const item of out as AsyncIterable<{ key: number; value: unknown }>)
      yield { index: item.key, value: item.value, tooLarge: guard.oversized.has(item.key) };
  } catch (err) {
    throw jsonError(err);
  } finally {
    out.destroy();
  }
  if (kind === 'array' && !guard.started) throw ImportSourceException.unreadable(notArray);
}
