import { demoPage } from './page';

/** Charts drawn with d3, which the renderer serves itself at /vendor/d3.min.js (no public CDN). */
export const salesDashboard = demoPage({
  title: 'Sales Performance Dashboard',
  head: '<script src="/vendor/d3.min.js"></script>',
  css: 'svg text{font-size:11px;fill:#5b6478}.bar{fill:#3355ff}.bar:hover{fill:#1c2fb8}.line{fill:none;stroke:#ff7a33;stroke-width:2.5}',
  body: `
<h1>Sales Performance Dashboard</h1>
<p class="sub">Revenue by month and region (fake data)</p>
<div class="row" style="margin-bottom:16px">
  <label>Region <select id="region"><option value="all">All regions</option><option value="north">North</option><option value="south">South</option><option value="east">East</option><option value="west">West</option></select></label>
</div>
<div class="grid">
  <div class="card"><h3>Total revenue</h3><div class="big" id="total"></div></div>
  <div class="card"><h3>Best month</h3><div class="big" id="best"></div></div>
  <div class="card"><h3>Deals closed</h3><div class="big" id="deals"></div></div>
</div>
<div class="card" style="margin-top:16px"><h3>Monthly revenue</h3><svg id="bars" width="100%" height="240" role="img" aria-label="Monthly revenue chart"></svg></div>
<div class="card" style="margin-top:16px"><h3>Cumulative revenue</h3><svg id="line" width="100%" height="200" role="img" aria-label="Cumulative revenue chart"></svg></div>`,
  script: `
var MONTHS = ['Jan','Feb','Mar','Apr','May','Jun','Jul','Aug','Sep','Oct','Nov','Dec'];
var REGIONS = { north: 1.1, south: 0.8, east: 1.3, west: 0.9 };
function series(region) {
  return MONTHS.map(function (m, i) {
    var base = 40 + i * 4 + (i % 3) * 6;
    var factor = region === 'all' ? Object.keys(REGIONS).reduce(function (s, k) { return s + REGIONS[k]; }, 0) : REGIONS[region];
    return { month: m, value: Math.round(base * factor * 1000) };
  });
}
function money(v) { return '$' + (v / 1000).toFixed(0) + 'K'; }
function draw(region) {
  var data = series(region);
  var total = data.reduce(function (s, d) { return s + d.value; }, 0);
  var best = data.reduce(function (a, b) { return b.value > a.value ? b : a; });
  document.getElementById('total').textContent = money(total);
  document.getElementById('best').textContent = best.month;
  document.getElementById('deals').textContent = String(Math.round(total / 9000));
  var svg = d3.select('#bars'); svg.selectAll('*').remove();
  var w = svg.node().getBoundingClientRect().width || 600, h = 240, m = { t: 10, r: 10, b: 24, l: 48 };
  var x = d3.scaleBand().domain(MONTHS).range([m.l, w - m.r]).padding(0.2);
  var y = d3.scaleLinear().domain([0, d3.max(data, function (d) { return d.value; })]).nice().range([h - m.b, m.t]);
  svg.append('g').attr('transform', 'translate(0,' + (h - m.b) + ')').call(d3.axisBottom(x));
  svg.append('g').attr('transform', 'translate(' + m.l + ',0)').call(d3.axisLeft(y).ticks(5).tickFormat(money));
  svg.append('g').selectAll('rect').data(data).join('rect').attr('class', 'bar')
    .attr('x', function (d) { return x(d.month); }).attr('width', x.bandwidth())
    .attr('y', function (d) { return y(d.value); }).attr('height', function (d) { return y(0) - y(d.value); })
    .append('title').text(function (d) { return d.month + ': ' + money(d.value); });
  var acc = 0, cum = data.map(function (d) { acc += d.value; return { month: d.month, value: acc }; });
  var line = d3.select('#line'); line.selectAll('*').remove();
  var y2 = d3.scaleLinear().domain([0, acc]).nice().range([200 - m.b, m.t]);
  line.append('g').attr('transform', 'translate(0,' + (200 - m.b) + ')').call(d3.axisBottom(x));
  line.append('g').attr('transform', 'translate(' + m.l + ',0)').call(d3.axisLeft(y2).ticks(4).tickFormat(money));
  line.append('path').datum(cum).attr('class', 'line')
    .attr('d', d3.line().x(function (d) { return x(d.month) + x.bandwidth() / 2; }).y(function (d) { return y2(d.value); }));
}
document.getElementById('region').addEventListener('change', function (e) { draw(e.target.value); });
draw('all');`,
});
