// scenec preview: the page. It lists the scenes, shows one with its inspector, redraws when a
// control changes or the server says a file changed, and keeps every choice in the URL.
'use strict';

const $ = (id) => document.getElementById(id);
const client = Math.random().toString(36).slice(2);

// What the page shows, all of it in the URL (so a reload shows the same).
// appearance: 'dark' draws a variant with its dark parameters (the manifest's "dark").
const view = { id: null, scale: '1', bg: 'light', size: '', appearance: 'light', values: {} };
let catalog = { entries: [], problems: [], paths: [] };
let last = null;          // the last render response applied
let requestSeq = 0;       // the newest render request sent
let renders = 0;          // drawings put on the page
const waiters = [];       // promises waiting for the next drawing (tests and the benchmark)

// For tests and the benchmark: the number of drawings shown, and a promise for the next one,
// resolved with the time (performance.now()) the new drawing was in the page.
window.scenecPreview = {
  get renders() { return renders; },
  get last() { return last; },
  nextRender() { return new Promise((resolve) => waiters.push(resolve)); },
};

function readURL() {
  const q = new URLSearchParams(location.search);
  view.id = q.get('id');
  view.scale = q.get('scale') || '1';
  view.bg = q.get('bg') || 'light';
  view.size = q.get('size') || '';
  view.appearance = q.get('appearance') === 'dark' ? 'dark' : 'light';
  view.values = {};
  for (const [k, v] of q) if (k.startsWith('p.')) view.values[k.slice(2)] = v;
}

function writeURL() {
  const parts = [];
  const add = (k, v) => parts.push(encodeURIComponent(k) + '=' + encodeURIComponent(v));
  if (view.id) add('id', view.id);
  if (view.scale !== '1') add('scale', view.scale);
  if (view.bg !== 'light') add('bg', view.bg);
  if (view.size) add('size', view.size);
  if (view.appearance === 'dark') add('appearance', 'dark');
  for (const k of Object.keys(view.values).sort()) add('p.' + k, view.values[k]);
  history.replaceState(null, '', parts.length ? '?' + parts.join('&') : location.pathname);
}

// ---- the list of scenes ----

async function loadCatalog() {
  const r = await fetch('/api/catalog');
  catalog = await r.json();
  const list = $('scene-list');
  list.textContent = '';
  for (const e of catalog.entries) {
    const li = document.createElement('li');
    li.dataset.id = e.id;
    li.textContent = e.name;
    if (e.kind === 'variant') {
      const k = document.createElement('span');
      k.className = 'kind';
      k.textContent = 'variant';
      li.appendChild(k);
    }
    const p = document.createElement('span');
    p.className = 'path';
    p.textContent = e.kind === 'variant' ? e.id : e.scene;
    li.appendChild(p);
    li.title = e.id;
    li.addEventListener('click', () => select(e.id));
    list.appendChild(li);
  }
  const problems = $('catalog-problems');
  problems.textContent = '';
  for (const text of catalog.problems) {
    const pre = document.createElement('pre');
    pre.textContent = text;
    problems.appendChild(pre);
  }
  markSelected();
  showAppearance();
}

function markSelected() {
  for (const li of $('scene-list').children) li.classList.toggle('selected', li.dataset.id === view.id);
}

function select(id) {
  if (id === view.id) return;
  view.id = id;
  view.values = {};
  view.size = '';
  view.appearance = 'light';
  last = null;
  $('controls').textContent = '';
  writeURL();
  markSelected();
  showAppearance();
  render();
}

// ---- light and dark appearance ----

function selectedEntry() { return catalog.entries.find((e) => e.id === view.id); }

// The Dark switch: shown for a variant with dark parameters, pressed when they are drawn.
function showAppearance() {
  const entry = selectedEntry();
  const button = $('appearance');
  button.hidden = !(entry && entry.dark);
  button.setAttribute('aria-pressed', view.appearance === 'dark' ? 'true' : 'false');
  button.classList.toggle('on', view.appearance === 'dark');
}

// Switching shows that appearance as the app would: its values (the inspector's edits are for the
// other one, so they go) on a background of its kind.
function toggleAppearance() {
  view.appearance = view.appearance === 'dark' ? 'light' : 'dark';
  view.bg = view.appearance;
  view.values = {};
  writeURL();
  showAppearance();
  applyScale();
  render();
}

