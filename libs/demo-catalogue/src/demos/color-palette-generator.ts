import { inlineLogic } from '../inline';
import { hslToHex, paletteHsl, pick } from '../logic';
import { DEMO_TIMINGS, PALETTE_MOODS, PALETTE_NAMES } from '../timings';
import { demoPage } from './page';

export const colorPaletteGenerator = demoPage({
  title: 'Color Palette Generator',
  css: `.palette{display:flex;border-radius:10px;overflow:hidden;height:90px;margin:8px 0}
.swatch{flex:1;border:0;border-radius:0;display:flex;align-items:flex-end;justify-content:center;padding:6px;font-size:.75rem;color:#fff;text-shadow:0 1px 2px rgba(0,0,0,.5)}
#toast{position:fixed;bottom:20px;left:50%;transform:translateX(-50%);background:#1c2333;color:#fff;padding:10px 16px;border-radius:8px}`,
  body: `
<h1>Color Palette Generator</h1>
<p class="sub">Four palettes of five colours each. Click a colour to copy its hex code.</p>
<button id="generate">Generate palettes</button>
<div class="grid" id="palettes" style="margin-top:16px;grid-template-columns:repeat(auto-fit,minmax(260px,1fr))"></div>
<div id="toast" role="status" hidden></div>`,
  script: `${inlineLogic({ hslToHex, paletteHsl, pick }, { T: DEMO_TIMINGS.palette, NAMES: PALETTE_NAMES, MOODS: PALETTE_MOODS })}
var toastTimer = null;
function toast(text) {
  var el = document.getElementById('toast');
  el.textContent = text; el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(function () { el.hidden = true; }, CV.T.toastMs);
}
function copy(hex) {
  var done = function () { toast('Copied ' + hex); };
  try { navigator.clipboard.writeText(hex).then(done, done); } catch (e) { done(); }
}
function generate() {
  var root = document.getElementById('palettes');
  root.innerHTML = '';
  for (var p = 0; p < CV.T.palettesPerGeneration; p++) {
    var card = document.createElement('div'); card.className = 'card palette-card';
    var title = document.createElement('h3'); title.textContent = CV.pick(CV.NAMES, Math.random);
    var mood = document.createElement('span'); mood.className = 'pill ok'; mood.textContent = CV.pick(CV.MOODS, Math.random);
    var strip = document.createElement('div'); strip.className = 'palette';
    CV.paletteHsl(Math.random).forEach(function (c) {
      var hex = CV.hslToHex(c[0], c[1], c[2]);
      var b = document.createElement('button'); b.className = 'swatch'; b.style.background = hex; b.textContent = hex;
      b.setAttribute('aria-label', 'Copy ' + hex);
      b.addEventListener('click', function () { copy(hex); });
      strip.appendChild(b);
    });
    card.append(title, mood, strip);
    root.appendChild(card);
  }
}
document.getElementById('generate').addEventListener('click', generate);
generate();`,
});
