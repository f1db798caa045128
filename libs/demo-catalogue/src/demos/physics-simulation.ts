import { inlineLogic } from '../inline';
import { pendulumPeriod, pendulumStep } from '../logic';
import { PENDULUM_SLIDERS } from '../timings';
import { demoPage } from './page';

const slider = (id: keyof typeof PENDULUM_SLIDERS, label: string, unit: string) => {
  const s = PENDULUM_SLIDERS[id];
  return `<label class="card">${label}: <strong><span id="${id}Value">${s.value}</span> ${unit}</strong><br>
<input type="range" id="${id}" min="${s.min}" max="${s.max}" step="${s.step}" value="${s.value}" style="width:100%"></label>`;
};

export const physicsSimulation = demoPage({
  title: 'Physics Pendulum Simulation',
  css: 'canvas{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(20,30,60,.12);max-width:100%}',
  body: `
<h1>Physics Pendulum Simulation</h1>
<p class="sub">A damped pendulum. Change the parameters and watch the motion.</p>
<canvas id="canvas" width="520" height="320" aria-label="Pendulum"></canvas>
<div class="row" style="margin:12px 0"><button id="toggle">Pause</button><button id="reset" class="secondary">Reset</button>
<span class="muted">Period ≈ <span id="period"></span> s · angle <span id="angleNow"></span>°</span></div>
<div class="grid">
${slider('gravity', 'Gravity', 'm/s²')}
${slider('length', 'Length', 'm')}
${slider('angle', 'Start angle', '°')}
${slider('damping', 'Damping', '')}
</div>`,
  script: `${inlineLogic({ pendulumStep, pendulumPeriod })}
function val(id) { return Number(document.getElementById(id).value); }
var state, running = true, last = null;
function reset() { state = { angle: val('angle') * Math.PI / 180, velocity: 0 }; }
['gravity', 'length', 'angle', 'damping'].forEach(function (id) {
  document.getElementById(id).addEventListener('input', function () {
    document.getElementById(id + 'Value').textContent = document.getElementById(id).value;
    if (id === 'angle') reset();
    document.getElementById('period').textContent = CV.pendulumPeriod(val('gravity'), val('length')).toFixed(2);
  });
});
document.getElementById('toggle').addEventListener('click', function () {
  running = !running; this.textContent = running ? 'Pause' : 'Resume';
});
document.getElementById('reset').addEventListener('click', reset);
var canvas = document.getElementById('canvas'), ctx = canvas.getContext('2d');
function draw() {
  var L = val('length'), scale = 250 / 3, ox = canvas.width / 2, oy = 30;
  var x = ox + Math.sin(state.angle) * L * scale, y = oy + Math.cos(state.angle) * L * scale;
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.strokeStyle = '#1c2333'; ctx.lineWidth = 2;
  ctx.beginPath(); ctx.moveTo(ox, oy); ctx.lineTo(x, y); ctx.stroke();
  ctx.fillStyle = '#3355ff'; ctx.beginPath(); ctx.arc(x, y, 16, 0, Math.PI * 2); ctx.fill();
  document.getElementById('angleNow').textContent = (state.angle * 180 / Math.PI).toFixed(1);
}
function frame(t) {
  if (last !== null && running) {
    var dt = Math.min(0.05, (t - last) / 1000);
    for (var i = 0; i < 4; i++) state = CV.pendulumStep(state, val('gravity'), val('length'), val('damping'), dt / 4);
  }
  last = t; draw(); requestAnimationFrame(frame);
}
reset();
document.getElementById('period').textContent = CV.pendulumPeriod(val('gravity'), val('length')).toFixed(2);
draw();
requestAnimationFrame(frame);`,
});
