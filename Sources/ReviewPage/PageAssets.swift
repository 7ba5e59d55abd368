/// The page's style and script, written into `index.html` itself: the page fetches nothing.
enum PageAssets {
    /// Nothing but the page's own inline style and script and the images beside it: no request can
    /// leave the machine, even if a text slipped through unescaped.
    static let contentSecurityPolicy =
        "default-src 'none'; img-src 'self' file:; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
        + "base-uri 'none'; form-action 'none'"

    static let style = #"""
        :root { --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --soft: #f6f8fa; --accent: #0969da;
                --added: #1a7f37; --removed: #cf222e; --changed: #9a6700; --failed: #cf222e; --hit: #bf8700; }
        * { box-sizing: border-box; }
        body { margin: 0; color: var(--fg); background: #fff;
               font: 14px/1.45 -apple-system, "Segoe UI", "Noto Sans", "DejaVu Sans", Helvetica, Arial, sans-serif; }
        code, pre, kbd, .loc { font-family: ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, Consolas, monospace;
                               font-size: 12px; }
        header { padding: 16px 24px 8px; }
        h1 { font-size: 20px; margin: 0 0 4px; font-weight: 600; }
        h2 { font-size: 17px; margin: 0 0 8px; }
        h3 { font-size: 14px; margin: 12px 0 6px; }
        .label { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 16px; }
        .summary { font-size: 15px; margin: 4px 0 8px; }
        .muted { color: var(--muted); }
        .problem { color: var(--failed); margin: 2px 0; }
        .toc ol { margin: 4px 0; padding-left: 20px; columns: 2 320px; }
        .toc a { color: inherit; text-decoration: none; }
        .toc a:hover { text-decoration: underline; }
        .toolbar { position: sticky; top: 0; z-index: 10; display: flex; flex-wrap: wrap; gap: 6px 16px;
                   align-items: center; padding: 6px 24px; background: var(--soft);
                   border-top: 1px solid var(--line); border-bottom: 1px solid var(--line); }
        .toolbar .group { display: inline-flex; gap: 4px; align-items: center; color: var(--muted); }
        .toolbar button { font: inherit; color: var(--fg); padding: 2px 10px; border: 1px solid var(--line);
                          border-radius: 6px; background: #fff; cursor: pointer; }
        .toolbar button[aria-pressed="true"] { background: var(--accent); border-color: var(--accent); color: #fff; }
        .toolbar button[aria-pressed="true"] kbd { color: #fff; border-color: #fff8; background: transparent; }
        .position { font-weight: 600; }
        .keys { color: var(--muted); font-size: 12px; margin-left: auto; }
        kbd { display: inline-block; padding: 0 4px; border: 1px solid var(--line); border-bottom-width: 2px;
              border-radius: 4px; background: #fff; line-height: 1.3; }
        main { padding: 0 24px 64px; }
        .variant { margin: 16px 0; padding: 12px 16px; border: 1px solid var(--line); border-radius: 8px;
                   scroll-margin-top: 80px; }
        .variant:focus { outline: none; }
        .variant.current { border-color: var(--accent); box-shadow: 0 0 0 2px var(--accent); }
        .badge { display: inline-block; padding: 0 8px; border-radius: 10px; color: #fff; font-size: 12px;
                 font-weight: 500; vertical-align: 2px; }
        .badge.changed { background: var(--changed); }
        .badge.added { background: var(--added); }
        .badge.removed, .badge.failed { background: var(--removed); }
        .badge.unchanged { background: var(--muted); }
        .facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0 0 8px; }
        .facts dt { color: var(--muted); }
        .facts dd { margin: 0; }
        .facts ul { margin: 0; padding-left: 18px; }
        .parameters { border-collapse: collapse; }
        .parameters th { text-align: left; font-weight: normal; padding: 0 12px 0 0; }
        .parameters td { padding: 0; }
        .diagnostics pre { margin: 0; padding: 8px; overflow-x: auto; background: #ffebe9;
                           border: 1px solid #ffcecb; border-radius: 6px; white-space: pre-wrap; }
        .pixels { margin: 4px 0; }
        .viewer { margin: 8px 0; }
        .controls { display: flex; flex-wrap: wrap; gap: 4px 16px; align-items: center; min-height: 28px; }
        .controls label, .controls .legend { display: none; color: var(--muted); }
        .controls input[type="range"] { width: 220px; vertical-align: middle; }
        body[data-view="swipe"] .for-swipe, body[data-view="onion"] .for-onion,
        body[data-view="diff"] .for-diff { display: inline; }
        .point { color: var(--fg); }
        .stage { overflow: auto; max-height: 85vh; padding: 8px; background: var(--soft);
                 border: 1px solid var(--line); border-radius: 6px; }
        .pane { display: none; }
        body[data-view="side"] .both .side-by-side { display: flex; gap: 16px; align-items: flex-start; }
        body[data-view="swipe"] .both .stack-pane, body[data-view="onion"] .both .stack-pane { display: block; }
        body[data-view="diff"] .both.has-diff .diff-pane { display: block; }
        body[data-view="diff"] .both:not(.has-diff) .stack-pane { display: block; }
        .single .pane.single { display: block; }
        figure { margin: 0; }
        figcaption { color: var(--muted); font-size: 12px; margin-top: 4px; }
        .frame { position: relative; display: inline-block; vertical-align: top; line-height: 0; cursor: crosshair;
                 background-color: #fff; background-size: 16px 16px;
                 background-image: conic-gradient(#e8e8e8 90deg, #fff 90deg 180deg, #e8e8e8 180deg 270deg, #fff 270deg); }
        .frame img { display: block; max-width: none; user-select: none; }
        body[data-zoom="1"] .frame img, body[data-zoom="4"] .frame img { image-rendering: pixelated; }
        .stack img.top { position: absolute; left: 0; top: 0; }
        body[data-view="swipe"] .stack img.top { clip-path: inset(0 0 0 var(--swipe)); }
        body[data-view="onion"] .stack img.top { opacity: var(--onion); }
        body[data-view="diff"] .stack { background: #000; }
        body[data-view="diff"] .stack img.top { mix-blend-mode: difference; }
        .handle { display: none; position: absolute; top: 0; bottom: 0; left: var(--swipe); width: 0;
                  border-left: 2px solid var(--accent); pointer-events: none; }
        body[data-view="swipe"] .handle { display: block; }
        .marks { position: absolute; inset: 0; pointer-events: none; }
        .mark { position: absolute; border: 2px solid var(--hit); box-shadow: 0 0 0 1px #fff, inset 0 0 0 1px #fff; }
        .mark.region { display: none; border: 1px dashed var(--removed); box-shadow: none; }
        body[data-view="diff"] .mark.region { display: block; }
        .changes { list-style: none; margin: 0; padding: 0; }
        .change { margin: 4px 0; padding: 6px 8px; border: 1px solid var(--line); border-left-width: 4px;
                  border-radius: 6px; cursor: pointer; }
        .change.added { border-left-color: var(--added); }
        .change.removed { border-left-color: var(--removed); }
        .change.changed, .change.moved { border-left-color: var(--changed); }
        .change.selected { background: #ddf4ff; }
        .change.hit { background: #fff8c5; border-color: var(--hit); }
        .change.hit.first { box-shadow: 0 0 0 2px var(--hit); }
        .change .sign { display: inline-block; width: 1em; font-weight: 700; }
        .change .kind { color: var(--muted); }
        .fields { margin: 2px 0; padding-left: 22px; }
        del { background: #ffebe9; text-decoration: none; font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 12px; }
        ins { background: #dafbe1; text-decoration: none; font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 12px; }
        .field { color: var(--muted); }
        .swatch { display: inline-block; width: 12px; height: 12px; margin: 0 3px 0 0; vertical-align: -1px;
                  border: 1px solid #0003; border-radius: 2px; }
        .sources { margin-top: 2px; padding-left: 22px; }
        .src { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        .src .side { display: inline-block; width: 2.5em; color: var(--muted); font-size: 12px; }
        .src .loc { color: var(--accent); }
        .src .line { background: var(--soft); padding: 0 4px; border-radius: 4px; white-space: pre; }
        .unchanged-list ul { padding-left: 20px; }

        """#

    static let script = #"""
        (function () {
          'use strict';
          var body = document.body;
          var VIEWS = ['side', 'swipe', 'onion', 'diff'];
          var ZOOMS = ['fit', '1', '4'];
          var sections = Array.prototype.slice.call(document.querySelectorAll('section.variant'));
          var current = -1;

          function all(root, selector) { return Array.prototype.slice.call(root.querySelectorAll(selector)); }
          function numbers(text) {
            if (!text) return null;
            var n = text.split(' ').map(Number);
            return n.length === 4 && n.every(isFinite) ? n : null;
          }
          function natural(img) {
            return { w: img.naturalWidth || Number(img.getAttribute('width')) || 1,
                     h: img.naturalHeight || Number(img.getAttribute('height')) || 1 };
          }

          function press(attribute, value) {
            all(document, '.toolbar button[' + attribute + ']').forEach(function (b) {
              b.setAttribute('aria-pressed', String(b.getAttribute(attribute) === value));
            });
          }
          function setView(view) { body.dataset.view = view; press('data-view', view); layout(); }
          function setZoom(zoom) { body.dataset.zoom = zoom; press('data-zoom', zoom); layout(); }

          // CSS pixels per image pixel come from the zoom: 1:1 is one image pixel per device pixel,
          // 4× four; fit shows a point of the scene as a CSS pixel, smaller where the stage is too narrow.
          function layout() { all(document, '.viewer').forEach(layoutViewer); }
          function layoutViewer(viewer) {
            var images = all(viewer, 'img');
            var dpr = window.devicePixelRatio || 1;
            var wide = 1, high = 1;
            images.forEach(function (img) { var n = natural(img); wide = Math.max(wide, n.w); high = Math.max(high, n.h); });
            var factor = Number(body.dataset.zoom) / dpr;
            if (body.dataset.zoom === 'fit') {
              var room = viewer.querySelector('.stage').clientWidth - 18;
              if (body.dataset.view === 'side' && viewer.classList.contains('both')) {
                var n = viewer.querySelectorAll('.side-by-side figure').length;
                room = (room - 16 * (n - 1)) / n;
              }
              var scale = Number(viewer.closest('section.variant').dataset.scale) || 1;
              factor = Math.min(1 / scale, Math.max(room, 40) / wide);
            }
            viewer.zoomFactor = factor;
            images.forEach(function (img) {
              var n = natural(img);
              img.style.width = n.w * factor + 'px';
              img.style.height = n.h * factor + 'px';
            });
            all(viewer, '.stack').forEach(function (stack) {
              stack.style.width = wide * factor + 'px';
              stack.style.height = high * factor + 'px';
            });
            drawMarks(viewer);
          }

          function boundsOn(change, side) {
            var old = numbers(change.dataset.old), now = numbers(change.dataset.new);
            return side === 'old' ? old : side === 'new' ? now : (now || old);
          }

          // Outlines the bounds of the changes picked (by a click on an image or in the list) on
          // every image of the variant, and the changed pixel regions on the diff.
          function drawMarks(viewer) {
            var section = viewer.closest('section.variant');
            var scale = Number(section.dataset.scale) || 1;
            var factor = viewer.zoomFactor || 1;
            var picked = all(section, '.change.hit, .change.selected');
            all(viewer, '.frame').forEach(function (frame) {
              var marks = frame.querySelector('.marks');
              marks.textContent = '';
              function box(x, y, w, h, kind) {
                var div = document.createElement('div');
                div.className = kind;
                div.style.left = x * factor + 'px';
                div.style.top = y * factor + 'px';
                div.style.width = Math.max(w * factor, 2) + 'px';
                div.style.height = Math.max(h * factor, 2) + 'px';
                marks.appendChild(div);
              }
              (frame.dataset.regions || '').split(',').forEach(function (text) {
                var r = numbers(text);
                if (r) box(r[0], r[1], r[2], r[3], 'mark region');
              });
              picked.forEach(function (change) {
                var b = boundsOn(change, frame.dataset.side);
                if (b) box(b[0] * scale, b[1] * scale, b[2] * scale, b[3] * scale, 'mark');
              });
            });
          }

          function describe(change) {
            var op = change.querySelector('.op').textContent;
            var loc = change.querySelector('.src.new .loc') || change.querySelector('.src .loc');
            return op + (loc ? ' (' + loc.textContent + ')' : '');
          }

          // A click on an image: the point in canvas points, and the changed operations whose bounds
          // hold it on that image's side, smallest first.
          function pick(event) {
            var frame = event.currentTarget;
            var img = frame.querySelector('img');
            var rect = img.getBoundingClientRect();
            var section = frame.closest('section.variant');
            var viewer = frame.closest('.viewer');
            var scale = Number(section.dataset.scale) || 1;
            var n = natural(img);
            var x = (event.clientX - rect.left) * n.w / rect.width / scale;
            var y = (event.clientY - rect.top) * n.h / rect.height / scale;
            var side = frame.dataset.side;
            var hits = [];
            all(section, '.change').forEach(function (change, order) {
              change.classList.remove('hit', 'first', 'selected');
              var sides = side === 'both' ? ['new', 'old'] : [side];
              for (var i = 0; i < sides.length; i++) {
                var b = boundsOn(change, sides[i]);
                if (b && x >= b[0] && x <= b[0] + b[2] && y >= b[1] && y <= b[1] + b[3]) {
                  hits.push({ change: change, area: b[2] * b[3], order: order });
                  break;
                }
              }
            });
            hits.sort(function (a, b) { return a.area - b.area || a.order - b.order; });
            hits.forEach(function (hit, k) { hit.change.classList.add('hit'); if (k === 0) hit.change.classList.add('first'); });
            var at = 'At ' + Math.round(x * 10) / 10 + ', ' + Math.round(y * 10) / 10 + ' pt: ';
            var output = viewer.querySelector('.point');
            if (output) {
              output.textContent = hits.length
                ? at + hits.map(function (hit) { return describe(hit.change); }).join('; ')
                : at + 'no changed operation draws here (or the display list cannot tell which did)';
            }
            if (hits.length) hits[0].change.scrollIntoView({ block: 'nearest' });
            drawMarks(viewer);
          }

          // The next or previous change: from the one last gone to while it is on screen, else from
          // where the page was scrolled to.
          function go(step) {
            if (!sections.length) return;
            var top = document.querySelector('.toolbar').getBoundingClientRect().bottom;
            var onScreen = function (r) { return r.bottom > top && r.top < window.innerHeight; };
            if (current < 0 || !onScreen(sections[current].getBoundingClientRect())) {
              var below = sections.length;
              for (var i = 0; i < sections.length; i++) {
                if (sections[i].getBoundingClientRect().top >= top - 1) { below = i; break; }
              }
              current = step > 0 ? below - 1 : below;
            }
            current = Math.max(0, Math.min(sections.length - 1, current + step));
            var section = sections[current];
            sections.forEach(function (s) { s.classList.toggle('current', s === section); });
            window.scrollTo(0, window.scrollY + section.getBoundingClientRect().top - top - 8);
            section.focus({ preventScroll: true });
            document.getElementById('position').textContent =
              'change ' + (current + 1) + ' of ' + sections.length + ': ' + section.dataset.name;
          }

          all(document, '.toolbar button[data-view]').forEach(function (b) {
            b.addEventListener('click', function () { setView(b.dataset.view); });
          });
          all(document, '.toolbar button[data-zoom]').forEach(function (b) {
            b.addEventListener('click', function () { setZoom(b.dataset.zoom); });
          });
          all(document, '.viewer').forEach(function (viewer) {
            var swipe = viewer.querySelector('input.swipe'), onion = viewer.querySelector('input.onion');
            if (swipe) swipe.addEventListener('input', function () { viewer.style.setProperty('--swipe', swipe.value + '%'); });
            if (onion) onion.addEventListener('input', function () { viewer.style.setProperty('--onion', String(onion.value / 100)); });
            all(viewer, '.frame').forEach(function (frame) { frame.addEventListener('click', pick); });
            all(viewer, 'img').forEach(function (img) { img.addEventListener('load', function () { layoutViewer(viewer); }); });
          });
          all(document, '.change').forEach(function (change) {
            function toggle() {
              var section = change.closest('section.variant');
              var on = !change.classList.contains('selected') && !change.classList.contains('hit');
              all(section, '.change').forEach(function (c) { c.classList.remove('hit', 'first', 'selected'); });
              if (on) change.classList.add('selected');
              var viewer = section.querySelector('.viewer');
              if (viewer) drawMarks(viewer);
            }
            change.addEventListener('click', toggle);
            change.addEventListener('keydown', function (e) { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); toggle(); } });
          });
          document.addEventListener('keydown', function (e) {
            if (e.altKey || e.ctrlKey || e.metaKey) return;
            var t = e.target;
            var field = t && (t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable ||
                              (t.tagName === 'INPUT' && t.type !== 'range'));
            if (field) return;
            var arrow = e.key === 'ArrowDown' || e.key === 'ArrowUp';
            if (arrow && t && t.tagName === 'INPUT') return;  // a slider's own keys
            if (e.key === 'j' || e.key === 'ArrowDown') go(1);
            else if (e.key === 'k' || e.key === 'ArrowUp') go(-1);
            else if (e.key >= '1' && e.key <= '4') setView(VIEWS[Number(e.key) - 1]);
            else if (e.key === 'z') setZoom(ZOOMS[(ZOOMS.indexOf(body.dataset.zoom) + 1) % ZOOMS.length]);
            else return;
            e.preventDefault();
          });
          window.addEventListener('resize', layout);
          layout();
        })();

        """#
}