// ---- rendering ----

async function render() {
  if (!view.id) return;
  const seq = ++requestSeq;
  const parts = ['id=' + encodeURIComponent(view.id), 'client=' + client];
  if (view.size) parts.push('size=' + encodeURIComponent(view.size));
  if (view.appearance === 'dark') parts.push('appearance=dark');
  for (const k of Object.keys(view.values)) parts.push(encodeURIComponent('p.' + k) + '=' + encodeURIComponent(view.values[k]));
  let data;
  try {
    const r = await fetch('/api/render?' + parts.join('&'));
    data = await r.json();
  } catch (error) {
    if (seq === requestSeq) showError('scenec: error: the preview server does not answer (' + error.message + ')\n');
    return;
  }
  // A newer request is on its way: this answer is out of date.
  if (seq !== requestSeq || data.cancelled) return;
  apply(data);
}

function apply(data) {
  last = data;
  const entry = catalog.entries.find((e) => e.id === data.id);
  $('title').textContent = entry ? (entry.kind === 'variant' ? entry.name + ' — ' + entry.scene : entry.scene) : data.id;
  const drawing = data.ok ? data.drawing : data.lastGood;
  const stage = $('stage');
  stage.textContent = '';
  if (drawing) stage.appendChild(svgElement(drawing));
  else {
    const p = document.createElement('p');
    p.className = 'empty';
    p.textContent = 'Nothing to show yet.';
    stage.appendChild(p);
  }
  stage.classList.toggle('stale', !data.ok);
  stage.dataset.ok = data.ok ? 'true' : 'false';
  stage.dataset.version = String(data.version);
  const diagnostics = $('diagnostics');
  diagnostics.hidden = data.ok && !data.diagnostics.text;
  diagnostics.textContent = data.diagnostics.text;
  diagnostics.classList.toggle('warnings-only', data.ok);
  buildInspector(data);
  applyScale();
  $('timing').textContent = data.ok ? 'compiled in ' + (data.micros / 1000).toFixed(2) + ' ms' : '';
  renders += 1;
  stage.dataset.renders = String(renders);
  const now = performance.now();
  while (waiters.length) waiters.shift()(now);
}

function showError(text) {
  const diagnostics = $('diagnostics');
  diagnostics.hidden = false;
  diagnostics.textContent = text;
  $('stage').classList.add('stale');
}

function svgElement(drawing) {
  const doc = new DOMParser().parseFromString(drawing.svg, 'image/svg+xml');
  const svg = document.importNode(doc.documentElement, true);
  svg.dataset.width = drawing.width;
  svg.dataset.height = drawing.height;
  svg._ops = drawing.ops;
  return svg;
}

function applyScale() {
  for (const b of document.querySelectorAll('[data-scale]')) b.classList.toggle('on', b.dataset.scale === view.scale);
  for (const b of document.querySelectorAll('[data-bg]')) b.classList.toggle('on', b.dataset.bg === view.bg);
  $('frame').className = 'bg-' + view.bg;
  const svg = $('stage').querySelector('svg');
  if (!svg) return;
  const w = Number(svg.dataset.width), h = Number(svg.dataset.height);
  let s = Number(view.scale);
  if (view.scale === 'fit') {
    const frame = $('frame');
    s = Math.max(0.01, Math.min((frame.clientWidth - 40) / w, (frame.clientHeight - 40) / h));
  }
  svg.setAttribute('width', String(w * s));
  svg.setAttribute('height', String(h * s));
}

// ---- the inspector ----

