import { type QueueOverview } from '@core-vault/contracts';
import { escapeHtml } from '@core-vault/platform';

/** A read-only HTML view of the queue for operators (no scripts, everything escaped). */
export function queuePage(q: QueueOverview): string {
  const counts = Object.entries(q.counts)
    .map(([state, n]) => `<li>${escapeHtml(state)}: ${n}</li>`)
    .join('');
  const rows = q.jobs
    .map(
      (j) =>
        `<tr><td>${escapeHtml(j.id)}</td><td>${escapeHtml(j.state)}</td><td>${escapeHtml(j.step ?? j.name)}</td>` +
        `<td>${escapeHtml(j.runAt ?? '')}</td><td>${j.attempts}</td><td>${escapeHtml(j.failedReason ?? '')}</td></tr>`,
    )
    .join('');
  return (
    `<!doctype html><html><head><meta charset="utf-8"><title>Queue ${escapeHtml(q.queue)}</title></head>` +
    `<body style="font:14px Arial,sans-serif"><h1>Queue ${escapeHtml(q.queue)}</h1><ul>${counts}</ul>` +
    `<table border="1" cellpadding="4"><tr><th>Job</th><th>State</th><th>Step</th><th>Runs at</th>` +
    `<th>Attempts</th><th>Failure</th></tr>${rows}</table></body></html>`
  );
}
