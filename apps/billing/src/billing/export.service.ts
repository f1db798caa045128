import { Inject, Injectable } from '@nestjs/common';
import { type Logger } from 'pino';
import { type AuthUser } from '@core-vault/contracts';
import { APP_CONFIG, LOGGER } from '@core-vault/platform';
import { type BillingConfig } from '../config';
import { AccountService } from './account.service';
import { ArtifactLines } from './export-lines';

/** Until a source answers at all (its status line and headers). */
const SOURCE_TIMEOUT_MS = 5_000;
/** The artifacts stream may pause this long between two pieces before it counts as broken. */
const STREAM_IDLE_MS = 30_000;

/** Writes one piece of the document, resolving when the client has room for more. */
export type ExportSink = (chunk: string) => Promise<void>;

type Section = { ok: true; data: unknown } | { ok: false; note: string };
type Opened =
  | { ok: true; body: ReadableStream<Uint8Array>; abort: AbortController; total: number | null }
  | { ok: false; note: string };

/** The artifacts export's count of artifacts, sent before its first byte (the SPA's progress). */
export const EXPORT_TOTAL_HEADER = 'x-export-total';

/**
 * The "export-data" call: one JSON document of the caller's account, billing, artifacts,
 * analytics and usage history, gathered from the owning services with the caller's own token.
 * The artifacts section is streamed from the artifacts service's NDJSON export as it arrives
 * (one artifact in memory at a time), so an account of any size exports whole. A source that
 * fails becomes a note; `complete` is true only when every section is in full — an artifacts
 * stream that breaks off still ends in a valid document, with the artifacts written so far, a
 * note and `complete: false` (docs/reference/privacy.md, "Data export").
 */
@Injectable()
export class ExportService {
  constructor(
    private readonly account: AccountService,
    @Inject(APP_CONFIG) private readonly config: BillingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  filename(now: Date): string {
    return `core-vault-export-${now.toISOString().slice(0, 10)}.json`;
  }

  /** `announce` hears the number of artifacts the document will hold (when known) before the first write. */
  async stream(
    user: AuthUser,
    authorization: string | undefined,
    write: ExportSink,
    now = new Date(),
    announce: (artifacts: number) => void = () => undefined,
  ) {
    const [identity, artifacts, details, history] = await Promise.all([
      this.fetchJson('account details', `${this.config.IDENTITY_URL}/api/v1/me`, authorization),
      this.open('artifacts', `${this.config.ARTIFACTS_URL}/api/v1/artifacts/export`, authorization),
      this.account.details(user),
      this.account.history(user),
    ]);
    const notes: string[] = [];
    if (!identity.ok) notes.push(identity.note);
    if (artifacts.ok && artifacts.total !== null) announce(artifacts.total);
    await write(
      `{\n  "exportedAt": ${JSON.stringify(now.toISOString())},\n` +
        `  "account": ${pretty(identity.ok ? identity.data : { id: user.id, email: user.email })},\n` +
        `  "billing": ${pretty({
          customer_id: details.customer_id,
          subscriptions: details.subscriptions,
          payment_methods: details.payment_methods,
        })},\n  "artifacts": [`,
    );
    const lines = new ArtifactLines();
    if (artifacts.ok) {
      const broken = await this.copyArtifacts(artifacts, lines, write);
      if (broken) notes.push(broken);
    } else notes.push(artifacts.note);
    await write(
      `${lines.count ? '\n  ' : ''}],\n` +
        `  "analytics": ${pretty({ totalArtifacts: lines.count, totalViews: lines.totalViews })},\n` +
        `  "usageHistory": ${pretty({ invoices: history.invoices })},\n` +
        `  "notes": ${pretty(notes)},\n  "complete": ${notes.length === 0}\n}\n`,
    );
  }

  /** Copies artifact lines into the array; the note to add when the stream did not end whole. */
  private async copyArtifacts(
    source: Extract<Opened, { ok: true }>,
    lines: ArtifactLines,
    write: ExportSink,
  ): Promise<string | null> {
    const decoder = new TextDecoder();
    let idle: NodeJS.Timeout | undefined;
    const arm = () => {
      clearTimeout(idle);
      idle = setTimeout(() => source.abort.abort(), STREAM_IDLE_MS);
    };
    try {
      arm();
      for await (const chunk of source.body) {
        arm();
        for (const piece of lines.push(decoder.decode(chunk, { stream: true }))) await write(piece);
      }
      for (const piece of lines.push(decoder.decode())) await write(piece);
    } catch (err) {
      this.logger.warn({ err, written: lines.count }, 'export: artifacts stream broke off');
    } finally {
      clearTimeout(idle);
    }
    return lines.complete ? null : incomplete(lines.count);
  }

  private async open(label: string, url: string, authorization: string | undefined): Promise<Opened> {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), SOURCE_TIMEOUT_MS);
    try {
      const res = await fetch(url, {
        headers: headersFor(authorization, 'application/x-ndjson'),
        signal: abort.signal,
      });
      if (!res.ok || !res.body) {
        await res.body?.cancel();
        return { ok: false, note: answered(label, res.status) };
      }
      const total = Number(res.headers.get(EXPORT_TOTAL_HEADER) ?? Number.NaN);
      return {
        ok: true,
        body: res.body,
        abort,
        total: Number.isSafeInteger(total) && total >= 0 ? total : null,
      };
    } catch (err) {
      this.logger.warn({ err, source: label }, 'export source unavailable');
      return { ok: false, note: unavailable(label) };
    } finally {
      clearTimeout(timer);
    }
  }

  private async fetchJson(label: string, url: string, authorization: string | undefined): Promise<Section> {
    try {
      const res = await fetch(url, {
        headers: headersFor(authorization, 'application/json'),
        signal: AbortSignal.timeout(SOURCE_TIMEOUT_MS),
      });
      if (!res.ok) return { ok: false, note: answered(label, res.status) };
      return { ok: true, data: await res.json() };
    } catch (err) {
      this.logger.warn({ err, source: label }, 'export source unavailable');
      return { ok: false, note: unavailable(label) };
    }
  }
}

const headersFor = (authorization: string | undefined, accept: string) => ({
  accept,
  ...(authorization ? { authorization } : {}),
});
const answered = (label: string, status: number) =>
  `The ${label} could not be included (the service answered ${status}).`;
const unavailable = (label: string) => `The ${label} could not be included (the service is unavailable).`;
const incomplete = (count: number) =>
  `The artifacts are incomplete: the artifacts service stopped after ${count} ${count === 1 ? 'artifact' : 'artifacts'}.`;

/** A value as it appears one level into the pretty-printed document. */
const pretty = (value: unknown): string => JSON.stringify(value, null, 2).replace(/\n/g, '\n  ');
