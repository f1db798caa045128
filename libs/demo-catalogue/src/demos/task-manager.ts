import { inlineLogic } from '../inline';
import { filterTasks, normalizePriority, normalizeTaskText, parseStoredTasks } from '../logic';
import { TASK_LIMITS } from '../timings';
import { demoPage } from './page';

export const taskManager = demoPage({
  title: 'Task Manager',
  css: `.task{display:flex;gap:10px;align-items:center;padding:10px;border-bottom:1px solid #e6e9f2}
.task.done span.text{text-decoration:line-through;color:#8a93a8}
.task span.text{flex:1}
.p-high{background:#fde0e0;color:#a11b1b}.p-medium{background:#fff1cc;color:#8a5a00}.p-low{background:#dcf5e3;color:#146c2e}`,
  body: `
<h1>Task Manager</h1>
<p class="sub">Your tasks stay in this browser (local storage).</p>
<form id="add" class="row card" autocomplete="off">
  <input id="text" aria-label="Task" placeholder="What needs doing?" maxlength="${TASK_LIMITS.maxLength}" style="flex:1;min-width:200px">
  <select id="priority" aria-label="Priority"><option value="low">Low</option><option value="medium" selected>Medium</option><option value="high">High</option></select>
  <button type="submit">Add task</button>
</form>
<div class="row" style="margin:16px 0" role="group" aria-label="Filter">
  <button type="button" class="secondary" data-filter="all" aria-pressed="true">All</button>
  <button type="button" class="secondary" data-filter="pending" aria-pressed="false">Pending</button>
  <button type="button" class="secondary" data-filter="completed" aria-pressed="false">Completed</button>
  <button type="button" class="secondary" data-filter="high" aria-pressed="false">High priority</button>
  <span class="muted" id="counts"></span>
</div>
<div class="card" id="list" aria-live="polite"></div>`,
  script: `${inlineLogic({ normalizeTaskText, normalizePriority, filterTasks, parseStoredTasks }, { KEY: TASK_LIMITS.storageKey })}
var store = null;
try { store = window.localStorage; } catch (e) { store = null; }
function load() { try { return CV.parseStoredTasks(store ? store.getItem(CV.KEY) : null); } catch (e) { return []; } }
function save() { try { if (store) store.setItem(CV.KEY, JSON.stringify(tasks)); } catch (e) { /* storage full or blocked */ } }
var tasks = load();
var filter = 'all';
function render() {
  var list = document.getElementById('list');
  list.innerHTML = '';
  var shown = CV.filterTasks(tasks, filter);
  if (!shown.length) { var empty = document.createElement('p'); empty.className = 'muted'; empty.textContent = 'No tasks here yet.'; list.appendChild(empty); }
  shown.forEach(function (t) {
    var row = document.createElement('div');
    row.className = 'task' + (t.completed ? ' done' : '');
    var box = document.createElement('input'); box.type = 'checkbox'; box.checked = t.completed; box.setAttribute('aria-label', 'Complete ' + t.text);
    box.addEventListener('change', function () { t.completed = box.checked; save(); render(); });
    var text = document.createElement('span'); text.className = 'text'; text.textContent = t.text;
    var pill = document.createElement('span'); pill.className = 'pill p-' + t.priority; pill.textContent = t.priority;
    var del = document.createElement('button'); del.type = 'button'; del.className = 'secondary'; del.textContent = 'Delete';
    del.addEventListener('click', function () { tasks = tasks.filter(function (x) { return x.id !== t.id; }); save(); render(); });
    row.append(box, text, pill, del);
    list.appendChild(row);
  });
  var done = tasks.filter(function (t) { return t.completed; }).length;
  document.getElementById('counts').textContent = tasks.length + ' tasks · ' + done + ' completed';
}
document.getElementById('add').addEventListener('submit', function (e) {
  e.preventDefault();
  var input = document.getElementById('text');
  var text = CV.normalizeTaskText(input.value);
  if (!text) return;
  tasks.push({ id: String(Date.now()) + Math.random().toString(16).slice(2), text: text, priority: CV.normalizePriority(document.getElementById('priority').value), completed: false });
  input.value = '';
  save(); render();
});
Array.prototype.forEach.call(document.querySelectorAll('[data-filter]'), function (b) {
  b.addEventListener('click', function () {
    filter = b.getAttribute('data-filter');
    Array.prototype.forEach.call(document.querySelectorAll('[data-filter]'), function (x) { x.setAttribute('aria-pressed', String(x === b)); });
    render();
  });
});
render();`,
});
