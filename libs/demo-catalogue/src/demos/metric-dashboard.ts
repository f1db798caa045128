import { inlineLogic } from '../inline';
import { clampTo, countUpValue, drift, formatMetric } from '../logic';
import { demoPage } from './page';

export interface Metric {
  id: string;
  label: string;
  value: number;
  spread: number;
  min: number;
  max: number;
  unit: string;
  decimals: number;
}

/**
 * A live metrics page: cards that drift within bounds every `refreshMs`, an optional count-up on
 * load, a refresh button, an "updated at" stamp (its own interval when `timestampMs` is given)
 * and a static table.
 */
export function metricDashboard(input: {
  title: string;
  subtitle: string;
  metrics: Metric[];
  refreshMs: number;
  timestampMs?: number;
  countUpMs?: number;
  table: { head: string[]; rows: string[][] };
}): string {
  const cards = input.metrics
    .map((m) => `<div class="card"><h3>${m.label}</h3><div class="big" data-metric="${m.id}"></div></div>`)
    .join('\n');
  const head = input.table.head.map((h) => `<th>${h}</th>`).join('');
  const rows = input.table.rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('\n');
  return demoPage({
    title: input.title,
    css: '',
    body: `
<h1>${input.title}</h1>
<p class="sub">${input.subtitle}</p>
<div class="row" style="margin-bottom:16px"><button id="refresh">Refresh data</button><span class="muted">Updated <span id="updated"></span></span></div>
<div class="grid">
${cards}
</div>
<div class="card" style="margin-top:16px"><table><thead><tr>${head}</tr></thead><tbody>
${rows}
</tbody></table></div>`,
    script: `${inlineLogic(
      { clampTo, countUpValue, drift, formatMetric },
      {
        METRICS: input.metrics,
        T: {
          refreshMs: input.refreshMs,
          timestampMs: input.timestampMs ?? 0,
          countUpMs: input.countUpMs ?? 0,
        },
      },
    )}
var values = {};
CV.METRICS.forEach(function (m) { values[m.id] = m.value; });
function show(m, v) { document.querySelector('[data-metric="' + m.id + '"]').textContent = CV.formatMetric(v, m.unit, m.decimals); }
function render() { CV.METRICS.forEach(function (m) { show(m, values[m.id]); }); }
function stamp() { document.getElementById('updated').textContent = new Date().toLocaleTimeString(); }
function update() {
  CV.METRICS.forEach(function (m) { values[m.id] = CV.clampTo(CV.drift(values[m.id], m.spread, Math.random), m.min, m.max); });
  render();
  if (!CV.T.timestampMs) stamp();
}
document.getElementById('refresh').addEventListener('click', update);
stamp();
if (CV.T.countUpMs) {
  var start = performance.now();
  (function step(now) {
    var elapsed = now - start;
    CV.METRICS.forEach(function (m) { show(m, CV.countUpValue(m.value, elapsed, CV.T.countUpMs)); });
    if (elapsed < CV.T.countUpMs) requestAnimationFrame(step); else render();
  })(start);
} else render();
setInterval(update, CV.T.refreshMs);
if (CV.T.timestampMs) setInterval(stamp, CV.T.timestampMs);`,
  });
}
