/* toyc SSA explorer: the viewer.
 *
 * The page's data (explorer/page.go's Page, as JSON) is in the script
 * element #toyc-data; this script draws it. Plain ES2020, no modules, no
 * network: the page works opened from disk. Only the selected function is
 * drawn, a stage column's lines are built when the column is first
 * expanded, and every handler is delegated from the document (no listener
 * per line), so a page for a large program is interactive at once.
 *
 * Sections:
 *   1. utilities            7. graphs: CFG and dominator tree (SVG)
 *   2. data and state       8. φ placement (mem2reg)
 *   3. the page's shell     9. critical edges and out of SSA, the stepper
 *   4. tokenizers          10. register allocation
 *   5. stage columns       11. φ arrivals of a traced run
 *   6. selection           12. the pass table; 13. events and start
 */
(function () {
  'use strict';

  /* ---------------------------------------------------------------- 1. utilities */

  var ESC = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
  function esc(s) { return String(s).replace(/[&<>"']/g, function (c) { return ESC[c]; }); }
  // cssq quotes s as a CSS string, for attribute selectors.
  function cssq(s) { return '"' + String(s).replace(/[\\"]/g, '\\$&').replace(/\n/g, '\\a ') + '"'; }
  function $(sel, root) { return (root || document).querySelector(sel); }
  function $$(sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); }
  function byId(id) { return document.getElementById(id); }
  function setHTML(node, html) { if (node) node.innerHTML = html; return node; }
  function plural(n, one, many) { return n + ' ' + (n === 1 ? one : (many || one + 's')); }
  function num(x) { return Math.round(x * 10) / 10; }
  function blockList(names) {
    if (!names || names.length === 0) return '<span class="none">∅</span>';
    return names.map(function (b) { return bref(b); }).join(', ');
  }
  // bref is a block name that highlights the block when hovered.
  function bref(name) { return '<span class="bref" data-b="' + esc(name) + '">' + esc(name) + '</span>'; }
  // vref is a value that selects the value when clicked.
  function vref(name) {
    if (name === undefined || name === null || name === '') return '';
    if (!/^(%|@|v\d)/.test(name)) return '<span class="lit">' + esc(name) + '</span>';
    return '<span class="v" data-v="' + esc(valueKey(name)) + '">' + esc(name) + '</span>';
  }
  // valueKey is the name under which a value is highlighted: IR values keep
  // their sigil (%x.2, @g); machine registers are vN, without % and without
  // the physical register allocation gave them (%v12:rax is v12).
  function valueKey(tok) {
    var m = /^%?(v\d+)(?::[a-z0-9]+)?$/.exec(tok);
    return m ? m[1] : tok;
  }

  /* ----------------------------------------------------------- 2. data and state */

  var DATA;
  try {
    DATA = JSON.parse(byId('toyc-data').textContent || '{}');
  } catch (e) {
    DATA = { file: '?', funcs: [], source: [], passes: [], loadError: String(e) };
  }
  DATA.funcs = DATA.funcs || [];
  DATA.source = DATA.source || [];
  DATA.passes = DATA.passes || [];
  DATA.errors = DATA.errors || [];

  // expandStages gives each stage that changed nothing (whose lines the
  // page leaves out, to stay small) the previous stage's lines, marked
  // unchanged. It runs once per function, when the function is first shown.
  function expandStages(fp) {
    var prev = null;
    fp.stages.forEach(function (st) {
      if (!st.lines) {
        st.lines = prev ? prev.map(function (l) { return [l[0], l[1], l[2], 0]; }) : [];
      }
      prev = st.lines;
    });
  }

  var PASSDOC = {};
  DATA.passes.forEach(function (p) { PASSDOC[p.name] = p; });

  // S is the viewer's state; it is reset for each function shown.
  var S = {
    fp: null,        // the FuncPage shown
    tok: null,       // per kind, per string index: {html, defs, label}
    open: [],        // per stage: its column is expanded
    built: [],       // per stage: its column's lines are in the DOM
    values: null,    // the selected value and its relatives (a Set of keys)
    valueKey: '',
    valueSrc: null,  // the source lines the selected value came from
    srcLine: 0,      // the selected source line
    hover: '',       // the block under the pointer
    cfgStage: 0,     // the stage whose CFG is drawn
    cfgBlock: '',    // the block selected in the CFG
    cfgVar: -1,      // the mem2reg slot whose blocks are coloured
    copies: null,    // the edge copies (the data's or read from the dump)
    copyIdx: -1
  };

  /* --------------------------------------------------------- 3. the page's shell */

  var PANELS = [
    ['p-stages', 'Stages, side by side',
      'Each column is the function after one stage of the pass table: the IR after each pass, the machine code after each backend stage, then the final assembly. ' +
      'Yellow lines are new against the previous column; a stage that changed nothing is folded and says so. ' +
      'Click a value (<code>%x.2</code>, <code>v7</code>) to see its one static definition (bold) and its uses in every column, and the source line it came from; ' +
      'click a source line (or a line number in a column) to see the code made from it; hover a block to find it in every column and in the CFG.'],
    ['p-cfg', 'CFG and dominator tree',
      'The control-flow graph (left) and the dominator tree (right) are two different structures: a merge block has several CFG predecessors but exactly one parent in the dominator tree, its immediate dominator. ' +
      'Click a block X to colour, from the compiler’s own analyses, the blocks X dominates (X’s subtree in the dominator tree), idom(X), and the dominance frontier ' +
      'DF(X) = {Y | X dominates a predecessor of Y but does not strictly dominate Y}.'],
    ['p-mem2reg', 'φ placement (mem2reg)',
      'mem2reg promotes a local slot (an alloca that is only loaded and stored) to SSA values. A φ may be needed on the iterated dominance frontier (IDF) of the blocks that store the slot; ' +
      'pruned SSA puts one only where the slot is also live on entry. Renaming then walks the dominator tree with a version stack: each load is replaced by the version that reaches it. ' +
      'Select a variable to colour its blocks in the CFG.'],
    ['p-outofssa', 'Out of SSA: critical edges and parallel copies',
      'A φ selects a value by the edge control came along. Out of SSA, each predecessor edge gets a parallel copy: all its right-hand sides read the same old state. ' +
      'A critical edge (its source has several successors and its target several predecessors) has no place of its own for the copies, so it is split first and the φ’s entry renamed to the new block. ' +
      'Run sequentially, a copy must not overwrite a location whose old value a later copy still reads: toyc orders the copies and breaks each cycle with a temporary.'],
    ['p-alloc', 'Register allocation',
      'Linear scan over the numbered instructions: each virtual register’s live interval is a list of ranges; the gaps between them are lifetime holes, where no value is needed. ' +
      'The colour and label are the register or stack slot it got; ▼ marks a spill store, ▲ a reload, ↳ a split child that continues its parent in another location. Hover the chart to find the instruction.'],
    ['p-trace', 'φ arrivals in a traced run',
      'One static φ is evaluated many times dynamically: each row is one arrival at it — the visit number, the predecessor edge control came along, and the value that edge selects. ' +
      'There is still one definition of the φ; only the dynamic visits differ.'],
    ['p-passes', 'The pass table',
      'Every entry of toyc’s pass table, with the -O level it starts at; passes that do not run at this level have no column.']
  ];
  // each panel's name in the header's jump list, and whether it starts closed
  var PANEL_NAV = { 'p-stages': ['stages'], 'p-cfg': ['CFG'], 'p-mem2reg': ['φ placement'], 'p-outofssa': ['out of SSA'],
    'p-alloc': ['registers'], 'p-trace': ['trace'], 'p-passes': ['passes', true] };
  PANELS.forEach(function (p) { p[3] = PANEL_NAV[p[0]][0]; p[4] = !!PANEL_NAV[p[0]][1]; });

  function shellHTML() {
    var fnOpts = DATA.funcs.map(function (f, i) {
      var bad = DATA.errors.some(function (e) { return e.func === f.name; });
      return '<option value="' + i + '">' + esc(f.name) + (bad ? ' ⚠' : '') + '</option>';
    }).join('');
    var h = '<header class="top">' +
      '<div class="brand">toyc <b>SSA explorer</b></div>' +
      '<div class="file" title="the input">' + esc(DATA.file || '') + ' <span class="lvl">-O' + esc(DATA.level === undefined ? '?' : DATA.level) + '</span></div>' +
      '<label class="fnpick">function <select id="fn"' + (DATA.funcs.length < 2 ? ' disabled' : '') + '>' + fnOpts + '</select></label>' +
      '<span class="fncount">' + plural(DATA.funcs.length, 'function') + '</span>' +
      '<nav class="jump">' + PANELS.map(function (p) { return '<a href="#' + p[0] + '" data-act="jump">' + p[3] + '</a>'; }).join('') + '</nav>' +
      '<span class="keys">Esc clears the selection</span>' +
      '</header><div id="banner"></div><div id="selinfo" class="selinfo" hidden></div><main>';
    PANELS.forEach(function (p) {
      h += '<section class="panel' + (p[4] ? ' closed' : '') + '" id="' + p[0] + '"><h2 class="ph" data-act="panel"><span class="tog"></span>' + p[1] + '<span class="phsub"></span></h2>' +
        '<div class="pbody"><p class="intro">' + p[2] + '</p><div class="pcontent"></div></div></section>';
    });
    return h + '</main><footer>Made by toyc --emit=html. Everything on this page comes from the compiler’s own data for this program.</footer>';
  }

  function content(id) { return $('#' + id + ' .pcontent'); }
  function subtitle(id, text) { setHTML($('#' + id + ' .phsub'), text ? ' — ' + text : ''); }

  function bannerHTML() {
    var h = '';
    if (DATA.loadError) h += '<div class="banner bad">The page’s data could not be read: ' + esc(DATA.loadError) + '</div>';
    if (DATA.errors.length) {
      h += '<div class="banner bad" id="err-banner"><b>Invalid IR: the input does not verify</b> — ' + plural(DATA.errors.length, 'verifier error') +
        '. It was not compiled: the page shows the input, with each error marked at its instruction and block (the function’s other stages are absent).<ul>' +
        DATA.errors.map(function (e) {
          return '<li><span class="fnref" data-fn="' + esc(e.func || '') + '">' + esc(e.func || '?') + '</span>' +
            (e.block ? ', block ' + bref(e.block) : '') + (e.line ? ', line ' + e.line : '') + ': ' + esc(e.message) + '</li>';
        }).join('') + '</ul></div>';
    }
    return h;
  }

  /* ---------------------------------------------------------------- 4. tokenizers */

  // spans renders text with tokens (sorted, non-overlapping {s, e, open}) wrapped.
  function spans(text, toks) {
    toks.sort(function (a, b) { return a.s - b.s; });
    var out = '', at = 0;
    for (var i = 0; i < toks.length; i++) {
      var t = toks[i];
      if (t.s < at) continue;
      out += esc(text.slice(at, t.s)) + t.open + esc(text.slice(t.s, t.e)) + '</span>';
      at = t.e;
    }
    return out + esc(text.slice(at));
  }
  function btok(s, e, name) { return { s: s, e: e, open: '<span class="bref" data-b="' + esc(name) + '">' }; }
  function unq(name) { return name.length > 1 && name[0] === '"' ? name.slice(1, -1) : name; }
  // commentAt is where a comment starting with ch begins, outside quotes.
  function commentAt(text, ch) {
    var q = false;
    for (var i = 0; i < text.length; i++) {
      var c = text[i];
      if (c === '"') q = !q;
      else if (c === ch && !q) return i;
    }
    return -1;
  }

  var IRNAME = /[%@](?:[A-Za-z0-9._$-]+|"(?:[^"\\]|\\.)*")/g;
  var LABEL = /^([A-Za-z0-9._$-]+|"(?:[^"\\]|\\.)*"):/;

  // tokIR finds an IR line's values (%x, @g; the definition of the line's
  // result marked) and block names (labels, branch targets, φ entries, the
  // preds comment).
  function tokIR(text) {
    var ci = commentAt(text, ';');
    var code = ci < 0 ? text : text.slice(0, ci), com = ci < 0 ? '' : text.slice(ci);
    var toks = [], defs = [], m;
    var lab = LABEL.exec(code);
    if (lab) toks.push(btok(0, lab[1].length, unq(lab[1])));
    var isPhi = /=\s*phi\b/.test(code);
    IRNAME.lastIndex = 0;
    while ((m = IRNAME.exec(code))) {
      var s = m.index, e = s + m[0].length, name = m[0];
      var before = code.slice(0, s), after = code.slice(e);
      if (name[0] === '@') {
        toks.push({ s: s, e: e, open: '<span class="v gl" data-v="' + esc(name) + '">' });
      } else if (/label\s*$/.test(before) || (isPhi && /,\s*$/.test(before) && /^\s*\]/.test(after))) {
        toks.push(btok(s, e, unq(name.slice(1))));
      } else {
        var def = /^\s*$/.test(before) && /^\s*=/.test(after);
        if (def) defs.push(name);
        toks.push({ s: s, e: e, open: '<span class="v' + (def ? ' def' : '') + '" data-v="' + esc(name) + '">' });
      }
    }
    var html = spans(code, toks);
    if (com) {
      var ct = [];
      IRNAME.lastIndex = 0;
      while ((m = IRNAME.exec(com))) {
        if (m[0][0] === '%') ct.push(btok(m.index, m.index + m[0].length, unq(m[0].slice(1))));
      }
      html += '<span class="cm">' + spans(com, ct) + '</span>';
    }
    return { html: html, defs: defs, label: !!lab };
  }

  var VREG = /(?<![\w.$%])%?v\d+(?::[a-z0-9]+)?(?![\w.$])/g;
  var NODEF = /^(cmp|test|j|push|call|ret|ucomis|comis|bt|nop|cqto|cltq|cltd)/;

  // tokMach finds a machine line's virtual registers (%v12, v12, %v12:rax;
  // the instruction's destination marked as the definition) and block
  // names (labels, jump targets, φ entries).
  function tokMach(text) {
    var ci = commentAt(text, '#');
    var code = ci < 0 ? text : text.slice(0, ci), com = ci < 0 ? '' : text.slice(ci);
    var toks = [], defs = [], m, lab = false;
    var lm = /^([^\s:#]+):/.exec(code);
    if (lm) { toks.push(btok(0, lm[1].length, lm[1])); lab = true; }
    var jm = /^(\s+j[a-z]+\s+)([A-Za-z0-9._$-]+)\s*$/.exec(code);
    if (jm) toks.push(btok(jm[1].length, jm[1].length + jm[2].length, jm[2]));
    var pe = /,\s*([A-Za-z0-9._$-]+)\]/g;
    while ((m = pe.exec(code))) {
      var at = m.index + m[0].length - 1 - m[1].length;
      toks.push(btok(at, at + m[1].length, m[1]));
    }
    // the definition: a φ's result, or the last operand of an instruction
    // that writes its last operand
    var defAt = -1;
    var vr = [];
    VREG.lastIndex = 0;
    while ((m = VREG.exec(code))) vr.push([m.index, m[0]]);
    if (vr.length) {
      if (/^\s*phi\s/.test(code)) defAt = vr[0][0];
      else {
        var im = /^\s+([a-z][a-z0-9]*)\s+(.*)$/.exec(code);
        if (im && !NODEF.test(im[1])) {
          var last = vr[vr.length - 1];
          var tail = code.slice(last[0] + last[1].length).trim();
          var head = code.slice(0, last[0]).replace(/\s+$/, '');
          if (tail === '' && /,$/.test(head)) defAt = last[0];
        }
      }
    }
    vr.forEach(function (v) {
      var k = valueKey(v[1]);
      var def = v[0] === defAt;
      if (def) defs.push(k);
      toks.push({ s: v[0], e: v[0] + v[1].length, open: '<span class="v' + (def ? ' def' : '') + '" data-v="' + k + '">' });
    });
    var html = spans(code, toks);
    if (com) {
      var ct = [];
      VREG.lastIndex = 0;
      while ((m = VREG.exec(com))) ct.push({ s: m.index, e: m.index + m[0].length, open: '<span class="v" data-v="' + valueKey(m[0]) + '">' });
      html += '<span class="cm">' + spans(com, ct) + '</span>';
    }
    return { html: html, defs: defs, label: lab };
  }

  // tokAsm finds the assembly's local labels (.Lf.block is block of f).
  function tokAsm(text) {
    var fn = S.fp ? S.fp.name : '';
    var ci = commentAt(text, '#');
    var code = ci < 0 ? text : text.slice(0, ci), com = ci < 0 ? '' : text.slice(ci);
    var toks = [], m, re = /\.L[A-Za-z0-9._$-]+/g;
    var prefix = '.L' + fn + '.';
    while ((m = re.exec(code))) {
      if (m[0].indexOf(prefix) === 0) toks.push(btok(m.index, m.index + m[0].length, m[0].slice(prefix.length)));
    }
    var dim = /^\s*\.(loc|cfi_|file|type|size|p2align|globl|section|text)/.test(code);
    var html = spans(code, toks);
    if (dim) html = '<span class="dim">' + html + '</span>';
    if (com) html += '<span class="cm">' + esc(com) + '</span>';
    return { html: html, defs: [], label: /^[^\s#]+:/.test(code) };
  }

  // tok is the tokenized line text s of a stage of kind, cached per string.
  function tok(kind, s) {
    var c = S.tok[kind];
    if (!c[s]) {
      var text = (S.fp.strings || [])[s] || "";
      c[s] = kind === 'ir' ? tokIR(text) : kind === 'mach' ? tokMach(text) : tokAsm(text);
    }
    return c[s];
  }

  /* ------------------------------------------------------------ 5. stage columns */

  function stagesPanel() {
    var fp = S.fp, c = content('p-stages');
    var n = fp.stages.length, changed = fp.stages.filter(function (st) { return st.changed; }).length;
    subtitle('p-stages', plural(n, 'stage') + ', ' + changed + ' changed the function');
    var h = '<div class="toolbar"><button data-act="expand-all">expand all</button> <button data-act="fold-same">fold unchanged</button> <button data-act="fold-all">fold all</button>' +
      '<span class="legend-inline"><span class="sw sw-chg"></span>new against the previous stage <span class="sw sw-hl"></span>selected value’s uses <span class="sw sw-def"></span>its definition ' +
      '<span class="sw sw-hs"></span>made from the selected source line <span class="sw sw-hb"></span>block under the pointer</span></div>' +
      (S.budgetFolded ? '<p class="note" id="budget-note">' + plural(S.budgetFolded, 'changed stage is', 'changed stages are') + ' folded to keep this large function quick to draw: click a folded column to expand it, or “expand all”.</p>' : '') +
      '<div id="cols" class="cols">' + sourceColHTML();
    for (var i = 0; i < n; i++) h += colHTML(i);
    h += '</div>';
    setHTML(c, h);
    applyHL(byId('cols'));
  }

  // The source column shows the function's part of the input (from its
  // header to its end), with line numbers.
  function sourceRange() {
    var fp = S.fp, lo = Infinity, hi = 0, src = DATA.source;
    fp.stages.forEach(function (st) {
      st.lines.forEach(function (l) { if (l[1] > 0) { if (l[1] < lo) lo = l[1]; if (l[1] > hi) hi = l[1]; } });
    });
    DATA.errors.forEach(function (e) { if (e.func === fp.name && e.line > 0) { lo = Math.min(lo, e.line); hi = Math.max(hi, e.line); } });
    if (hi === 0) return [1, Math.min(src.length, 400)];
    var head = /^\s*(func|define|extern|declare)\b/;
    for (var k = 0; k < 60 && lo > 1 && !head.test(src[lo - 1] || ''); k++) lo--;
    if (!head.test(src[lo - 1] || '')) lo = Math.max(1, lo + 0);
    for (k = 0; k < 60 && hi < src.length && !/^\}/.test(src[hi - 1] || ''); k++) hi++;
    return [lo, hi];
  }

  function sourceColHTML() {
    var r = sourceRange(), used = {};
    S.fp.stages.forEach(function (st) { st.lines.forEach(function (l) { used[l[1]] = 1; }); });
    var base = String(DATA.file || '').replace(/^.*[\\/]/, '');
    var h = '<div class="col src" data-col="-1"><div class="ch"><span class="cn">source</span> <span class="cf" title="' + esc(DATA.file || '') + '">' + esc(base) + '</span></div><div class="cb">';
    var errs = errorsOf(S.fp.name);
    for (var n = r[0]; n <= r[1]; n++) {
      var text = DATA.source[n - 1];
      if (text === undefined) break;
      var bad = errs && errs.byLine[n];
      h += '<div class="ln' + (used[n] ? ' code' : '') + (bad ? ' err' : '') + '" data-s="' + n + '"><span class="g">' + n + '</span><span class="t">' + esc(text) + '</span></div>';
      if (bad) bad.forEach(function (e) { h += '<div class="errmsg">⚠ ' + esc(e.message) + '</div>'; });
    }
    return h + '</div></div>';
  }

  function kindLabel(kind) { return kind === 'ir' ? 'IR' : kind === 'mach' ? 'machine' : 'assembly'; }

  function colHTML(i) {
    var st = S.fp.stages[i], open = S.open[i];
    var nchg = 0;
    st.lines.forEach(function (l) { nchg += l[3]; });
    var doc = PASSDOC[st.pass] ? PASSDOC[st.pass].doc : st.pass === 'input' ? 'the function as read' : st.pass === 'asm' ? 'the final assembly' : '';
    var what = i === 0 ? 'as read' : st.changed ? (nchg ? plural(nchg, 'new line') : 'lines removed') : 'no change';
    S.built[i] = open;
    return '<div class="col k-' + st.kind + (open ? '' : ' folded') + (st.changed ? '' : ' same') + '" data-col="' + i + '" data-pass="' + esc(st.pass) + '">' +
      '<div class="ch" title="' + esc(doc) + '"><span class="cn">' + esc(st.pass) + '</span> <span class="ck">' + kindLabel(st.kind) + '</span> <span class="cc">' + what + '</span>' +
      '<span class="cbtn">' + '<button data-act="cfg" title="draw the CFG of this stage">CFG</button>' +
      '<button data-act="fold" title="fold this column">«</button></span></div>' +
      '<div class="cb">' + (open ? linesHTML(i) : '') + '</div>' +
      '<div class="cv" data-act="unfold" title="' + esc(st.pass + ': ' + what + ' — click to expand') + '"><span>' + esc(st.pass) + (st.changed ? '' : ' · no change') + '</span></div></div>';
  }

  // errorsOf indexes the verifier errors of the function shown.
  function errorsOf(name) {
    var byLine = {}, blocks = {}, any = false;
    DATA.errors.forEach(function (e) {
      if (e.func !== name) return;
      any = true;
      if (e.line > 0) (byLine[e.line] = byLine[e.line] || []).push(e);
      if (e.block) blocks[e.block] = true;
    });
    return any ? { byLine: byLine, blocks: blocks } : null;
  }

  function linesHTML(i) {
    var fp = S.fp, st = fp.stages[i], kind = st.kind, out = [];
    if (!fp.strings) return '<p class="na">The page’s data has no texts for this function’s lines (FuncPage.strings is empty).</p>';
    var errs = i === 0 ? errorsOf(fp.name) : null, said = {};
    for (var k = 0; k < st.lines.length; k++) {
      var l = st.lines[k], t = tok(kind, l[0]);
      var cls = 'ln' + (l[3] ? ' chg' : '') + (t.label ? ' lbl' : '');
      var block = l[2] >= 0 ? fp.strings[l[2]] : '';
      var errHere = errs && l[1] > 0 ? errs.byLine[l[1]] : null;
      if (errHere) cls += ' err';
      if (errs && block && errs.blocks[block]) cls += t.label ? ' errblk inerr' : ' inerr';
      out.push('<div class="' + cls + '"' + (l[1] ? ' data-s="' + l[1] + '"' : '') + (block ? ' data-b="' + esc(block) + '"' : '') +
        '><span class="g">' + (l[1] || '') + '</span><span class="t">' + t.html + '</span></div>');
      if (errHere && !said[l[1]]) {
        said[l[1]] = true;
        errHere.forEach(function (e) {
          out.push('<div class="errmsg" data-line="' + e.line + '"' + (e.block ? ' data-block="' + esc(e.block) + '"' : '') + '>⚠ ' + esc(e.message) + '</div>');
        });
      }
    }
    if (errs) {
      DATA.errors.forEach(function (e) {
        if (e.func === fp.name && !(e.line > 0 && said[e.line])) out.push('<div class="errmsg">⚠ ' + esc(e.message) + (e.line ? ' (line ' + e.line + ')' : '') + '</div>');
      });
    }
    return out.join('');
  }

  // defaultOpen opens the input and every stage that changed the
  // function, within a budget of lines: past it, changed stages start
  // folded too (the toolbar says so), so that a large function draws fast.
  var LINE_BUDGET = 5000;
  function defaultOpen(fp) {
    var open = fp.stages.map(function () { return false; }), used = 0, last = fp.stages.length - 1;
    S.budgetFolded = 0;
    fp.stages.forEach(function (st, k) {
      if (k !== 0 && k !== last && !st.changed) return;
      if (k === 0 || k === last || used + st.lines.length <= LINE_BUDGET) { open[k] = true; used += st.lines.length; }
      else S.budgetFolded++;
    });
    return open;
  }

  function colEl(i) { return $('#cols .col[data-col="' + i + '"]'); }

  function setOpen(i, open) {
    var c = colEl(i);
    if (!c) return;
    S.open[i] = open;
    if (open && !S.built[i]) {
      setHTML($('.cb', c), linesHTML(i));
      S.built[i] = true;
      applyHL(c);
    }
    c.classList.toggle('folded', !open);
  }

  function setAllOpen(pred) {
    // Build the DOM of every column that opens in one go.
    S.fp.stages.forEach(function (st, i) { setOpen(i, pred(st, i)); });
    updateSelInfo();
  }

  /* ---------------------------------------------------------------- 6. selection */

  // related is the value and the values it stands for: a virtual register
  // and the IR value it was made for (FuncPage.vregs), both ways.
  function related(key) {
    var set = new Set([key]), vr = S.fp.vregs || {};
    if (vr[key]) set.add(vr[key]);
    Object.keys(vr).forEach(function (v) { if (set.has(vr[v])) set.add(v); });
    return set;
  }

  function sourceLinesOf(values) {
    var lines = new Set(), fp = S.fp;
    fp.stages.forEach(function (st) {
      if (st.kind === 'asm') return;
      st.lines.forEach(function (l) {
        if (!l[1]) return;
        var d = tok(st.kind, l[0]).defs;
        for (var k = 0; k < d.length; k++) if (values.has(d[k])) { lines.add(l[1]); return; }
      });
    });
    return lines;
  }

  function applyHL(root) {
    if (!root) return;
    if (S.values) {
      S.values.forEach(function (k) {
        $$('.v[data-v=' + cssq(k) + ']', root).forEach(function (e) { e.classList.add('hl'); });
      });
    }
    if (S.valueSrc) {
      S.valueSrc.forEach(function (n) {
        $$('.col.src .ln[data-s="' + n + '"]', root).forEach(function (e) { e.classList.add('hsv'); });
      });
    }
    if (S.srcLine) $$('.ln[data-s="' + S.srcLine + '"]', root).forEach(function (e) { e.classList.add('hs'); });
  }

  function clearClass(cls) { $$('.' + cls).forEach(function (e) { e.classList.remove(cls); }); }

  function selectValue(key) {
    clearClass('hl'); clearClass('hsv');
    if (!key || S.valueKey === key) {
      S.values = null; S.valueKey = ''; S.valueSrc = null;
    } else {
      S.valueKey = key;
      S.values = related(key);
      S.valueSrc = sourceLinesOf(S.values);
      applyHL(document);
    }
    updateSelInfo();
  }

  function selectSrc(n) {
    clearClass('hs');
    S.srcLine = S.srcLine === n ? 0 : n;
    applyHL(document);
    updateSelInfo();
  }

  function columnsWith(sel) {
    return $$('#cols .col').filter(function (c) { return c.querySelector(sel); }).length;
  }

  function updateSelInfo() {
    var box = byId('selinfo'), parts = [];
    if (S.values) {
      var others = [];
      S.values.forEach(function (v) { if (v !== S.valueKey) others.push(v); });
      var src = S.valueSrc && S.valueSrc.size ? ', from source line ' + Array.from(S.valueSrc).sort(function (a, b) { return a - b; }).join(', ') : '';
      parts.push('<span class="chip v-chip">' + esc(S.valueKey) + '</span>' + (others.length ? ' (with ' + others.map(esc).join(', ') + ')' : '') +
        ': definition and uses in <b id="sel-cols">' + columnsWith('.v.hl') + '</b> open columns' + src);
    }
    if (S.srcLine) {
      parts.push('<span class="chip s-chip">line ' + S.srcLine + '</span> code made from it in <b>' + columnsWith('.ln.hs:not(.src .ln)') + '</b> open columns');
    }
    if (!parts.length) { box.hidden = true; box.innerHTML = ''; return; }
    box.hidden = false;
    box.innerHTML = parts.join(' · ') + ' <button data-act="clear-sel">clear</button>';
  }

  function setHover(name) {
    if (name === S.hover) return;
    clearClass('hb');
    S.hover = name;
    if (!name) return;
    var q = cssq(name);
    $$('#cols .ln[data-b=' + q + ']').forEach(function (e) { e.classList.add('hb'); });
    $$('svg .node[data-block=' + q + ']').forEach(function (e) { e.classList.add('hb'); });
  }

  /* ------------------------------------------- 7. graphs: CFG and dominator tree */

  // graphSVG draws a laid-out graph: boxes named by the blocks, edges as
  // the layout's cubic Bézier splines with an arrowhead beyond their end.
  // nodes[i] is {name, cls, roles, badges, title} or null (not drawn);
  // edges[j] is {cls, title}.
  function graphSVG(layout, nodes, edges, id) {
    var badged = nodes.some(function (n) { return n && n.badges && n.badges.length; });
    var pad = 8, W = layout.w + 2 * pad + (badged ? 70 : 0), H = layout.h + 2 * pad + 8;
    var sc = Math.min(1.5, Math.max(1.15, 280 / W));
    var h = '<svg xmlns="http://www.w3.org/2000/svg" class="graph" id="' + id + '" viewBox="' + (-pad) + ' ' + (-pad - 8) + ' ' + num(W) + ' ' + num(H) +
      '" width="' + num(W * sc) + '" height="' + num(H * sc) + '">';
    edges.forEach(function (e, j) {
      var p = layout.edges[j];
      if (!e || !p || p.length < 8) return;
      var d = 'M' + p[0] + ',' + p[1] + ' C';
      for (var k = 2; k < p.length; k += 2) d += (k > 2 ? ' ' : '') + p[k] + ',' + p[k + 1];
      var n = p.length, x = p[n - 2], y = p[n - 1], px = x, py = y;
      for (k = n - 4; k >= 0 && px === x && py === y; k -= 2) { px = p[k]; py = p[k + 1]; }
      var dx = x - px, dy = y - py, len = Math.sqrt(dx * dx + dy * dy) || 1;
      dx /= len; dy /= len;
      var L = 9, w = 3.6, tx = x + dx * L, ty = y + dy * L;
      var arrow = num(tx) + ',' + num(ty) + ' ' + num(x - dy * w) + ',' + num(y + dx * w) + ' ' + num(x + dy * w) + ',' + num(y - dx * w);
      h += '<g class="edge ' + (e.cls || '') + '" data-edge="' + j + '"><title>' + esc(e.title || '') + '</title><path d="' + d + '"/><polygon points="' + arrow + '"/></g>';
    });
    nodes.forEach(function (nd, i) {
      var r = layout.nodes[i];
      if (!nd || !r || !(r[2] > 0)) return;
      var x = r[0] - r[2] / 2, y = r[1] - r[3] / 2;
      var name = nd.name, est = name.length * 6.7;
      var fit = est > r[2] - 6 ? ' textLength="' + num(r[2] - 6) + '" lengthAdjust="spacingAndGlyphs"' : '';
      h += '<g class="node ' + (nd.cls || '') + '" data-block="' + esc(name) + '" data-i="' + i + '" data-roles="' + esc((nd.roles || []).join(' ')) + '">' +
        '<title>' + esc(nd.title || name) + '</title>' +
        '<rect class="halo" x="' + num(x - 4) + '" y="' + num(y - 4) + '" width="' + num(r[2] + 8) + '" height="' + num(r[3] + 8) + '" rx="5"/>' +
        '<rect class="box" x="' + num(x) + '" y="' + num(y) + '" width="' + r[2] + '" height="' + r[3] + '" rx="3"/>' +
        '<text x="' + r[0] + '" y="' + num(r[1] + 4) + '"' + fit + '>' + esc(name) + '</text>';
      if (nd.badges && nd.badges.length) {
        // beside the box, on its right, clear of the edges that enter from above
        var bx = x + r[2] + 3, by = r[1] - 6;
        nd.badges.forEach(function (b) {
          var bw = b.text.length * 6.5 + 8;
          h += '<g class="badge ' + b.cls + '"><rect x="' + num(bx) + '" y="' + num(by) + '" width="' + bw + '" height="12" rx="6"/><text x="' + num(bx + bw / 2) + '" y="' + num(by + 9) + '">' + esc(b.text) + '</text></g>';
          bx += bw + 2;
        });
      }
      h += '</g>';
    });
    return h + '</svg>';
  }

  // cfgOfStage is the CFG drawn for stage i: its own, or for a machine or
  // assembly stage the last IR stage's.
  function cfgOfStage(i) {
    var st = S.fp.stages[i];
    if (!st) return { cfg: -1, from: -1 };
    if (st.cfg >= 0) return { cfg: st.cfg, from: i };
    for (var k = S.fp.stages.length - 1; k >= 0; k--) if (S.fp.stages[k].cfg >= 0) return { cfg: S.fp.stages[k].cfg, from: k };
    return { cfg: -1, from: -1 };
  }

  // Dominance, from the idom tree.
  function dominates(g, a, b) {
    for (var x = b, n = 0; x >= 0 && n <= g.blocks.length; x = g.blocks[x].idom, n++) if (x === a) return true;
    return false;
  }
  function subtree(g, a) {
    var out = [];
    g.blocks.forEach(function (b, i) { if (b.reachable && dominates(g, a, i)) out.push(i); });
    return out;
  }
  function preds(g, y) { return g.edges.filter(function (e) { return e.to === y; }).map(function (e) { return e.from; }); }
  function blockIndex(g, name) {
    for (var i = 0; i < g.blocks.length; i++) if (g.blocks[i].name === name) return i;
    return -1;
  }

  function cfgPanel() {
    var fp = S.fp, c = content('p-cfg');
    var opts = fp.stages.map(function (st, i) {
      var r = cfgOfStage(i), prev = i > 0 ? cfgOfStage(i - 1).cfg : -2;
      var note = st.cfg < 0 ? ' (machine code: the CFG of ' + (r.from >= 0 ? fp.stages[r.from].pass : 'none') + ')' : r.cfg !== prev ? '  ◆ CFG changes' : '';
      return '<option value="' + i + '">' + i + '. ' + esc(st.pass) + note + '</option>';
    }).join('');
    setHTML(c, '<div class="cfgbar"><label>CFG at stage <select id="cfg-stage">' + opts + '</select></label> <span id="cfg-note" class="note"></span>' +
      ' <button data-act="clear-block">clear</button></div>' +
      '<div class="graphs"><figure class="gfig"><figcaption>Control-flow graph</figcaption><div class="svgwrap" id="cfg-wrap"></div></figure>' +
      '<figure class="gfig"><figcaption>Dominator tree <span class="note">(edge: idom → block)</span></figcaption><div class="svgwrap" id="dom-wrap"></div></figure>' +
      '<aside class="ginfo"><div id="cfg-legend"></div><div id="cfg-info"></div></aside></div>');
    byId('cfg-stage').value = String(S.cfgStage);
    renderCFG();
  }

  function legendHTML(mode) {
    var edges = '<div class="lg"><b>Edges</b>' +
      '<div><svg width="34" height="10"><line x1="0" y1="5" x2="34" y2="5" class="lg-e"/></svg> edge</div>' +
      '<div><svg width="34" height="10"><line x1="0" y1="5" x2="34" y2="5" class="lg-e back"/></svg> back edge (its target dominates its source: a loop)</div>' +
      '<div><svg width="34" height="10"><line x1="0" y1="5" x2="34" y2="5" class="lg-e critical"/></svg> critical edge (source with several successors, target with several predecessors)</div></div>';
    var roles;
    if (mode === 'var') {
      roles = '<div class="lg"><b>Blocks of the variable</b>' +
        '<div><span class="sw r-def"></span> stores the slot (a definition)</div>' +
        '<div><span class="sw r-idf"></span> in the iterated dominance frontier of the stores</div>' +
        '<div><span class="bd b-live">live</span> the slot is live on entry</div>' +
        '<div><span class="bd b-phi">φ</span> a φ was placed (IDF ∩ live-in)</div>' +
        '<div><span class="bd b-dead">dead</span> in the IDF, but no φ: the slot is dead there</div></div>';
    } else {
      roles = '<div class="lg"><b>Roles of the selected block X</b>' +
        '<div><span class="sw r-sel"></span> X</div>' +
        '<div><span class="sw r-dom"></span> dominated by X (X’s subtree in the dominator tree, X included)</div>' +
        '<div><span class="sw r-idom"></span> idom(X), its immediate dominator</div>' +
        '<div><span class="sw r-df"></span> in DF(X) (thick border: a block can be both, e.g. a self-loop M ∈ DF(M))</div>' +
        '<div><span class="sw r-unr"></span> unreachable from the entry</div></div>';
    }
    return roles + edges;
  }

  function renderCFG() {
    var fp = S.fp, r = cfgOfStage(S.cfgStage), g = fp.cfgs && fp.cfgs[r.cfg];
    var st = fp.stages[S.cfgStage];
    var note = st && st.cfg < 0 ? 'machine code has no CFG of its own here: drawn is the CFG of the last IR stage, ' + esc(fp.stages[r.from] ? fp.stages[r.from].pass : '') : '';
    setHTML(byId('cfg-note'), note);
    if (!g) {
      setHTML(byId('cfg-wrap'), '<p class="na">No CFG for this stage.</p>');
      setHTML(byId('dom-wrap'), '');
      setHTML(byId('cfg-info'), '');
      return;
    }
    var slot = S.cfgVar >= 0 && fp.mem2reg ? fp.mem2reg.slots[S.cfgVar] : null;
    setHTML(byId('cfg-legend'), legendHTML(slot ? 'var' : 'block'));
    var X = slot ? -1 : blockIndex(g, S.cfgBlock);
    var dom = X >= 0 ? new Set(subtree(g, X)) : new Set();
    var idom = X >= 0 ? g.blocks[X].idom : -1;
    var df = X >= 0 ? new Set(g.blocks[X].df) : new Set();
    var sets = null;
    if (slot) {
      sets = {};
      ['defs', 'idf', 'liveIn', 'dead'].forEach(function (k) { sets[k] = new Set(slot[k] || []); });
      sets.phi = new Set((slot.phis || []).map(function (p) { return p.block; }));
    }
    var errs = errorsOf(fp.name);
    var nodes = g.blocks.map(function (b, i) {
      var roles = [], badges = [];
      if (!b.reachable) roles.push('unr');
      if (errs && errs.blocks[b.name]) roles.push('err');
      if (X >= 0) {
        if (i === X) roles.push('sel');
        if (dom.has(i)) roles.push('dom');
        if (i === idom) roles.push('idom');
        if (df.has(i)) roles.push('df');
      }
      if (sets) {
        if (sets.defs.has(b.name)) roles.push('def');
        if (sets.idf.has(b.name)) roles.push('idf');
        if (sets.liveIn.has(b.name)) { roles.push('live'); badges.push({ text: 'live', cls: 'b-live' }); }
        if (sets.phi.has(b.name)) { roles.push('phi'); badges.push({ text: 'φ', cls: 'b-phi' }); }
        if (sets.dead.has(b.name)) { roles.push('dead'); badges.push({ text: 'dead', cls: 'b-dead' }); }
      }
      var title = b.name + (b.reachable ? '' : ' (unreachable)') + (b.depth ? ' · loop depth ' + b.depth : '') +
        (b.idom >= 0 ? ' · idom ' + g.blocks[b.idom].name : '') + ' · DF {' + b.df.map(function (y) { return g.blocks[y].name; }).join(', ') + '}';
      return { name: b.name, roles: roles, cls: roles.map(function (x) { return 'r-' + x; }).join(' ') + (S.hover === b.name ? ' hb' : ''), badges: badges, title: title };
    });
    var edges = g.edges.map(function (e) {
      var cls = (e.back ? 'back ' : '') + (e.critical ? 'critical' : '');
      return { cls: cls, title: g.blocks[e.from].name + ' → ' + g.blocks[e.to].name + (e.back ? ' (back edge)' : '') + (e.critical ? ' (critical edge)' : '') };
    });
    if (g.layout && g.layout.w > 0) setHTML(byId('cfg-wrap'), graphSVG(g.layout, nodes, edges, 'cfg-svg'));
    else setHTML(byId('cfg-wrap'), '<p class="na">dot could not lay this graph out; its blocks: ' + blockList(g.blocks.map(function (b) { return b.name; })) + '</p>');
    var domNodes = nodes.map(function (n, i) { return g.blocks[i].reachable ? n : null; });
    var domEdges = (g.domEdges || []).map(function (to) { return { cls: 'tree', title: 'idom(' + g.blocks[to].name + ') = ' + g.blocks[g.blocks[to].idom].name }; });
    if (g.domLayout && g.domLayout.w > 0) setHTML(byId('dom-wrap'), graphSVG(g.domLayout, domNodes, domEdges, 'dom-svg'));
    else setHTML(byId('dom-wrap'), '<p class="na">no layout of the dominator tree</p>');
    setHTML(byId('cfg-info'), slot ? varInfoHTML(slot) : blockInfoHTML(g, X));
  }

  function blockInfoHTML(g, X) {
    var back = g.edges.filter(function (e) { return e.back; }), crit = g.edges.filter(function (e) { return e.critical; });
    var en = function (e) { return bref(g.blocks[e.from].name) + ' → ' + bref(g.blocks[e.to].name); };
    var summary = '<p class="small">' + plural(g.blocks.length, 'block') + ', ' + plural(g.edges.length, 'edge') +
      (back.length ? '; back edges: ' + back.map(en).join(', ') : '; no back edge') +
      (crit.length ? '; critical edges: ' + crit.map(en).join(', ') : '; no critical edge') + '.</p>';
    if (X < 0) return '<p class="hint">Click a block in either picture.</p>' + summary;
    var b = g.blocks[X], name = b.name;
    if (!b.reachable) return '<p><b>' + bref(name) + '</b> is unreachable from the entry: it has no dominator and no place in the dominator tree.</p>' + summary;
    var dom = subtree(g, X).map(function (i) { return g.blocks[i].name; });
    var h = '<div id="dom-facts"><p class="fact">X = <b>' + bref(name) + '</b>' + (b.depth ? ' · loop depth ' + b.depth : '') + '</p>' +
      '<p class="fact"><span class="sw r-idom"></span> idom(' + esc(name) + ') = ' + (b.idom >= 0 ? bref(g.blocks[b.idom].name) : '— (the entry has none)') + '</p>' +
      '<p class="fact"><span class="sw r-dom"></span> ' + esc(name) + ' dominates ' + blockList(dom) + '</p>' +
      '<p class="fact"><span class="sw r-df"></span> DF(' + esc(name) + ') = {' + blockList(b.df.map(function (y) { return g.blocks[y].name; })) + '}</p><ul class="why">';
    b.df.forEach(function (y) {
      var yn = g.blocks[y].name;
      var ps = preds(g, y).filter(function (p) { return dominates(g, X, p); }).map(function (p) { return g.blocks[p].name; });
      if (y === X) {
        h += '<li>' + bref(yn) + ': ' + esc(name) + ' dominates its own predecessor ' + blockList(ps) + ' but does not <i>strictly</i> dominate itself, so ' + esc(name) + ' ∈ DF(' + esc(name) + ').</li>';
      } else {
        var others = preds(g, y).filter(function (p) { return !dominates(g, X, p); }).map(function (p) { return g.blocks[p].name; });
        h += '<li>' + bref(yn) + ': ' + esc(name) + ' dominates its predecessor ' + blockList(ps) + ', but not ' + bref(yn) + ' itself' +
          (others.length ? ' (control also arrives from ' + blockList(others) + ')' : '') + '.</li>';
      }
    });
    if (!b.df.length) h += '<li>Empty: every block ' + esc(name) + ' reaches first is dominated by it, or none has another way in.</li>';
    return h + '</ul></div>' + summary;
  }

  function varInfoHTML(slot) {
    return '<p class="fact">Variable <b>' + esc(slot.var || slot.slot) + '</b> (slot ' + vref(slot.slot) + ', round ' + slot.round + ')</p>' +
      '<p class="fact"><span class="sw r-def"></span> stored in ' + blockList(slot.defs) + '</p>' +
      '<p class="fact"><span class="sw r-idf"></span> IDF = {' + blockList(slot.idf) + '}</p>' +
      '<p class="fact"><span class="bd b-live">live</span> live-in: ' + blockList(slot.liveIn) + '</p>' +
      '<p class="fact"><span class="bd b-phi">φ</span> φs: ' + blockList((slot.phis || []).map(function (p) { return p.block; })) + '</p>' +
      '<p class="fact"><span class="bd b-dead">dead</span> no φ (dead): ' + blockList(slot.dead) + '</p>' +
      '<p><button data-act="clear-var">back to dominance</button></p>';
  }

  function selectBlock(name) {
    S.cfgVar = -1;
    S.cfgBlock = S.cfgBlock === name ? '' : name;
    $$('#m2r-table tr.sel').forEach(function (r) { r.classList.remove('sel'); });
    renderCFG();
  }

  /* ------------------------------------------------------ 8. φ placement (mem2reg) */

  function mem2regPanel() {
    var fp = S.fp, c = content('p-mem2reg'), m = fp.mem2reg;
    if (!m || !m.slots) {
      subtitle('p-mem2reg', '');
      setHTML(c, '<p class="na">Not available for this function' + (DATA.errors.length ? ' (the input does not verify)' : fp.stages.some(function (s) { return s.pass === 'mem2reg'; }) ? '' : ' (mem2reg did not run)') + '.</p>');
      return;
    }
    var prom = m.slots.filter(function (s) { return s.promoted; }).length;
    subtitle('p-mem2reg', prom + ' of ' + plural(m.slots.length, 'slot') + ' promoted');
    if (!m.slots.length) { setHTML(c, '<p class="na">This function has no local slot to promote.</p>'); return; }
    var h = '<table class="data" id="m2r-table"><thead><tr><th>variable</th><th>slot</th><th>round</th><th>stored in</th><th>iterated DF</th><th>live on entry</th><th>φs placed</th><th>no φ: dead</th><th></th></tr></thead><tbody>';
    m.slots.forEach(function (s, i) {
      var phis = (s.phis || []).map(function (p) {
        return bref(p.block) + ': ' + (p.kept ? vref(p.name) : '<s>' + esc(p.name) + '</s> <span class="note">trivial, replaced by</span> ' + vref(p.replacedBy));
      }).join('<br>');
      if (s.promoted) {
        h += '<tr data-slot="' + i + '" class="slot' + (S.cfgVar === i ? ' sel' : '') + '"><td><b>' + esc(s.var || '') + '</b></td><td>' + vref(s.slot) + '</td><td>' + s.round + '</td><td>' + blockList(s.defs) +
          '</td><td>' + blockList(s.idf) + '</td><td>' + blockList(s.liveIn) + '</td><td>' + (phis || '<span class="none">none</span>') + '</td><td>' + blockList(s.dead) +
          '</td><td><button data-act="var" data-slot="' + i + '">show in CFG</button></td></tr>';
      } else {
        h += '<tr class="kept"><td><b>' + esc(s.var || '') + '</b></td><td>' + vref(s.slot) + '</td><td>' + s.round + '</td><td colspan="6">not promoted: ' + esc(s.reason || 'no reason given') + '</td></tr>';
      }
    });
    h += '</tbody></table><div id="m2r-rename"></div>';
    setHTML(c, h);
    renameHTML();
  }

  function renameHTML() {
    var fp = S.fp, box = byId('m2r-rename');
    if (!box) return;
    var slots = fp.mem2reg.slots.filter(function (s) { return s.promoted; });
    if (S.cfgVar >= 0 && fp.mem2reg.slots[S.cfgVar]) slots = [fp.mem2reg.slots[S.cfgVar]];
    var h = '<h3>Renaming: the version each access received</h3><p class="small">Walking the dominator tree, a store pushes its value on the slot’s version stack and a load is replaced by the version on top. Click a name to find it in the columns.</p><div class="rename">';
    slots.forEach(function (s) {
      h += '<div class="rn"><h4>' + esc(s.var || s.slot) + ' <span class="note">' + esc(s.slot) + '</span></h4><table class="data small"><thead><tr><th>block</th><th>access</th><th>version</th></tr></thead><tbody>';
      (s.stores || []).forEach(function (r) { h += '<tr><td>' + bref(r.block) + '</td><td>store</td><td>pushes ' + vref(r.value) + '</td></tr>'; });
      (s.loads || []).forEach(function (r) { h += '<tr><td>' + bref(r.block) + '</td><td>load ' + vref(r.name) + '</td><td>reads ' + vref(r.value) + '</td></tr>'; });
      if (!(s.stores || []).length && !(s.loads || []).length) h += '<tr><td colspan="3" class="none">no access</td></tr>';
      h += '</tbody></table></div>';
    });
    setHTML(box, h + '</div>');
  }

  // selectVar colours slot i's blocks in the CFG that mem2reg worked on:
  // the one of the stage before mem2reg (its rounds all run on that CFG;
  // promotion changes no edge).
  function selectVar(i) {
    var fp = S.fp;
    if (S.cfgVar === i) { clearVar(); return; }
    S.cfgVar = i;
    S.cfgBlock = '';
    for (var k = 0; k < fp.stages.length; k++) {
      if (fp.stages[k].pass === 'mem2reg') { S.cfgStage = Math.max(0, k - 1); break; }
    }
    var sel = byId('cfg-stage');
    if (sel) sel.value = String(S.cfgStage);
    $$('#m2r-table tr').forEach(function (r) { r.classList.toggle('sel', r.getAttribute('data-slot') === String(i)); });
    renderCFG();
    renameHTML();
  }
  function clearVar() {
    S.cfgVar = -1;
    $$('#m2r-table tr.sel').forEach(function (r) { r.classList.remove('sel'); });
    renderCFG();
    renameHTML();
  }

  /* ------------------------------- 9. critical edges and out of SSA, the stepper */

  // copiesFromDump reads the edge copies from the outofssa stage's
  // comments, for a page made before the data carried them.
  function copiesFromDump() {
    var fp = S.fp, st = null;
    fp.stages.forEach(function (s) { if (s.pass === 'outofssa') st = s; });
    if (!st) return [];
    var out = [], cur = null;
    var mv = function (t) {
      return t.split(';').map(function (x) { return x.trim(); }).filter(Boolean).map(function (x) {
        var p = x.split('<-');
        return { dst: p[0].trim(), src: (p[1] || '').trim() };
      });
    };
    st.lines.forEach(function (l) {
      var t = fp.strings[l[0]], m;
      if ((m = /#\s*edge (\S+) -> (\S+): parallel copy \((.*)\)\s*$/.exec(t))) {
        cur = { from: m[1], to: m[2], parallel: mv(m[3]), sequential: [], temps: [], constants: [] };
        out.push(cur);
      } else if (cur && (m = /#\s+sequential:(.*)$/.exec(t))) {
        var s = m[1], tm;
        var re = /\[cycle temporar(?:y|ies) ([^\]]+)\]/g;
        while ((tm = re.exec(s))) tm[1].split(/[ ,]+/).forEach(function (x) { if (x) cur.temps.push(x); });
        s = s.replace(re, '').replace(/then \d+ constant\(s\)/, '');
        cur.sequential = mv(s);
        cur = null;
      }
    });
    return out;
  }

  function moveText(m) { return vref(m.dst) + ' ← ' + vref(m.src); }
  function movesText(ms) { return ms && ms.length ? ms.map(moveText).join(', ') : '<span class="none">∅</span>'; }

  function outOfSSAPanel() {
    var fp = S.fp, c = content('p-outofssa');
    var h = '<h3>Critical edges</h3>';
    // The critical edges of the CFG the critical pass worked on.
    var ci = -1;
    fp.stages.forEach(function (s, i) { if (s.pass === 'critical') ci = i; });
    var g = ci > 0 ? fp.cfgs[cfgOfStage(ci - 1).cfg] : null;
    var crit = [];
    if (g) {
      crit = g.edges.filter(function (e) { return e.critical; });
      h += '<p>' + (crit.length ? 'Before the critical pass, the CFG has ' + plural(crit.length, 'critical edge') + ': ' +
        crit.map(function (e) { return bref(g.blocks[e.from].name) + ' → ' + bref(g.blocks[e.to].name); }).join(', ') + '.' : 'Before the critical pass, the CFG has no critical edge.') + '</p>';
    } else if (!fp.stages.some(function (s) { return s.pass === 'critical'; })) {
      h += '<p class="na">The critical pass did not run for this function.</p>';
    }
    if (fp.splits && fp.splits.length) {
      h += '<table class="data" id="splits"><thead><tr><th>edge</th><th>new block on it</th><th>φs of the target now naming the new block</th></tr></thead><tbody>' +
        fp.splits.map(function (s) {
          return '<tr><td>' + bref(s.from) + ' → ' + bref(s.to) + '</td><td>' + bref(s.new) + '</td><td>' +
            ((s.phis || []).length ? s.phis.map(vref).join(', ') + ': entry [… , %' + esc(s.from) + '] becomes [… , %' + esc(s.new) + ']' : '<span class="none">none (no φ in ' + esc(s.to) + ')</span>') + '</td></tr>';
        }).join('') + '</tbody></table>';
    } else if (fp.splits || (g && !crit.length)) {
      // (an empty list of splits is left out of the data)
      h += '<p>No edge was split.</p>';
    } else if (ci >= 0) {
      h += '<p class="na">Which edges were split: not available for this function.</p>';
    }
    h += '<h3>Parallel copies, edge by edge</h3>';
    var copies = fp.copies, fromDump = false;
    if (!copies) { copies = copiesFromDump(); fromDump = copies.length > 0; }
    S.copies = copies;
    if (!copies.length) {
      var ran = fp.stages.some(function (s) { return s.pass === 'outofssa'; });
      h += '<p class="na">' + (fp.copies || ran ? 'No edge needs a copy: the function has no φ when it leaves SSA.' : 'Not available for this function (out of SSA did not run).') + '</p>';
      setHTML(c, h);
      subtitle('p-outofssa', '');
      return;
    }
    subtitle('p-outofssa', plural(copies.length, 'edge copy', 'edge copies'));
    if (fromDump) h += '<p class="note">(read from the outofssa stage’s comments: the page’s data has no copies)</p>';
    h += '<table class="data" id="copies"><thead><tr><th>edge</th><th>parallel copy (as φs list it)</th><th>sequential order chosen</th><th>cycle temporaries</th><th>then constants</th><th></th></tr></thead><tbody>';
    var splitBy = {};
    (fp.splits || []).forEach(function (s) { if (s.new) splitBy[s.new] = s; });
    copies.forEach(function (cp, i) {
      var sp = splitBy[cp.from];
      h += '<tr data-copy="' + i + '"><td>' + bref(cp.from) + ' → ' + bref(cp.to) +
        (sp ? '<div class="note">the split of the critical edge ' + esc(sp.from) + ' → ' + esc(sp.to) + '</div>' : '') + '</td><td>' + movesText(cp.parallel) + '</td><td>' + movesText(cp.sequential) +
        '</td><td>' + ((cp.temps || []).length ? cp.temps.map(vref).join(', ') : '<span class="none">none</span>') + '</td><td>' + movesText(cp.constants) +
        '</td><td>' + ((cp.parallel || []).length ? '<button data-act="step-edge" data-copy="' + i + '">step through</button>' : '') + '</td></tr>';
    });
    h += '</tbody></table><h3>Stepper</h3><div id="stepper"></div>';
    setHTML(c, h);
    // Start on the most instructive copy: one with a cycle, else the longest.
    var best = -1;
    copies.forEach(function (cp, i) {
      if (!(cp.parallel || []).length) return;
      var score = ((cp.temps || []).length ? 1000 : 0) + cp.parallel.length;
      if (best < 0 || score > best[1]) best = [i, score];
    });
    if (best !== -1) stepperLoad(best[0]);
    else setHTML(byId('stepper'), '<p class="na">Every edge copy is empty here (only constants): nothing to step through.</p>');
  }

  // The stepper: the locations of one parallel copy, their values, and the
  // copies run one at a time, in toyc's order or in the written order.
  var ST = null;
  function isConst(x) { return !/^(%|v\d|[A-Za-z_])/.test(x) || /^\$/.test(x); }
  function stepperLoad(i) {
    var cp = S.copies[i];
    S.copyIdx = i;
    $$('#copies tr').forEach(function (r) { r.classList.toggle('sel', r.getAttribute('data-copy') === String(i)); });
    var locs = [], seen = {};
    var add = function (x) { if (!seen[x] && !isConst(x)) { seen[x] = 1; locs.push(x); } };
    (cp.parallel || []).forEach(function (m) { add(m.dst); add(m.src); });
    (cp.temps || []).forEach(add);
    (cp.sequential || []).forEach(function (m) { add(m.dst); add(m.src); });
    ST = { cp: cp, mode: ST ? ST.mode : 'toyc', locs: locs };
    stepperReset();
  }
  function stepperMoves() {
    var cp = ST.cp, ms = (ST.mode === 'toyc' ? cp.sequential : cp.parallel) || [];
    ms = ms.slice();
    (cp.constants || []).forEach(function (m) { ms.push({ dst: m.dst, src: m.src, konst: true }); });
    return ms;
  }
  function stepperReset() {
    ST.moves = stepperMoves();
    ST.step = 0;
    ST.vals = {};
    ST.log = [];
    ST.last = '';
    var temps = ST.cp.temps || [];
    ST.locs.forEach(function (x) { ST.vals[x] = temps.indexOf(x) >= 0 ? null : { old: x }; });
    renderStepper();
  }
  function valText(v) { return v === null || v === undefined ? '—' : v.old !== undefined ? 'old ' + v.old : v.k; }
  function stepperStep() {
    if (ST.step >= ST.moves.length) return;
    var m = ST.moves[ST.step];
    var v = m.konst || isConst(m.src) ? { k: m.src } : ST.vals[m.src];
    ST.log.push({ read: v, over: ST.vals[m.dst] });
    ST.vals[m.dst] = v;
    ST.last = m.dst;
    ST.step++;
  }
  // lostValues are the old values the parallel copy needs that no location
  // holds any more.
  function lostValues() {
    var need = [];
    (ST.cp.parallel || []).forEach(function (m) { if (!isConst(m.src) && need.indexOf(m.src) < 0) need.push(m.src); });
    return need.filter(function (src) {
      return !ST.locs.some(function (x) { var v = ST.vals[x]; return v && v.old === src; });
    });
  }
  function renderStepper() {
    var box = byId('stepper');
    if (!box || !ST) return;
    var cp = ST.cp, done = ST.step >= ST.moves.length, lost = lostValues();
    var h = '<div class="st-head">Edge ' + bref(cp.from) + ' → ' + bref(cp.to) + ': parallel copy (' + movesText(cp.parallel) + ')</div>' +
      '<div class="st-ctl"><span class="seg"><button data-act="mode-toyc" class="' + (ST.mode === 'toyc' ? 'on' : '') + '">toyc’s order</button>' +
      '<button data-act="mode-naive" class="' + (ST.mode === 'naive' ? 'on' : '') + '">written order, naively</button></span> ' +
      '<button data-act="st-reset">⟲ reset</button> <button data-act="st-step"' + (done ? ' disabled' : '') + '>step ▸</button> <button data-act="st-run"' + (done ? ' disabled' : '') + '>run all ▸▸</button></div>' +
      '<p class="small">' + (ST.mode === 'toyc' ? 'toyc’s sequential order: copies whose destination no pending copy still reads go first; a cycle is broken by saving one old value in a temporary.' :
        'The copies one after the other as the parallel copy lists them, with no care for what a later copy still reads.') + ' Each location starts with its own old value.</p>';
    h += '<div class="st-body"><ol class="st-moves">';
    ST.moves.forEach(function (m, k) {
      var cls = k < ST.step ? 'done' : k === ST.step ? 'next' : '', note = '';
      if (k < ST.step) {
        var r = ST.log[k].read, ok = m.konst || isConst(m.src) || (r && r.old === m.src) || (ST.cp.temps || []).indexOf(m.src) >= 0;
        note = ' <span class="rd' + (ok ? '' : ' bad') + '">reads ' + esc(valText(r)) + (ok ? '' : ' — ' + esc(m.src) + ' was already overwritten') + '</span>';
        if (!ok) cls += ' bad';
      }
      h += '<li class="' + cls + '">' + esc(m.dst) + ' ← ' + esc(m.src) + (m.konst ? ' <span class="note">(constant)</span>' : '') + note + '</li>';
    });
    h += '</ol><div class="st-locs">';
    ST.locs.forEach(function (x) {
      var v = ST.vals[x], temp = (cp.temps || []).indexOf(x) >= 0;
      var origin = (S.fp.vregs || {})[x];
      h += '<div class="loc' + (ST.last === x ? ' w' : '') + (temp ? ' temp' : '') + '" data-loc="' + esc(x) + '"><span class="lname">' + esc(x) +
        (temp ? ' <span class="note">temp</span>' : origin ? ' <span class="note">' + esc(origin) + '</span>' : '') + '</span><span class="lval">' + esc(valText(v)) + '</span></div>';
    });
    h += '</div></div>';
    var status = '', okAll = true, wrong = [];
    if (done) {
      (cp.parallel || []).forEach(function (m) {
        var v = ST.vals[m.dst], want = isConst(m.src) ? { k: m.src } : { old: m.src };
        if (!v || v.old !== want.old || v.k !== want.k) { okAll = false; wrong.push(esc(m.dst) + ' holds ' + esc(valText(v)) + ', should hold ' + esc(valText(want))); }
      });
    }
    lost.forEach(function (x) { status += '<div class="lost">lost: old value of ' + esc(x) + '</div>'; });
    if (done) {
      status += okAll ? '<div class="ok">✓ done: every destination holds the old value of its source; no value lost.</div>' :
        '<div class="bad">✗ done, wrong: ' + wrong.join('; ') + '.</div>';
    } else if (!lost.length) {
      status += '<div class="pending">step ' + ST.step + ' of ' + ST.moves.length + ': no old value lost so far.</div>';
    }
    h += '<div class="st-status" data-lost="' + esc(lost.join(' ')) + '" data-done="' + done + '" data-ok="' + (done && okAll) + '">' + status + '</div>';
    box.setAttribute('data-mode', ST.mode);
    box.setAttribute('data-step', String(ST.step));
    setHTML(box, h);
  }

  /* ------------------------------------------------------ 10. register allocation */

  var PALETTE = ['#4dabf7', '#69db7c', '#ffa94d', '#da77f2', '#ff8787', '#3bc9db', '#ffd43b', '#9775fa', '#a9e34b', '#f783ac', '#63e6be', '#ffc078', '#748ffc', '#e599f7', '#8ce99a', '#74c0fc'];
  // One colour per general-purpose register (xmm and others hash).
  var REGS = ['rax', 'rcx', 'rdx', 'rbx', 'rsi', 'rdi', 'r8', 'r9', 'r10', 'r11', 'r12', 'r13', 'r14', 'r15', 'rbp', 'rsp'];
  function locColor(loc) {
    if (!loc) return '#ced4da';
    if (/stack|slot|\[|\(|spill|^-?\d/.test(loc)) return '#adb5bd';
    var k = REGS.indexOf(loc.replace(/^%/, ''));
    if (k >= 0) return PALETTE[k];
    var h = 0;
    for (var i = 0; i < loc.length; i++) h = (h * 31 + loc.charCodeAt(i)) >>> 0;
    return PALETTE[h % PALETTE.length];
  }
  function isStack(loc) { return /stack|slot|\[|\(|spill|^-?\d/.test(loc || ''); }

  function allocPanel() {
    var fp = S.fp, c = content('p-alloc'), A = fp.alloc;
    if (!A || !A.intervals) { subtitle('p-alloc', ''); setHTML(c, '<p class="na">Not available for this function.</p>'); return; }
    subtitle('p-alloc', plural(A.intervals.length, 'interval') + ', ' + plural((A.listing || []).length, 'instruction'));
    var maxPos = 1;
    (A.listing || []).forEach(function (l) { maxPos = Math.max(maxPos, l.pos + 1); });
    A.intervals.forEach(function (iv) { (iv.ranges || []).forEach(function (r) { maxPos = Math.max(maxPos, r[1]); }); });
    var sx = Math.max(3, Math.min(14, 820 / maxPos)), rowH = 18, lw = 170, top = 36;
    var W = lw + maxPos * sx + 40, H = top + A.intervals.length * rowH + 8;
    var svg = '<svg xmlns="http://www.w3.org/2000/svg" id="alloc-svg" class="chart" width="' + num(W) + '" height="' + num(H) + '" data-sx="' + sx + '" data-lw="' + lw + '">';
    // block boundaries
    // block boundaries, named on two staggered rows, cut to fit
    var starts = [];
    (A.listing || []).forEach(function (l) {
      if (!starts.length || starts[starts.length - 1].block !== l.block) starts.push({ block: l.block, pos: l.pos });
    });
    starts.forEach(function (b, j) {
      var x = lw + b.pos * sx, next = j + 2 < starts.length ? lw + starts[j + 2].pos * sx : W;
      var room = Math.max(1, Math.floor((next - x - 4) / 6)), name = b.block.length > room ? b.block.slice(0, Math.max(1, room - 1)) + '…' : b.block;
      svg += '<line class="bsep" x1="' + num(x) + '" y1="' + (j % 2 ? 4 : 0) + '" x2="' + num(x) + '" y2="' + H + '"/><text class="blab" x="' + num(x + 2) + '" y="' + (j % 2 ? 17 : 8) + '"><title>' + esc(b.block) + '</title>' + esc(name) + '</text>';
    });
    var step = maxPos > 200 ? 20 : maxPos > 80 ? 10 : maxPos > 30 ? 4 : 2;
    for (var p = 0; p <= maxPos; p += step) svg += '<text class="tick" x="' + num(lw + p * sx) + '" y="31">' + p + '</text>';
    A.intervals.forEach(function (iv, k) {
      var y = top + k * rowH, rs = iv.ranges || [], fixed = !/^v\d/.test(iv.reg);
      var lo = rs.length ? rs[0][0] : 0, hi = rs.length ? rs[rs.length - 1][1] : 0;
      var label = (iv.splitOf ? '↳ ' : '') + iv.reg + (iv.origin ? ' ' + iv.origin : '');
      svg += '<g class="ivrow' + (fixed ? ' fixed' : '') + (iv.spilled ? ' spilled' : '') + '" data-reg="' + esc(iv.reg) + '"><title>' + esc(iv.reg + (iv.origin ? ' (' + iv.origin + ')' : '') + ' → ' + (iv.loc || '?') +
        (iv.splitOf ? ', split of ' + iv.splitOf : '') + (iv.spilled ? ', spilled' : '') + ': ' + rs.map(function (r) { return '[' + r[0] + ',' + r[1] + ')'; }).join(' ')) + '</title>' +
        '<text class="ivl' + (/^v\d/.test(iv.reg) ? ' v' : '') + '" x="4" y="' + (y + 13) + '"' + (/^v\d/.test(iv.reg) ? ' data-v="' + esc(iv.reg) + '"' : '') + '>' + esc(label.length > 24 ? label.slice(0, 23) + '…' : label) + '</text>' +
        '<line class="life" x1="' + num(lw + lo * sx) + '" y1="' + (y + 9) + '" x2="' + num(lw + hi * sx) + '" y2="' + (y + 9) + '"/>';
      var col = locColor(iv.loc), stack = isStack(iv.loc);
      rs.forEach(function (r, j) {
        var x = lw + r[0] * sx, w = Math.max(1.5, (r[1] - r[0]) * sx);
        svg += '<rect class="rng' + (stack ? ' stack' : '') + '" x="' + num(x) + '" y="' + (y + 2) + '" width="' + num(w) + '" height="' + (rowH - 5) + '" fill="' + col + '"/>';
        if (j === 0 && w > (iv.loc || '').length * 6.5 + 4) svg += '<text class="rl" x="' + num(x + 3) + '" y="' + (y + 13) + '">' + esc(iv.loc || '') + '</text>';
      });
      if (rs.length && !(rs[0] && (rs[0][1] - rs[0][0]) * sx > (iv.loc || '').length * 6.5 + 4)) svg += '<text class="rl out" x="' + num(lw + hi * sx + 3) + '" y="' + (y + 13) + '">' + esc(iv.loc || '') + '</text>';
      (iv.defs || []).forEach(function (d) { svg += '<rect class="dmark" x="' + num(lw + d * sx - 1) + '" y="' + (y + 1) + '" width="2" height="' + (rowH - 3) + '"><title>def at ' + d + '</title></rect>'; });
      (iv.uses || []).forEach(function (u) { svg += '<circle class="umark" cx="' + num(lw + u * sx) + '" cy="' + (y + 9) + '" r="2"><title>use at ' + u + '</title></circle>'; });
      (iv.spills || []).forEach(function (s) { var x = lw + s * sx; svg += '<polygon class="spill" points="' + num(x - 4) + ',' + (y) + ' ' + num(x + 4) + ',' + y + ' ' + num(x) + ',' + (y + 7) + '"><title>spill store at ' + s + '</title></polygon>'; });
      (iv.reloads || []).forEach(function (s) { var x = lw + s * sx; svg += '<polygon class="reload" points="' + num(x - 4) + ',' + (y + rowH - 2) + ' ' + num(x + 4) + ',' + (y + rowH - 2) + ' ' + num(x) + ',' + (y + rowH - 9) + '"><title>reload at ' + s + '</title></polygon>'; });
      if (iv.splitOf && rs.length) svg += '<text class="split" x="' + num(lw + lo * sx - 10) + '" y="' + (y + 13) + '">↳<title>split of ' + esc(iv.splitOf) + '</title></text>';
      svg += '</g>';
    });
    svg += '<line id="alloc-guide" class="guide" x1="0" y1="14" x2="0" y2="' + H + '" visibility="hidden"/>' +
      '<rect id="alloc-hover" x="' + lw + '" y="0" width="' + num(maxPos * sx) + '" height="' + H + '" fill="transparent"/></svg>';
    var list = '<div class="listing" id="alloc-listing">', pb = null;
    (A.listing || []).forEach(function (l) {
      if (l.block !== pb) { list += '<div class="lblk">' + bref(l.block) + ':</div>'; pb = l.block; }
      list += '<div class="li" data-pos="' + l.pos + '"><span class="pos">' + l.pos + '</span><span class="t">' + tokMach('\t' + l.text.replace(/^\s+/, '')).html + '</span></div>';
    });
    list += '</div>';
    var co = (A.coalesced || []).length ? '<p class="small">Coalesced (copies removed, one register for both): ' + A.coalesced.map(function (p) { return vref(p[0]) + ' into ' + vref(p[1]); }).join(', ') + '.</p>' : '';
    setHTML(c, '<div class="alloc"><div class="chartwrap">' + svg + '</div>' + list + '</div>' +
      '<p class="small legend-inline"><span class="sw" style="background:#4dabf7"></span>a range in a register (colour = register) <span class="sw stackc"></span>in a stack slot ' +
      '<span class="lgd">—</span> the interval’s extent: gaps on it are lifetime holes <span class="lgd">|</span> definition <span class="lgd">•</span> use <span class="lgd spill">▼</span> spill store <span class="lgd reload">▲</span> reload <span class="lgd">↳</span> split child</p>' + co);
  }

  function allocHover(pos) {
    var svg = byId('alloc-svg'), g = byId('alloc-guide');
    if (!svg || !g) return;
    $$('#alloc-listing .li.hp').forEach(function (e) { e.classList.remove('hp'); });
    if (pos < 0) { g.setAttribute('visibility', 'hidden'); return; }
    var sx = +svg.getAttribute('data-sx'), lw = +svg.getAttribute('data-lw');
    // the instruction at pos, or the last one before it
    var best = null;
    $$('#alloc-listing .li').forEach(function (e) { var p = +e.getAttribute('data-pos'); if (p <= pos && (!best || p >= +best.getAttribute('data-pos'))) best = e; });
    var at = best ? +best.getAttribute('data-pos') : pos;
    g.setAttribute('x1', num(lw + at * sx)); g.setAttribute('x2', num(lw + at * sx)); g.setAttribute('visibility', 'visible');
    if (best) {
      best.classList.add('hp');
      var box = byId('alloc-listing'), top = best.offsetTop - box.offsetTop;
      if (top < box.scrollTop || top > box.scrollTop + box.clientHeight - 20) box.scrollTop = top - box.clientHeight / 2;
    }
  }

  /* ----------------------------------------------- 11. φ arrivals of a traced run */

  function tracePanel() {
    var c = content('p-trace'), T = DATA.trace, fp = S.fp;
    if (!T) {
      subtitle('p-trace', '');
      setHTML(c, '<p class="na">No trace in this page. Make one with <code>toyc --emit=html --trace=\'count_to(2)\'</code> (a function and its arguments) or <code>--trace=main</code>.</p>');
      return;
    }
    var arr = (T.arrivals || []);
    var mine = arr.filter(function (a) { return a.func === fp.name; });
    subtitle('p-trace', T.call + ': ' + plural(arr.length, 'arrival'));
    var h = '<div class="trace-sum"><span><b>ran</b> <code>' + esc(T.call || '') + '</code></span>' + (T.result !== undefined && T.result !== '' ? '<span><b>result</b> <code>' + esc(T.result) + '</code></span>' : '') +
      '<span><b>φ arrivals</b> ' + esc(T.steps || 0) + (arr.length < (T.steps || 0) ? ' (' + arr.length + ' listed)' : '') + '</span></div>';
    if (T.output) h += '<details><summary>output</summary><pre class="out">' + esc(T.output) + '</pre></details>';
    if (T.stopped) h += '<div class="banner warn" id="trace-stopped">The trace stopped early: ' + esc(T.stopped) + '. The table shows the arrivals up to there.</div>';
    if (!mine.length) {
      var fns = [];
      arr.forEach(function (a) { if (fns.indexOf(a.func) < 0) fns.push(a.func); });
      h += '<p class="na">No φ of ' + esc(fp.name) + ' was evaluated in this run' + (fns.length ? '; there are arrivals in ' + fns.map(function (f) { return '<span class="fnref" data-fn="' + esc(f) + '">' + esc(f) + '</span>'; }).join(', ') : '') + '.</p>';
      setHTML(c, h);
      return;
    }
    var groups = [], byKey = {};
    mine.forEach(function (a) {
      var k = a.block + '\u0000' + a.phi;
      if (!byKey[k]) { byKey[k] = { phi: a.phi, block: a.block, rows: [] }; groups.push(byKey[k]); }
      byKey[k].rows.push(a);
    });
    h += '<div class="arrivals-wrap">';
    S.traceGroups = groups;
    groups.forEach(function (g, k) { h += arrivalsHTML(g, k, TRACE_ROWS); });
    setHTML(c, h + '</div>');
  }

  // A φ's table shows its first TRACE_ROWS arrivals until asked for all.
  var TRACE_ROWS = 100;
  function arrivalsHTML(g, k, limit) {
    var rows = g.rows.slice(0, limit);
    return '<table class="data arrivals" data-phi="' + esc(g.phi) + '" data-block="' + esc(g.block) + '" data-k="' + k + '"><caption>' + vref(g.phi) + ' = φ in ' + bref(g.block) + ' — ' + plural(g.rows.length, 'arrival') + '</caption>' +
      '<thead><tr><th>visit</th><th>edge taken</th><th>value selected</th></tr></thead><tbody>' +
      rows.map(function (a) {
        return '<tr data-visit="' + a.visit + '"><td class="visit">' + a.visit + '</td><td class="edge" data-from="' + esc(a.from) + '">' + bref(a.from) + ' → ' + bref(a.block) + '</td><td class="val">' + esc(a.value) + '</td></tr>';
      }).join('') +
      (g.rows.length > rows.length ? '<tr><td colspan="3"><button data-act="trace-all" data-k="' + k + '">show all ' + g.rows.length + '</button></td></tr>' : '') + '</tbody></table>';
  }

  /* ------------------------------------------------------------ 12. the pass table */

  function passesPanel() {
    var fp = S.fp, c = content('p-passes'), col = {};
    fp.stages.forEach(function (st, i) { col[st.pass] = i; });
    var ran = DATA.passes.filter(function (p) { return p.ran; }).length;
    subtitle('p-passes', ran + ' of ' + DATA.passes.length + ' run at -O' + DATA.level);
    var h = '<table class="data" id="passes"><thead><tr><th>pass</th><th>from</th><th>kind</th><th>runs</th><th>column</th><th>what it does</th></tr></thead><tbody>';
    DATA.passes.forEach(function (p) {
      var i = col[p.name], st = fp.stages[i];
      h += '<tr class="' + (p.ran ? '' : 'off') + '"><td><code>' + esc(p.name) + '</code></td><td>-O' + p.level + '</td><td>' + (p.native ? 'backend' : 'IR') + '</td><td>' + (p.ran ? 'yes' : 'no') + '</td><td>' +
        (i !== undefined ? '<button data-act="goto-col" data-col="' + i + '">' + (st.changed ? 'changed' : 'no change') + '</button>' : '') + '</td><td>' + esc(p.doc || '') + '</td></tr>';
    });
    setHTML(c, h + '</tbody></table>');
  }

  /* ----------------------------------------------------------- 13. events, start */

  function showFunction(i) {
    var fp = DATA.funcs[i];
    expandStages(fp);
    if (!fp) {
      $$('.pcontent').forEach(function (c) { c.innerHTML = '<p class="na">No function in this page.</p>'; });
      return;
    }
    S.fp = fp;
    S.tok = { ir: [], mach: [], asm: [] };
    S.open = defaultOpen(fp);
    S.built = [];
    S.values = null; S.valueKey = ''; S.valueSrc = null; S.srcLine = 0; S.hover = '';
    S.cfgStage = 0; S.cfgBlock = ''; S.cfgVar = -1; ST = null;
    var errs = errorsOf(fp.name);
    if (errs) {
      DATA.errors.forEach(function (e) { if (e.func === fp.name && e.block && !S.cfgBlock) S.cfgBlock = e.block; });
    }
    byId('fn').value = String(i);
    guard('p-stages', stagesPanel);
    guard('p-cfg', cfgPanel);
    guard('p-mem2reg', mem2regPanel);
    guard('p-outofssa', outOfSSAPanel);
    guard('p-alloc', allocPanel);
    guard('p-trace', tracePanel);
    guard('p-passes', passesPanel);
    updateSelInfo();
    document.body.setAttribute('data-func', fp.name);
  }

  // guard draws one panel; a panel that fails says so and leaves the
  // others drawn, and the error still reaches the console.
  function guard(id, draw) {
    try {
      draw();
    } catch (e) {
      setHTML(content(id), '<p class="na bad">This panel could not be drawn: ' + esc(e && e.message || e) + '</p>');
      setTimeout(function () { throw e; });
    }
  }

  function defaultFunction() {
    var names = DATA.funcs.map(function (f) { return f.name; });
    var h = /(?:^#|[#&])fn=([^&]+)/.exec(location.hash || '');
    if (h && names.indexOf(decodeURIComponent(h[1])) >= 0) return names.indexOf(decodeURIComponent(h[1]));
    if (DATA.errors.length && names.indexOf(DATA.errors[0].func) >= 0) return names.indexOf(DATA.errors[0].func);
    if (names.indexOf('main') >= 0) return names.indexOf('main');
    if (names.indexOf('toy_main') >= 0) return names.indexOf('toy_main');
    return 0;
  }

  function onClick(e) {
    var t = e.target;
    var act = t.closest('[data-act]');
    var a = act ? act.getAttribute('data-act') : '';
    if (a === 'panel') { act.parentNode.classList.toggle('closed'); return; }
    if (a === 'jump') { var pn = byId(act.getAttribute('href').slice(1)); if (pn) pn.classList.remove('closed'); return; }
    var colNode = t.closest('#cols .col');
    var ci = colNode ? +colNode.getAttribute('data-col') : NaN;
    switch (a) {
      case 'fold': setOpen(ci, false); updateSelInfo(); return;
      case 'unfold': setOpen(ci, true); updateSelInfo(); return;
      case 'cfg':
        S.cfgStage = ci; S.cfgVar = -1; byId('cfg-stage').value = String(ci); renderCFG();
        byId('p-cfg').classList.remove('closed'); byId('p-cfg').scrollIntoView({ block: 'start' });
        return;
      case 'expand-all': setAllOpen(function () { return true; }); return;
      case 'fold-same': setAllOpen(function (st, i) { return i === 0 || st.changed; }); return;
      case 'fold-all': setAllOpen(function () { return false; }); return;
      case 'clear-sel': selectValue(''); if (S.srcLine) selectSrc(S.srcLine); return;
      case 'clear-block': S.cfgBlock = ''; if (S.cfgVar >= 0) clearVar(); else renderCFG(); return;
      case 'clear-var': clearVar(); return;
      case 'var': selectVar(+act.getAttribute('data-slot')); return;
      case 'step-edge': stepperLoad(+act.getAttribute('data-copy')); return;
      case 'mode-toyc': ST.mode = 'toyc'; stepperReset(); return;
      case 'mode-naive': ST.mode = 'naive'; stepperReset(); return;
      case 'st-reset': stepperReset(); return;
      case 'trace-all': {
        var tk = +act.getAttribute('data-k'), tbl = act.closest('table');
        if (tbl && S.traceGroups[tk]) tbl.outerHTML = arrivalsHTML(S.traceGroups[tk], tk, Infinity);
        return;
      }
      case 'st-step': stepperStep(); renderStepper(); return;
      case 'st-run': while (ST.step < ST.moves.length) stepperStep(); renderStepper(); return;
      case 'goto-col': {
        var k = +act.getAttribute('data-col');
        setOpen(k, true); updateSelInfo();
        var c = colEl(k);
        byId('p-stages').classList.remove('closed');
        if (c) { c.scrollIntoView({ block: 'nearest', inline: 'center' }); c.classList.add('flash'); setTimeout(function () { c.classList.remove('flash'); }, 900); }
        return;
      }
    }
    var fnref = t.closest('.fnref[data-fn]');
    if (fnref) {
      var idx = DATA.funcs.map(function (f) { return f.name; }).indexOf(fnref.getAttribute('data-fn'));
      if (idx >= 0) showFunction(idx);
      return;
    }
    var v = t.closest('.v[data-v]');
    if (v) { selectValue(v.getAttribute('data-v')); return; }
    var node = t.closest('svg.graph .node[data-block]');
    if (node) { selectBlock(node.getAttribute('data-block')); return; }
    var row = t.closest('#m2r-table tr.slot');
    if (row) { selectVar(+row.getAttribute('data-slot')); return; }
    var crow = t.closest('#copies tr[data-copy]');
    if (crow && S.copies[+crow.getAttribute('data-copy')] && (S.copies[+crow.getAttribute('data-copy')].parallel || []).length) { stepperLoad(+crow.getAttribute('data-copy')); return; }
    var br = t.closest('.bref[data-b]');
    if (br && !t.closest('#cols .col.src')) { selectBlock(br.getAttribute('data-b')); return; }
    if (colNode) {
      var ln = t.closest('.ln[data-s]');
      if (ln && (ci === -1 || t.closest('.g'))) selectSrc(+ln.getAttribute('data-s'));
    }
  }

  function onOver(e) {
    var t = e.target;
    if (!t.closest) return;
    var n = t.closest('#cols .ln[data-b], .bref[data-b], svg.graph .node[data-block]');
    setHover(n ? (n.getAttribute('data-b') || n.getAttribute('data-block')) : '');
    var li = t.closest('#alloc-listing .li[data-pos]');
    if (li) allocHover(+li.getAttribute('data-pos'));
  }

  function onMove(e) {
    if (e.target.id !== 'alloc-hover') return;
    var svg = byId('alloc-svg'), r = svg.getBoundingClientRect();
    var sx = +svg.getAttribute('data-sx'), lw = +svg.getAttribute('data-lw');
    allocHover(Math.floor((e.clientX - r.left - lw) / sx));
  }

  function start() {
    var t0 = performance.now();
    var app = byId('app');
    app.innerHTML = shellHTML();
    setHTML(byId('banner'), bannerHTML());
    document.addEventListener('click', onClick);
    document.addEventListener('mouseover', onOver);
    document.addEventListener('mousemove', onMove);
    document.addEventListener('keydown', function (e) {
      if (e.key === 'Escape') { selectValue(''); if (S.srcLine) selectSrc(S.srcLine); if (S.cfgBlock || S.cfgVar >= 0) { S.cfgBlock = ''; clearVar(); } }
    });
    byId('fn').addEventListener('change', function (e) { showFunction(+e.target.value); });
    document.addEventListener('change', function (e) {
      if (e.target.id === 'cfg-stage') { S.cfgStage = +e.target.value; S.cfgVar = -1; $$('#m2r-table tr.sel').forEach(function (r) { r.classList.remove('sel'); }); renderCFG(); }
    });
    showFunction(defaultFunction());
    var ms = Math.round(performance.now() - t0);
    document.body.setAttribute('data-ready', '1');
    document.body.setAttribute('data-render-ms', String(ms));
  }

  // The API the browser tests and the curious use.
  window.toycExplorer = {
    data: DATA,
    showFunction: function (name) { var i = DATA.funcs.map(function (f) { return f.name; }).indexOf(name); if (i >= 0) showFunction(i); return i >= 0; },
    selectValue: selectValue,
    selectBlock: selectBlock,
    setCFGStage: function (i) { S.cfgStage = i; S.cfgVar = -1; var s = byId('cfg-stage'); if (s) s.value = String(i); renderCFG(); }
  };

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
