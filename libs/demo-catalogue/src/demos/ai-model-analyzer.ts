import { inlineLogic } from '../inline';
import { clampAccuracy, drift, floorLatency, round1, tokenCost } from '../logic';
import { DEMO_TIMINGS, TOKEN_DEFAULTS } from '../timings';
import { demoPage } from './page';

const MODELS = [
  { name: 'Atlas-7B', accuracy: 88.4, latency: 120, price: 0.002 },
  { name: 'Nimbus-13B', accuracy: 91.2, latency: 210, price: 0.006 },
  { name: 'Orion-70B', accuracy: 93.5, latency: 420, price: 0.03 },
];

export const aiModelAnalyzer = demoPage({
  title: 'AI Model Performance Analyzer',
  css: '.clock{font-variant-numeric:tabular-nums}',
  body: `
<h1>AI Model Performance Analyzer</h1>
<p class="sub">Live benchmark of three sample models (fake data). <span class="clock" id="clock"></span></p>
<div class="row" style="margin-bottom:16px"><button id="refresh">Refresh now</button><span class="muted">Updated <span id="updated">just now</span> · refreshes every 5 s</span></div>
<div class="grid" id="models"></div>
<section class="card" style="margin-top:20px">
  <h3>Token cost calculator</h3>
  <div class="row">
    <label>Input tokens <input id="inTokens" type="number" min="0" value="${TOKEN_DEFAULTS.inputTokens}"></label>
    <label>Output tokens <input id="outTokens" type="number" min="0" value="${TOKEN_DEFAULTS.outputTokens}"></label>
    <label>Model <select id="costModel"></select></label>
  </div>
  <p>Estimated cost: <strong id="cost">$0.0000</strong> <span class="muted">(total tokens / 1000 × price per 1K)</span></p>
</section>`,
  script: `${inlineLogic({ clampAccuracy, floorLatency, drift, round1, tokenCost }, { T: DEMO_TIMINGS.aiAnalyzer, MODELS })}
var models = CV.MODELS.map(function (m) { return Object.assign({}, m); });
var grid = document.getElementById('models');
function render() {
  grid.innerHTML = '';
  models.forEach(function (m) {
    var card = document.createElement('div');
    card.className = 'card';
    card.setAttribute('data-model', m.name);
    card.innerHTML = '<h3></h3><div class="big"></div><div class="muted"></div>';
    card.querySelector('h3').textContent = m.name;
    card.querySelector('.big').textContent = m.accuracy.toFixed(1) + '% accuracy';
    card.querySelector('.muted').textContent = 'Latency ' + Math.round(m.latency) + ' ms · $' + m.price + ' per 1K tokens';
    grid.appendChild(card);
  });
  document.getElementById('updated').textContent = new Date().toLocaleTimeString();
}
function refresh() {
  models.forEach(function (m) {
    m.accuracy = CV.round1(CV.clampAccuracy(CV.drift(m.accuracy, 4, Math.random)));
    m.latency = CV.floorLatency(CV.drift(m.latency, 60, Math.random));
  });
  render();
}
function tick() { document.getElementById('clock').textContent = new Date().toLocaleTimeString(); }
var select = document.getElementById('costModel');
CV.MODELS.forEach(function (m, i) { var o = document.createElement('option'); o.value = String(i); o.textContent = m.name + ' ($' + m.price + '/1K)'; select.appendChild(o); });
function updateCost() {
  var m = CV.MODELS[Number(select.value)];
  document.getElementById('cost').textContent = '$' + CV.tokenCost(document.getElementById('inTokens').value, document.getElementById('outTokens').value, m.price);
}
['inTokens', 'outTokens', 'costModel'].forEach(function (id) { document.getElementById(id).addEventListener('input', updateCost); });
document.getElementById('refresh').addEventListener('click', refresh);
render(); tick(); updateCost();
setInterval(refresh, CV.T.refreshMs);
setInterval(tick, CV.T.clockMs);`,
});
