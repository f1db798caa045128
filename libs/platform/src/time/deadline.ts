/**
 * `work`, or a rejection with `message` once `ms` have passed, whichever comes first. The work
 * itself is not cancelled (a send given up on may still land); its late failure is swallowed,
 * since the caller has already moved on.
 */
export async function withDeadline<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  work.catch(() => undefined);
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
