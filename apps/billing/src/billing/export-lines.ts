/** A line of the artifacts export that is not an artifact: the stream is not what it should be. */
export class BrokenExportLine extends Error {
  override readonly name = 'BrokenExportLine';
}

const TRAILER_START = '{"end":';

/**
 * Reads the artifacts service's NDJSON export (one artifact per line, then the trailer
 * `{"end":{"count","totalViews"}}`) as text arrives, and gives back the pieces of the export
 * document's "artifacts" array. Only whole lines are passed on, so whatever happens to the stream
 * the array written so far can still be closed into valid JSON; one line (one artifact) is held
 * at a time. `complete` only once the trailer came and counted exactly the artifacts passed on.
 */
export class ArtifactLines {
  count = 0;
  totalViews = 0;
  complete = false;
  private partial: string[] = [];
  private ended = false;

  push(text: string): string[] {
    const out: string[] = [];
    let rest = text;
    for (let nl = rest.indexOf('\n'); nl !== -1; nl = rest.indexOf('\n')) {
      this.partial.push(rest.slice(0, nl));
      rest = rest.slice(nl + 1);
      const line = this.partial.join('');
      this.partial = [];
      const piece = this.line(line);
      if (piece !== null) out.push(piece);
    }
    if (rest) this.partial.push(rest);
    return out;
  }

  private line(line: string): string | null {
    if (this.ended || line.trim() === '') return null;
    if (line.startsWith(TRAILER_START)) {
      this.ended = true;
      const end = (JSON.parse(line) as { end?: { count?: unknown } }).end;
      this.complete = end?.count === this.count;
      return null;
    }
    let artifact: unknown;
    try {
      artifact = JSON.parse(line);
    } catch {
      throw new BrokenExportLine(`line ${this.count + 1} is not JSON`);
    }
    if (typeof artifact !== 'object' || artifact === null || Array.isArray(artifact))
      throw new BrokenExportLine(`line ${this.count + 1} is not an artifact`);
    const views = (artifact as { viewCount?: unknown }).viewCount;
    this.totalViews += typeof views === 'number' && Number.isFinite(views) ? views : 0;
    this.count++;
    return `${this.count > 1 ? ',' : ''}\n    ${line}`;
  }
}