function buildInspector(data) {
  const controls = $('controls');
  // A scene that does not load has no parameters to show: keep the controls it had, for after the fix.
  if (!data.ok && data.parameters.length === 0 && controls.dataset.signature && controls.dataset.signature.startsWith(data.id + '|')) {
    $('command').value = data.command || $('command').value;
    return;
  }
  const errors = {};
  for (const e of data.fieldErrors) errors[e.field] = e.message;
  // Rebuild the controls only for another scene or other parameters: a control being dragged keeps its focus.
  const signature = data.id + '|' + data.parameters.map((p) => p.name + ':' + p.type + ':' + p.min + ':' + p.max).join(',');
  if (controls.dataset.signature !== signature) {
    controls.textContent = '';
    for (const p of data.parameters) controls.appendChild(control(p));
    controls.dataset.signature = signature;
  }
  for (const p of data.parameters) {
    const field = controls.querySelector('[data-param="' + CSS.escape(p.name) + '"]');
    if (!field) continue;
    field._set(p.value);
    field.classList.toggle('invalid', !!errors[p.name]);
    field.querySelector('.field-error').textContent = errors[p.name] || '';
  }
  const [w, h] = (data.size || '').split('x');
  if (document.activeElement !== $('size-width')) $('size-width').value = w || '';
  if (document.activeElement !== $('size-height')) $('size-height').value = h || '';
  const sizeField = $('size-field');
  sizeField.classList.toggle('invalid', !!errors.size);
  sizeField.querySelector('.field-error').textContent = errors.size || '';
  const known = new Set(data.parameters.map((p) => p.name).concat(['size']));
  const other = $('other-errors');
  other.textContent = '';
  for (const e of data.fieldErrors) {
    if (known.has(e.field)) continue;
    const div = document.createElement('div');
    div.className = 'field-error';
    div.textContent = e.message;
    other.appendChild(div);
  }
  $('command').value = data.command || '';
}

function setValue(name, text) {
  view.values[name] = text;
  writeURL();
  render();
}

function control(p) {
  const field = document.createElement('div');
  field.className = 'field';
  field.dataset.param = p.name;
  field.dataset.type = p.type;
  const label = document.createElement('label');
  label.textContent = p.name;
  const type = document.createElement('span');
  type.className = 'type';
  type.textContent = p.type + (p.min != null || p.max != null ? ' ' + (p.min ?? '') + '…' + (p.max ?? '') : '');
  label.appendChild(type);
  field.appendChild(label);
  const row = document.createElement('div');
  row.className = 'row';
  field.appendChild(row);
  const input = (type, cls) => {
    const el = document.createElement('input');
    el.type = type;
    if (cls) el.className = cls;
    el.setAttribute('aria-label', p.name + (cls ? ' ' + cls : ''));
    row.appendChild(el);
    return el;
  };
  if (p.type === 'color') {
    const picker = input('color', 'picker');
    const alpha = input('range', 'alpha');
    alpha.min = '0'; alpha.max = '1'; alpha.step = '0.01';
    alpha.title = 'alpha';
    const hex = input('text', 'hex');
    const send = () => {
      const a = Math.round(Number(alpha.value) * 255);
      const text = picker.value + (a >= 255 ? '' : a.toString(16).padStart(2, '0'));
      hex.value = text;
      setValue(p.name, text);
    };
    picker.addEventListener('input', send);
    alpha.addEventListener('input', send);
    hex.addEventListener('change', () => setValue(p.name, hex.value));
    field._set = (text) => {
      if (document.activeElement !== hex) hex.value = text;
      const m = /^#([0-9a-fA-F]{6})([0-9a-fA-F]{2})?$/.exec(text);
      if (m) {
        picker.value = '#' + m[1].toLowerCase();
        alpha.value = m[2] ? String(parseInt(m[2], 16) / 255) : '1';
      }
    };
  } else if (p.type === 'bool') {
    const box = input('checkbox', 'check');
    box.addEventListener('change', () => setValue(p.name, box.checked ? 'true' : 'false'));
    field._set = (text) => { box.checked = text === 'true'; };
  } else if (p.type === 'number' || p.type === 'int') {
    let slider = null;
    const number = document.createElement('input');
    number.type = 'number';
    number.setAttribute('aria-label', p.name + ' number');
    const step = p.type === 'int' ? '1' : 'any';
    number.step = step;
    if (p.min != null) number.min = String(p.min);
    if (p.max != null) number.max = String(p.max);
    if (p.min != null && p.max != null) {
      slider = input('range', 'slider');
      slider.min = String(p.min);
      slider.max = String(p.max);
      slider.step = p.type === 'int' ? '1' : String((p.max - p.min) / 200 || 0.01);
      slider.addEventListener('input', () => { number.value = slider.value; setValue(p.name, slider.value); });
    }
    row.appendChild(number);
    number.addEventListener('input', () => { if (number.value !== '') setValue(p.name, number.value); });
    field._set = (text) => {
      if (document.activeElement !== number) number.value = text;
      if (slider && document.activeElement !== slider && text !== '' && !isNaN(Number(text))) slider.value = text;
    };
  } else {
    const text = input('text', 'text');
    text.addEventListener('input', () => setValue(p.name, text.value));
    field._set = (value) => { if (document.activeElement !== text) text.value = value; };
  }
  if (p.description) {
    const d = document.createElement('div');
    d.className = 'description';
    d.textContent = p.description;
    field.appendChild(d);
  }
  const error = document.createElement('div');
  error.className = 'field-error';
  field.appendChild(error);
  return field;
}

