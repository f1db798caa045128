import { inlineLogic } from '../inline';
import { clampAuditItems, clampCompliance, clampTraining, complianceRisk, drift, round1 } from '../logic';
import { DEMO_TIMINGS } from '../timings';
import { demoPage } from './page';

export const complianceDashboard = demoPage({
  title: 'Compliance & Audit Dashboard',
  css: '',
  body: `
<h1>Compliance &amp; Audit Dashboard</h1>
<p class="sub">Organisation-wide control status (fake data) · refreshes every 10 s</p>
<div class="grid">
  <div class="card"><h3>Compliance score</h3><div class="big" id="compliance"></div></div>
  <div class="card"><h3>Open audit items</h3><div class="big" id="items"></div></div>
  <div class="card"><h3>Training completion</h3><div class="big" id="training"></div></div>
  <div class="card"><h3>Risk level</h3><div class="big"><span class="pill" id="risk"></span></div></div>
</div>
<div class="row" style="margin-top:16px"><button id="audit">Run audit</button><span class="muted">Last audit <span id="updated"></span></span></div>
<table style="margin-top:16px"><thead><tr><th>Framework</th><th>Controls</th><th>Status</th></tr></thead>
<tbody><tr><td>ISO 27001</td><td>114</td><td>Certified</td></tr><tr><td>SOC 2 Type II</td><td>64</td><td>In review</td></tr><tr><td>GDPR</td><td>99</td><td>Compliant</td></tr></tbody></table>`,
  script: `${inlineLogic({ clampCompliance, clampAuditItems, clampTraining, complianceRisk, drift, round1 }, { T: DEMO_TIMINGS.compliance })}
var state = { compliance: 94.5, items: 22, training: 86 };
function render() {
  document.getElementById('compliance').textContent = state.compliance.toFixed(1) + '%';
  document.getElementById('items').textContent = String(state.items);
  document.getElementById('training').textContent = state.training.toFixed(1) + '%';
  var risk = CV.complianceRisk(state.compliance, state.items);
  var el = document.getElementById('risk');
  el.textContent = risk;
  el.className = 'pill ' + (risk === 'Low' ? 'ok' : risk === 'Medium' ? 'warn' : 'bad');
  document.getElementById('updated').textContent = new Date().toLocaleTimeString();
}
function update() {
  state.compliance = CV.round1(CV.clampCompliance(CV.drift(state.compliance, 3, Math.random)));
  state.items = CV.clampAuditItems(CV.drift(state.items, 10, Math.random));
  state.training = CV.round1(CV.clampTraining(CV.drift(state.training, 4, Math.random)));
  render();
}
document.getElementById('audit').addEventListener('click', update);
render();
setInterval(update, CV.T.refreshMs);`,
});
