/**
 * When the event pipelines of a set of services are at rest, read from their /metrics: every
 * outbox empty (`outbox_backlog_events`) and every consumer group's committed offset at its
 * partitions' end (`kafka_consumer_lag`).
 *
 * One service's numbers say nothing about the others': a consumer reads "caught up" while the
 * producer still holds events it has not published (after a database crash the relay's leased
 * batch waits out its lease, 15 s), and once the producer's backlog reads 0 the consumer has yet
 * to fetch and apply them. Waiting for each service to read quiet on its own therefore returns in
 * that gap — the database-crash e2e missed up to 23 artifacts in analytics that way
 * (docs/reference/infrastructure.md, "Durability"). So every round reads all the services, and
 * the pipelines count as settled only after `rounds` rounds in a row in which all of them read quiet. The relay marks events only
 * after the broker has them, so a producer's 0 in one round means its events are on the topics,
 * and the consumer's 0 in the next round (read later) means they were applied and committed. Each
 * hop of a chain (a consumer that publishes in turn: analytics' view counts back to artifacts)
 * needs one more round; the default, 3, covers two hops.
 */
export interface SettleOptions {
  /** Rounds in a row in which every service must read quiet (default 3). */
  rounds?: number;
  /** Pause between rounds (default 250 ms). */
  intervalMs?: number;
  timeoutMs?: number;
  /** Per /metrics request (default 5 s). */
  requestTimeoutMs?: number;
}

/** The outbox backlog and consumer lag samples of a /metrics text that are not 0 (NaN counts). */
export function busyLines(metricsText: string): string[] {
  return metricsText
    .split('\n')
    .filter((line) => /^(kafka_consumer_lag|outbox_backlog_events)[{ ]/.test(line) && !/ 0$/.test(line));
}

export class NotSettledError extends Error {
  override readonly name = 'NotSettledError';
  constructor(
    message: string,
    /** The last round: each service's busy lines (or why its /metrics could not be read). */
    readonly busy: Record<string, string[]>,
  ) {
    super(message);
  }
}

/**
 * Resolves once every service (name → base URL) has read quiet in `rounds` consecutive rounds;
 * returns how many rounds were read in all. Throws NotSettledError after `timeoutMs`.
 */
export async function waitForSettled(
  services: Readonly<Record<string, string>>,
  { rounds = 3, intervalMs = 250, timeoutMs = 60_000, requestTimeoutMs = 5_000 }: SettleOptions = {},
): Promise<{ rounds: number }> {
  const read = async (url: string): Promise<string[]> => {
    try {
      const res = await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(requestTimeoutMs) });
      if (!res.ok) return [`/metrics answered ${res.status}`];
      return busyLines(await res.text());
    } catch (err) {
      // Unknown is not quiet.
      return [`/metrics unreadable: ${err instanceof Error ? err.message : String(err)}`];
    }
  };
  const deadline = Date.now() + timeoutMs;
  let quietInARow = 0;
  for (let round = 1; ; round++) {
    const names = Object.keys(services);
    const lines = await Promise.all(names.map((name) => read(services[name] as string)));
    const busy = Object.fromEntries(
      names.flatMap((name, i) => ((lines[i] as string[]).length ? [[name, lines[i] as string[]]] : [])),
    );
    quietInARow = Object.keys(busy).length === 0 ? quietInARow + 1 : 0;
    if (quietInARow >= rounds) return { rounds: round };
    if (Date.now() > deadline)
      throw new NotSettledError(
        `event pipelines not settled after ${timeoutMs} ms (outboxes not empty or consumers behind): ` +
          Object.entries(busy)
            .map(([name, l]) => `${name}: ${l.slice(0, 5).join('; ')}`)
            .join(' | '),
        busy,
      );
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