function sizeChanged() {
  const w = $('size-width').value, h = $('size-height').value;
  view.size = w && h ? w + 'x' + h : '';
  writeURL();
  render();
}

// ---- hovering a shape: its element and file:line:col ----

function hover(event) {
  const outline = $('outline');
  const target = event.target.closest ? event.target.closest('[data-op]') : null;
  const svg = target && target.ownerSVGElement;
  const ops = svg && svg._ops;
  const ref = ops && ops[Number(target.getAttribute('data-op'))];
  if (!ref) {
    outline.hidden = true;
    $('source').innerHTML = '&nbsp;';
    return;
  }
  const frame = $('frame').getBoundingClientRect();
  const box = target.getBoundingClientRect();
  const scroll = $('frame');
  outline.style.left = (box.left - frame.left + scroll.scrollLeft) + 'px';
  outline.style.top = (box.top - frame.top + scroll.scrollTop) + 'px';
  outline.style.width = box.width + 'px';
  outline.style.height = box.height + 'px';
  outline.hidden = false;
  $('source').textContent = '<' + ref.element + '>  ' + ref.file + ':' + ref.line + ':' + ref.column;
}

// ---- live updates ----

let socketDelay = 250;
function connect() {
  const status = $('connection');
  const socket = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/api/events');
  socket.onmessage = (message) => {
    const event = JSON.parse(message.data);
    if (event.type === 'hello') {
      status.textContent = 'live';
      status.className = 'connection live';
      socketDelay = 250;
      loadCatalog().then(render);
    } else if (event.type === 'changed') {
      if (event.ids.includes(view.id)) render();
    } else if (event.type === 'catalog') {
      loadCatalog().then(() => { if (last && !last.ok) render(); else if (!catalog.entries.some((e) => e.id === view.id)) render(); });
    }
  };
  socket.onclose = () => {
    status.textContent = 'reconnecting…';
    status.className = 'connection down';
    setTimeout(connect, socketDelay);
    socketDelay = Math.min(4000, socketDelay * 2);
  };
}

// ---- start ----

readURL();
for (const b of document.querySelectorAll('[data-scale]')) b.addEventListener('click', () => { view.scale = b.dataset.scale; writeURL(); applyScale(); });
for (const b of document.querySelectorAll('[data-bg]')) b.addEventListener('click', () => { view.bg = b.dataset.bg; writeURL(); applyScale(); });
$('size-width').addEventListener('change', sizeChanged);
$('size-height').addEventListener('change', sizeChanged);
$('appearance').addEventListener('click', toggleAppearance);
$('reset').addEventListener('click', () => { view.values = {}; view.size = ''; writeURL(); render(); });
$('copy').addEventListener('click', async () => {
  const text = $('command').value;
  try { await navigator.clipboard.writeText(text); } catch (e) { $('command').select(); document.execCommand('copy'); }
  $('copy').textContent = 'Copied';
  setTimeout(() => { $('copy').textContent = 'Copy command'; }, 1200);
});
$('frame').addEventListener('mousemove', hover);
$('frame').addEventListener('mouseleave', () => { $('outline').hidden = true; });
window.addEventListener('resize', () => { if (view.scale === 'fit') applyScale(); });
applyScale();
loadCatalog().then(() => {
  if (!view.id && catalog.entries.length) { view.id = catalog.entries[0].id; writeURL(); markSelected(); }
  render();
});
connect();
