extension PreviewPage {
    /// The page's behaviour, plain ES5-level JavaScript with no library.
    ///
    /// - Pan and zoom change the shown SVG's `viewBox`: wheel (about the
    ///   pointer), drag, the +/− buttons, and the keys + − 0 and arrows
    ///   when the map has focus. The view is kept across level switches.
    /// - A level button shows its `section.mp-view` and hides the others.
    /// - A layer toggle hides every `g[data-layer]` of that name (on every
    ///   level) and the labels of its features; the Labels toggle hides
    ///   the label groups.
    /// - Pointing at an element with `data-id` highlights the feature and
    ///   shows its entry from `#meridian-data`; a click keeps it (Esc or
    ///   the close button lets go). Data is only ever set as `textContent`
    ///   or a link's `href`, never parsed as HTML.
    ///
    /// - The search box completes as you type, as Maps' search field:
    ///   every word of the query matches the start of a word of a place
    ///   (its name first, then its category, level, unit and address), in
    ///   any order, ignoring case, width and accents, a word of five
    ///   letters or more with one typo, and a word of a script written
    ///   without spaces anywhere inside; the typed parts of each title are
    ///   marked. ↑ and ↓ move through the results, Enter or a click
    ///   chooses one: the map switches to its level, centres on it and
    ///   keeps its feature's properties open. Esc closes the list, then
    ///   clears the box; `/` focuses it.
    ///
    /// `window.meridianPreview` exposes `select(ordinal)`, `zoom(factor)`,
    /// `complete(text)` (the titles the box would list) and `state()` for
    /// scripts and tests.
    static let script = #"""
        (function () {
          'use strict';
          var data = JSON.parse(document.getElementById('meridian-data').textContent);
          var features = data.features || {};
          var own = Object.prototype.hasOwnProperty;
          var map = document.getElementById('mp-map');
          var views = [].slice.call(document.querySelectorAll('.mp-view'));
          var levelButtons = [].slice.call(document.querySelectorAll('.mp-levels button'));
          var toggles = [].slice.call(document.querySelectorAll('.mp-toggle'));
          var panel = document.getElementById('mp-panel');
          var hint = document.getElementById('mp-hint');
          var subtitle = document.getElementById('mp-subtitle');
          var current = views.filter(function (v) { return !v.hidden; })[0] || views[0];
          var home = readBox(svgOf(current));
          var box = copy(home);
          var hiddenLayers = {};
          var labelsShown = true;
          var pinned = null;
          var hovered = null;
          var highlighted = [];
          var drag = null;

          function svgOf(view) { return view.querySelector('svg'); }
          function copy(b) { return { x: b.x, y: b.y, w: b.w, h: b.h }; }
          function readBox(svg) {
            var b = svg.viewBox.baseVal;
            return { x: b.x, y: b.y, w: b.width, h: b.height };
          }
          function applyBox() {
            svgOf(current).setAttribute('viewBox', [box.x, box.y, box.w, box.h].map(function (n) { return +n.toFixed(3); }).join(' '));
            map.setAttribute('data-zoom', (home.w / box.w).toFixed(3));
          }
          function centre() { return { x: box.x + box.w / 2, y: box.y + box.h / 2 }; }
          function userPoint(clientX, clientY) {
            var svg = svgOf(current), matrix = svg.getScreenCTM();
            if (!matrix) { return centre(); }
            var p = svg.createSVGPoint();
            p.x = clientX; p.y = clientY;
            p = p.matrixTransform(matrix.inverse());
            return { x: p.x, y: p.y };
          }
          function unitsPerPixel() {
            var matrix = svgOf(current).getScreenCTM();
            return matrix && matrix.a ? 1 / matrix.a : 1;
          }
          function zoom(factor, clientX, clientY) {
            var c = clientX === undefined ? centre() : userPoint(clientX, clientY);
            var w = Math.min(home.w * 2, Math.max(home.w / 50, box.w / factor));
            var k = w / box.w;
            box = { x: c.x - (c.x - box.x) * k, y: c.y - (c.y - box.y) * k, w: box.w * k, h: box.h * k };
            applyBox();
          }
          function pan(dx, dy) { box.x += dx; box.y += dy; applyBox(); }
          function reset() { box = copy(home); applyBox(); }

          // Features
          function entryFor(element) {
            var id = element.getAttribute('data-id');
            var group = element.closest('[data-layer]');
            var name = group && group.getAttribute('data-layer');
            if (name !== null && own.call(features, name) && own.call(features[name], id)) { return features[name][id]; }
            // Labels sit outside the layer groups: look the id up in every layer.
            for (var layer in features) {
              if (own.call(features, layer) && !hiddenLayers[layer] && own.call(features[layer], id)) { return features[layer][id]; }
            }
            return null;
          }
          function featureElement(target) {
            var element = target && target.closest ? target.closest('[data-id]') : null;
            return element && current.contains(element) ? element : null;
          }
          function highlight(element) {
            highlighted.forEach(function (e) { e.classList.remove('mp-hl'); });
            highlighted = [];
            if (!element) { return; }
            var id = element.getAttribute('data-id');
            [].forEach.call(current.querySelectorAll('[data-id]'), function (e) {
              if (e.getAttribute('data-id') === id) { e.classList.add('mp-hl'); highlighted.push(e); }
            });
          }
          function show(entry, keep) {
            // The hint goes for good once a panel has been seen.
            if (!entry) { panel.hidden = true; panel.classList.remove('mp-pinned'); return; }
            document.getElementById('mp-panel-name').textContent = entry.name || (entry.id === null ? 'Unnamed feature' : String(entry.id));
            document.getElementById('mp-panel-kind').textContent = entry.kind || '';
            var body = panel.querySelector('tbody');
            while (body.firstChild) { body.removeChild(body.firstChild); }
            var rows = entry.id === null ? [] : [['id', String(entry.id)]];
            rows.concat(entry.properties || []).forEach(function (pair) {
              var row = document.createElement('tr');
              var key = document.createElement('th');
              var value = document.createElement('td');
              key.textContent = pair[0];
              value.textContent = pair[1];
              row.appendChild(key); row.appendChild(value); body.appendChild(row);
            });
            var link = document.getElementById('mp-panel-maps');
            if (typeof entry.maps === 'string' && typeof data.mapsBase === 'string' && entry.maps.indexOf(data.mapsBase) === 0) {
              link.href = entry.maps; link.hidden = false;
            } else {
              link.removeAttribute('href'); link.hidden = true;
            }
            panel.classList.toggle('mp-pinned', !!keep);
            panel.hidden = false; hint.hidden = true;
          }
          // A panel that only follows the pointer lets it through (CSS) and
          // moves to the other side when it would cover the pointer.
          function keepClear(x, y) {
            if (pinned || panel.hidden || x === undefined) { return; }
            var r = panel.getBoundingClientRect();
            if (x >= r.left - 12 && x <= r.right + 12 && y >= r.top - 12 && y <= r.bottom + 12) {
              panel.classList.toggle('mp-right');
            }
          }
          function inspect(element, keep) {
            if (keep) { pinned = element; }
            highlight(element || pinned);
            if (element) { show(entryFor(element), keep); }
            else if (pinned) { show(entryFor(pinned), true); }
            else { show(null); }
          }
          function unpin() { pinned = null; inspect(hovered, false); }

          map.addEventListener('pointermove', function (event) {
            if (drag) {
              var dx = event.clientX - drag.x, dy = event.clientY - drag.y;
              if (!drag.moved && Math.abs(dx) + Math.abs(dy) < 4) { return; }
              drag.moved = true;
              map.classList.add('mp-dragging');
              box.x = drag.box.x - dx * drag.scale;
              box.y = drag.box.y - dy * drag.scale;
              applyBox();
              return;
            }
            var element = featureElement(event.target);
            if (element === hovered) { return; }
            hovered = element;
            if (!pinned) { inspect(element, false); keepClear(event.clientX, event.clientY); }
          });
          map.addEventListener('pointerleave', function () {
            hovered = null;
            if (!pinned && !drag) { inspect(null, false); }
          });
          map.addEventListener('pointerdown', function (event) {
            if (event.button !== 0 || !current.contains(event.target)) { return; }
            drag = { x: event.clientX, y: event.clientY, box: copy(box), scale: unitsPerPixel(), target: event.target, moved: false };
            if (map.setPointerCapture) { map.setPointerCapture(event.pointerId); }
          });
          function endDrag(event) {
            if (!drag) { return; }
            var ended = drag;
            drag = null;
            map.classList.remove('mp-dragging');
            if (map.releasePointerCapture && map.hasPointerCapture && map.hasPointerCapture(event.pointerId)) {
              map.releasePointerCapture(event.pointerId);
            }
            if (!ended.moved && event.type === 'pointerup') {
              var element = featureElement(ended.target);
              if (element) { inspect(element, true); } else { unpin(); }
            }
          }
          map.addEventListener('pointerup', endDrag);
          map.addEventListener('pointercancel', endDrag);
          map.addEventListener('wheel', function (event) {
            if (event.target !== map && !current.contains(event.target)) { return; }  // let the panel scroll
            event.preventDefault();
            var delta = event.deltaMode === 1 ? event.deltaY * 33 : event.deltaY;
            zoom(Math.exp(-delta * 0.002), event.clientX, event.clientY);
          }, { passive: false });
          map.addEventListener('keydown', function (event) {
            if (event.target !== map) { return; }
            var step = 0.1;
            switch (event.key) {
              case '+': case '=': zoom(1.5); break;
              case '-': case '_': zoom(1 / 1.5); break;
              case '0': reset(); break;
              case 'ArrowLeft': pan(-box.w * step, 0); break;
              case 'ArrowRight': pan(box.w * step, 0); break;
              case 'ArrowUp': pan(0, -box.h * step); break;
              case 'ArrowDown': pan(0, box.h * step); break;
              default: return;
            }
            event.preventDefault();
          });
          document.addEventListener('keydown', function (event) {
            if (event.key === 'Escape' && pinned) { unpin(); }
          });
          document.getElementById('mp-panel-close').addEventListener('click', unpin);
          document.getElementById('mp-zoom-in').addEventListener('click', function () { zoom(1.5); });
          document.getElementById('mp-zoom-out').addEventListener('click', function () { zoom(1 / 1.5); });
          document.getElementById('mp-zoom-reset').addEventListener('click', reset);

          // Layers and labels
          function applyVisibility() {
            [].forEach.call(document.querySelectorAll('.mp-view g[data-layer]'), function (group) {
              group.style.display = hiddenLayers[group.getAttribute('data-layer')] ? 'none' : '';
            });
            [].forEach.call(document.querySelectorAll('.mp-view svg > g[id$="labels"]'), function (group) {
              group.style.display = labelsShown ? '' : 'none';
              [].forEach.call(group.querySelectorAll('[data-id]'), function (label) {
                var id = label.getAttribute('data-id'), visible = false, known = false;
                for (var layer in features) {
                  if (own.call(features, layer) && own.call(features[layer], id)) {
                    known = true;
                    if (!hiddenLayers[layer]) { visible = true; }
                  }
                }
                label.style.display = !known || visible ? '' : 'none';
              });
            });
          }
          toggles.forEach(function (button) {
            button.addEventListener('click', function () {
              var on = button.getAttribute('aria-pressed') !== 'true';
              button.setAttribute('aria-pressed', on ? 'true' : 'false');
              if (button.hasAttribute('data-labels')) { labelsShown = on; }
              else { hiddenLayers[button.getAttribute('data-layer')] = !on; }
              applyVisibility();
            });
          });

          // Levels
          function select(ordinal) {
            var wanted = String(ordinal), next = null;
            views.forEach(function (view) { if (view.getAttribute('data-ordinal') === wanted) { next = view; } });
            if (!next) { return false; }
            views.forEach(function (view) { view.hidden = view !== next; });
            current = next;
            levelButtons.forEach(function (button) {
              button.setAttribute('aria-pressed', button.getAttribute('data-ordinal') === wanted ? 'true' : 'false');
            });
            subtitle.textContent = next.getAttribute('data-name') || '';
            map.setAttribute('data-level', wanted);
            pinned = null; hovered = null;
            inspect(null, false);
            applyBox();
            return true;
          }
          levelButtons.forEach(function (button, index) {
            button.addEventListener('click', function () { select(button.getAttribute('data-ordinal')); });
            button.addEventListener('keydown', function (event) {
              var next = event.key === 'ArrowUp' ? index - 1 : event.key === 'ArrowDown' ? index + 1 : -1;
              if (next < 0 || next >= levelButtons.length) { return; }
              event.preventDefault();
              levelButtons[next].focus();
              levelButtons[next].click();
            });
          });

          // Search
          var places = data.places || [];
          var input = document.getElementById('mp-search');
          var list = document.getElementById('mp-results');
          var results = [];
          var active = -1;
          var unspaced = /[\u0e00-\u0fff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;
          function fold(text) {
            return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
              .replace(/ß/g, 'ss').replace(/æ/g, 'ae').replace(/œ/g, 'oe').replace(/ø/g, 'o').replace(/ł/g, 'l').replace(/đ/g, 'd');
          }
          // Runs of letters and digits, cut where a script written without spaces starts or ends.
          function wordsOf(folded) {
            var words = [], re = /[\p{L}\p{N}]+/gu, m;
            while ((m = re.exec(folded))) {
              var run = m[0], start = 0;
              for (var i = 1; i <= run.length; i++) {
                if (i === run.length || unspaced.test(run[i]) !== unspaced.test(run[start])) {
                  words.push({ text: run.slice(start, i), at: m.index + start });
                  start = i;
                }
              }
            }
            return words;
          }
          function oneEdit(a, b) {
            if (a === b) { return false; }
            if (a.length === b.length) {
              var d = [];
              for (var i = 0; i < a.length; i++) { if (a[i] !== b[i]) { d.push(i); if (d.length > 2) { return false; } } }
              return d.length === 1 || (d[1] === d[0] + 1 && a[d[0]] === b[d[1]] && a[d[1]] === b[d[0]]);
            }
            var s = a.length < b.length ? a : b, l = a.length < b.length ? b : a;
            if (l.length !== s.length + 1) { return false; }
            var k = 0;
            while (k < s.length && s[k] === l[k]) { k++; }
            return s.slice(k) === l.slice(k + 1);
          }
          function quality(word, terms) {
            var best = 0;
            terms.forEach(function (term) {
              var q = 0;
              if (term === word) { q = 1; }
              else if (term.indexOf(word) === 0 || (unspaced.test(word) && term.indexOf(word) > 0)) { q = 0.8; }
              else if (word.length >= 5 && !unspaced.test(word) &&
                       [word.length - 1, word.length, word.length + 1].some(function (n) { return n > 0 && oneEdit(word, term.slice(0, n)); })) { q = 0.6; }
              if (q > best) { best = q; }
            });
            return best;
          }
          function complete(text) {
            var folded = fold(text), words = wordsOf(folded).map(function (w) { return w.text; });
            if (!words.length) { return []; }
            var found = [];
            places.forEach(function (place) {
              var score = 0;
              for (var i = 0; i < words.length; i++) {
                var q = Math.max(quality(words[i], place.n), 0.7 * quality(words[i], place.k));
                if (!q) { return; }
                score += q;
              }
              score /= words.length;
              if (fold(place.t).indexOf(folded.trim()) === 0) { score += 0.2; }
              found.push({ place: place, score: score });
            });
            found.sort(function (a, b) { return b.score - a.score || (a.place.t < b.place.t ? -1 : a.place.t > b.place.t ? 1 : 0); });
            return found.slice(0, 8).map(function (f) { return f.place; });
          }
          // The parts of a title the query words start (or, unspaced, contain), as [start, end) in the title.
          function marks(title, text) {
            var query = wordsOf(fold(text)).map(function (w) { return w.text; });
            var folded = '', origin = [];
            for (var i = 0; i < title.length;) {
              var ch = String.fromCodePoint(title.codePointAt(i)), f = fold(ch);
              for (var j = 0; j < f.length; j++) { folded += f[j]; origin.push(i); }
              i += ch.length;
            }
            origin.push(title.length);
            var ranges = [];
            wordsOf(folded).forEach(function (w) {
              var best = 0, at = 0;
              query.forEach(function (q) {
                var where = w.text.indexOf(q);
                if (q.length > best && (where === 0 || (where > 0 && unspaced.test(q)))) { best = q.length; at = where; }
              });
              if (best) { ranges.push([origin[w.at + at], origin[w.at + at + best]]); }
            });
            return ranges;
          }
          function closeList() {
            list.hidden = true; active = -1;
            input.setAttribute('aria-expanded', 'false');
            input.removeAttribute('aria-activedescendant');
          }
          function setActive(index) {
            active = index;
            [].forEach.call(list.children, function (item, i) { item.setAttribute('aria-selected', i === index ? 'true' : 'false'); });
            if (index >= 0) {
              input.setAttribute('aria-activedescendant', 'mp-result-' + index);
              list.children[index].scrollIntoView({ block: 'nearest' });
            } else { input.removeAttribute('aria-activedescendant'); }
          }
          function render() {
            results = complete(input.value);
            while (list.firstChild) { list.removeChild(list.firstChild); }
            results.forEach(function (place, index) {
              var item = document.createElement('li'), title = document.createElement('span'), sub = document.createElement('span');
              item.id = 'mp-result-' + index;
              item.setAttribute('role', 'option');
              item.setAttribute('aria-selected', 'false');
              title.className = 'mp-result-title';
              sub.className = 'mp-result-subtitle';
              var last = 0;
              marks(place.t, input.value).forEach(function (r) {
                title.appendChild(document.createTextNode(place.t.slice(last, r[0])));
                var mark = document.createElement('mark');
                mark.textContent = place.t.slice(r[0], r[1]);
                title.appendChild(mark);
                last = r[1];
              });
              title.appendChild(document.createTextNode(place.t.slice(last)));
              sub.textContent = place.s;
              item.appendChild(title); item.appendChild(sub);
              item.addEventListener('mousedown', function (event) { event.preventDefault(); });
              item.addEventListener('click', function () { choose(index); });
              list.appendChild(item);
            });
            list.hidden = results.length === 0;
            input.setAttribute('aria-expanded', results.length ? 'true' : 'false');
            setActive(results.length ? 0 : -1);
          }
          function choose(index) {
            var place = results[index];
            if (!place) { return; }
            if (place.o !== null && place.o !== undefined) { select(place.o); }
            var w = Math.min(box.w, home.w / 3), h = w * home.h / home.w;
            box = { x: place.x - w / 2, y: place.y - h / 2, w: w, h: h };
            applyBox();
            var element = null;
            [place.id, place.u].forEach(function (id) {
              if (element || id === null || id === undefined) { return; }
              element = [].filter.call(current.querySelectorAll('[data-id]'), function (e) { return e.getAttribute('data-id') === id; })[0] || null;
            });
            if (element) { inspect(element, true); }
            input.value = place.t;
            closeList();
          }
          if (input) {
            input.addEventListener('input', render);
            input.addEventListener('focus', function () { if (input.value) { render(); } });
            input.addEventListener('blur', closeList);
            input.addEventListener('keydown', function (event) {
              if (event.key === 'ArrowDown' && results.length) { setActive((active + 1) % results.length); }
              else if (event.key === 'ArrowUp' && results.length) { setActive((active - 1 + results.length) % results.length); }
              else if (event.key === 'Enter') { if (!list.hidden) { choose(active < 0 ? 0 : active); } }
              else if (event.key === 'Escape') { if (!list.hidden) { closeList(); } else { input.value = ''; } event.stopPropagation(); }
              else { return; }
              event.preventDefault();
            });
            document.addEventListener('keydown', function (event) {
              if (event.key === '/' && document.activeElement !== input) { event.preventDefault(); input.focus(); }
            });
          }

          if (data.defaultOrdinal !== null && data.defaultOrdinal !== undefined) { select(data.defaultOrdinal); }
          else { applyBox(); }
          window.meridianPreview = {
            select: select,
            zoom: function (factor) { zoom(factor); },
            complete: function (text) { return complete(text).map(function (place) { return place.t; }); },
            state: function () {
              return {
                level: current.getAttribute('data-ordinal'),
                viewBox: svgOf(current).getAttribute('viewBox'),
                pinned: pinned ? pinned.getAttribute('data-id') : null,
                panel: panel.hidden ? null : document.getElementById('mp-panel-name').textContent
              };
            }
          };
        })();
        """#
}
