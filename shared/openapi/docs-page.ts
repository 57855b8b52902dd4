/*
 * Self-contained API reference page. No external scripts, styles, fonts or images: everything is
 * inline, and every piece of text that comes from the OpenAPI document is inserted with
 * `textContent` (the page never uses `innerHTML`), so a hostile description cannot inject markup.
 *
 * The page is a single template literal with no substitutions. Keep it free of backticks, of the
 * dollar-brace sequence and of backslashes, so the string is served exactly as written here.
 */

/** The HTML page served at `GET /docs`: renders the OpenAPI 3.1 document fetched from `/openapi.json`. */
export const docsPageHtml: string = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; connect-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; base-uri 'none'; form-action 'none'">
<meta name="referrer" content="no-referrer">
<title>API documentation</title>
<style>
:root{--mu:#4b5563;--bd:#d0d7de;--alt:#f6f8fa;--mono:ui-monospace,Menlo,Consolas,monospace}
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24;background:#fff}
a{color:#0a53be}
:focus-visible{outline:3px solid #0a53be;outline-offset:2px}
[hidden]{display:none!important}
.skip{position:absolute;left:-9999px}.skip:focus{left:8px;top:8px;z-index:9;background:#fff;padding:4px 8px}
header{padding:16px 24px;background:var(--alt);border-bottom:1px solid var(--bd)}
h1{margin:0;font-size:1.6em}
.ver{margin:2px 0 0;color:var(--mu)}
.d{white-space:pre-line;margin:6px 0;max-width:90ch}
.search{display:flex;flex-wrap:wrap;gap:8px 12px;align-items:center;margin-top:12px}
.search label{font-weight:600}
.search input{font:inherit;padding:6px 10px;border:1px solid #6e7781;border-radius:6px;width:min(420px,100%)}
#count{margin:0;color:var(--mu)}
.layout{display:flex;align-items:flex-start}
nav{position:sticky;top:0;flex:none;width:230px;max-height:100vh;overflow:auto;padding:16px;border-right:1px solid var(--bd)}
nav h2{font-size:1em;margin:0 0 6px;border:0}
nav ul{list-style:none;margin:0;padding:0}
nav a{display:block;padding:2px 6px}
main{flex:1;min-width:0;padding:8px 24px 40px}
h2{font-size:1.3em;margin:20px 0 8px;padding-bottom:4px;border-bottom:1px solid var(--bd)}
h3{font-size:1em;margin:14px 0 6px}
details.op{border:1px solid var(--bd);border-radius:6px;margin:8px 0}
details.op>summary{cursor:pointer;padding:8px 12px}
details.op[open]>summary{background:var(--alt);border-bottom:1px solid var(--bd)}
.m{display:inline-block;min-width:66px;padding:0 6px;border-radius:4px;text-align:center;font:700 12px/1.9 var(--mono);color:#fff}
.get{background:#0b5cad}.post{background:#17733a}.put{background:#8a5a00}.patch{background:#6f42c1}.delete{background:#b42318}.other{background:#57606a}
.path{font:600 14px var(--mono);word-break:break-all}
.sum{color:var(--mu)}
.dep{color:#b42318;font-size:13px;font-weight:600}
.body{padding:4px 16px 12px}
code{font-family:var(--mono);font-size:.92em}
.scope{display:inline-block;margin:2px 4px 2px 0;padding:0 8px;border:1px solid #9a6700;border-radius:10px;background:#fff8c5}
table{border-collapse:collapse;width:100%;font-size:14px}
th,td{border:1px solid var(--bd);padding:4px 8px;text-align:left;vertical-align:top}
th{background:var(--alt)}
.tree,.tree ul{list-style:none;margin:0;padding:0}
.tree ul{margin:2px 0 2px 6px;padding-left:16px;border-left:1px dashed #8c959f}
.tree li{margin:2px 0}
.pn{font-weight:600}
.t{font-family:var(--mono);font-size:.92em;color:#0550ae}
.req{color:#b42318;font-size:12px;font-weight:700}
.c,.mt{color:var(--mu);font-size:13px}
.mt{margin:6px 0 2px}
.resp{margin:8px 0 12px}
.st{font:700 14px var(--mono)}
.err{border:1px solid #b42318;background:#ffebe9;color:#82071e;padding:12px 16px;border-radius:6px;margin-top:16px}
.err h2{border:0;margin:0 0 4px;color:inherit}
@media (max-width:800px){.layout{display:block}nav{position:static;width:auto;max-height:none;border-right:0;border-bottom:1px solid var(--bd)}}
</style>
</head>
<body>
<a class="skip" href="#main">Skip to operations</a>
<header>
<h1 id="title">API documentation</h1>
<p class="ver" id="ver"></p>
<div class="d" id="desc"></div>
<div class="search" id="search" role="search">
<label for="q">Filter operations</label>
<input id="q" type="search" placeholder="Path, summary or tag" autocomplete="off" spellcheck="false">
<p id="count" role="status" aria-live="polite"></p>
</div>
</header>
<div class="layout">
<nav aria-label="API tags" id="tags"><h2>Tags</h2><ul id="toc"></ul></nav>
<main id="main" tabindex="-1"><p id="loading">Loading the API description&hellip;</p></main>
</div>
<script>
(() => {
  'use strict';
  const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
  const BADGES = ['get', 'put', 'post', 'delete', 'patch'];
  /* JSON Schema keywords shown next to the type, by their own names. */
  const LIMITS = ['format', 'enum', 'const', 'default', 'minimum', 'exclusiveMinimum', 'maximum', 'exclusiveMaximum', 'minLength',
    'maxLength', 'minItems', 'maxItems', 'uniqueItems', 'pattern', 'readOnly', 'writeOnly', 'deprecated'];
  const SCHEMA_REF = /^#[/]components[/]schemas[/][^/]+$/;
  const sections = [];
  let spec = {}, total = 0;
  const $ = (id) => document.getElementById(id);
  const isObj = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);
  const str = (x) => (typeof x === 'string' ? x : '');
  const json = (v) => { try { return JSON.stringify(v); } catch { return String(v); } };
  /* Creates an element; text is only ever set through textContent. */
  const h = (tag, cls, text) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null && text !== '') e.textContent = String(text);
    return e;
  };
  /* Appends nodes and strings (as text nodes), skipping falsy ones. */
  const ap = (parent, ...kids) => { for (const k of kids) if (k) parent.append(k); return parent; };
  const unptr = (k) => { try { k = decodeURIComponent(k); } catch {} return k.replace(/~1/g, '/').replace(/~0/g, '~'); };
  const resolve = (ref) => {
    if (!ref.startsWith('#/')) return undefined;
    let cur = spec;
    for (const k of ref.slice(2).split('/').map(unptr)) {
      if (cur === null || typeof cur !== 'object' || !Object.hasOwn(cur, k)) return undefined;
      cur = cur[k];
    }
    return cur;
  };
  /* Follows the $ref chain of a parameter, request body, response or path item. */
  const deref = (o) => {
    for (let i = 0; i < 20 && isObj(o) && typeof o.$ref === 'string'; i++) o = resolve(o.$ref);
    return isObj(o) ? o : {};
  };
  const typeText = (r) => r.label + (r.nullable ? ' | null' : '');
  const pick = (chain, key) => chain.find((s) => s[key] !== undefined)?.[key];

  /* Summarises a schema: follows $ref (seen holds the refs on the current path, to stop at cycles). */
  function info(s, seen) {
    const chain = [];
    let name = null, cyclic = false, nullable = false;
    for (let i = 0; i < 20 && isObj(s) && typeof s.$ref === 'string'; i++) {
      const ref = s.$ref;
      chain.push(s);
      if (SCHEMA_REF.test(ref)) name = unptr(ref.slice(21));
      if (seen.includes(ref)) { cyclic = true; name = name || ref; s = {}; break; }
      seen = [...seen, ref];
      s = resolve(ref);
      if (s === undefined) name = ref + ' (unresolved)';
    }
    if (!isObj(s)) s = {};
    chain.push(s);
    let types = [].concat(s.type ?? []).filter((t) => typeof t === 'string');
    if (types.length > 1 && types.includes('null')) { nullable = true; types = types.filter((t) => t !== 'null'); }
    if (s.nullable === true) nullable = true;
    let variants = Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : null;
    if (variants) {
      const rest = variants.filter((v) => !(isObj(v) && v.type === 'null'));
      if (rest.length < variants.length) {
        nullable = true;
        variants = rest;
        if (rest.length === 1 && !types.length && !isObj(s.properties)) {
          const r = info(rest[0], seen);
          return { ...r, chain: chain.concat(r.chain), nullable: true, label: r.name || !name ? r.label : name };
        }
      }
    }
    const isArr = types.includes('array') || (!types.length && s.items !== undefined);
    const items = isArr && s.items !== undefined ? info(s.items, seen) : null;
    const arrayOf = 'array of ' + (!items ? 'any' : items.nullable ? '(' + typeText(items) + ')' : items.label);
    const label = name || (types.length ? types.map((t) => (t === 'array' ? arrayOf : t)).join(' | ')
      : isArr ? arrayOf : isObj(s.properties) ? 'object' : Array.isArray(s.allOf) ? 'all of'
      : variants ? (Array.isArray(s.anyOf) ? 'any of' : 'one of') : Array.isArray(s.enum) ? 'enum' : 'any');
    return { s, seen, chain, name, cyclic, nullable, label, items, variants };
  }
  function limits(chain) {
    const out = [];
    for (const key of LIMITS) {
      const v = pick(chain, key);
      if (v === undefined || v === false) continue;
      out.push(v === true ? key : key + ': ' + (key === 'enum' && Array.isArray(v) ? v.map(json).join(', ')
        : typeof v === 'string' && key !== 'default' && key !== 'const' ? v : json(v)));
    }
    return out.length ? '(' + out.join('; ') + ')' : '';
  }
  /* One schema as a tree item: name, type, required marker, constraints, description, then children. */
  function node(name, s, required, seen, depth, pseudo) {
    const r = info(s, seen), line = h('div'), d = pick(r.chain, 'description');
    let inner = r;
    while (inner.items && !inner.cyclic) inner = inner.items;
    if (name !== null) ap(line, h(pseudo ? 'em' : 'code', pseudo ? 'c' : 'pn', name), ' ');
    ap(line, h('span', 't', typeText(r)), required && ' ', required && h('span', 'req', 'required'), ' ',
      h('span', 'c', limits(r.chain) + (inner.cyclic ? ' (recursive, see above)' : '')));
    return ap(h('li'), line, typeof d === 'string' && d && h('div', 'd c', d), children(inner, depth));
  }
  /* Properties, additional properties and variants of a schema (of the items, for arrays). */
  function children(r, depth) {
    if (r.cyclic || depth > 12) return null;
    const s = r.s, ul = h('ul'), req = Array.isArray(s.required) ? s.required : [];
    const sub = (name, v, pseudo) => ul.append(node(name, v, !pseudo && req.includes(name), r.seen, depth + 1, pseudo));
    if (isObj(s.properties)) for (const k of Object.keys(s.properties)) sub(k, s.properties[k], false);
    if (isObj(s.additionalProperties)) sub('additional properties', s.additionalProperties, true);
    if (Array.isArray(s.allOf)) s.allOf.forEach((v, i) => sub('all of #' + (i + 1), v, true));
    if (r.variants) r.variants.forEach((v, i) => sub((Array.isArray(s.anyOf) ? 'any' : 'one') + ' of #' + (i + 1), v, true));
    return ul.childNodes.length ? ul : null;
  }
  const tree = (schema) => ap(h('ul', 'tree'), node(null, schema, false, [], 0, false));
  function content(c, parent) {
    if (!isObj(c)) return;
    for (const [type, m] of Object.entries(c)) {
      ap(parent, ap(h('p', 'mt'), 'Content type ', h('code', null, type)),
        isObj(m) && m.schema !== undefined ? tree(m.schema) : h('p', 'c', 'No schema.'));
    }
  }
  function paramTable(params) {
    const head = h('tr'), body = h('tbody');
    for (const t of ['Name', 'In', 'Required', 'Type', 'Description']) { const th = h('th', null, t); th.scope = 'col'; head.append(th); }
    for (const p of params) {
      const media = isObj(p.content) ? Object.values(p.content)[0] : null;
      const r = info(p.schema ?? (isObj(media) ? media.schema : undefined), []);
      ap(body, ap(h('tr'), ap(h('td'), h('code', 'pn', str(p.name))), h('td', null, str(p.in)),
        h('td', null, p.required ? 'yes' : 'no'), ap(h('td'), h('span', 't', typeText(r)), ' ', h('span', 'c', limits(r.chain))),
        ap(h('td', 'd', str(p.description)), p.deprecated && h('span', 'dep', ' deprecated'))));
    }
    return ap(h('table'), ap(h('thead'), head), body);
  }
  /* Path-level parameters, overridden by operation-level ones with the same name and location. */
  function mergeParams(...lists) {
    const byKey = new Map();
    for (const list of lists) if (Array.isArray(list)) for (const raw of list) { const p = deref(raw); byKey.set(str(p.in) + ':' + str(p.name), p); }
    return [...byKey.values()];
  }
  /* The operation body is built the first time it is opened, which keeps large documents fast. */
  function operation(o) {
    const op = o.op, det = h('details', 'op');
    ap(det, ap(h('summary'), h('span', 'm ' + (BADGES.includes(o.method) ? o.method : 'other'), o.method.toUpperCase()), ' ',
      h('code', 'path', o.path), ' ', h('span', 'sum', str(op.summary)), op.deprecated && h('span', 'dep', ' deprecated')));
    det.addEventListener('toggle', () => {
      if (!det.open || det.childNodes.length > 1) return;
      try { det.append(operationBody(op, o.item)); } catch (err) { det.append(h('p', 'err', 'Could not render this operation: ' + err)); }
    });
    return det;
  }
  function operationBody(op, item) {
    const body = h('div', 'body'), scopes = op['x-required-scopes'];
    ap(body, str(op.description) && h('p', 'd', op.description),
      str(op.operationId) && ap(h('p', 'c'), 'Operation ID: ', h('code', null, op.operationId)));
    if (Array.isArray(scopes)) {
      ap(body, ap(h('p'), h('strong', null, 'Required scopes: '), !scopes.length && 'none',
        ...scopes.map((s) => h('code', 'scope', typeof s === 'string' ? s : json(s)))));
    }
    const params = mergeParams(item.parameters, op.parameters);
    if (params.length) ap(body, h('h3', null, 'Parameters'), paramTable(params));
    if (op.requestBody !== undefined) {
      const rb = deref(op.requestBody);
      ap(body, h('h3', null, 'Request body' + (rb.required ? ' (required)' : '')), str(rb.description) && h('p', 'd', rb.description));
      content(rb.content, body);
    }
    const responses = Object.entries(isObj(op.responses) ? op.responses : {});
    if (responses.length) body.append(h('h3', null, 'Responses'));
    for (const [code, raw] of responses) {
      const res = deref(raw), div = ap(h('div', 'resp'), ap(h('p'), h('span', 'st', code), ' ', str(res.description)));
      content(res.content, div);
      body.append(div);
    }
    return body;
  }
  function render() {
    const meta = isObj(spec.info) ? spec.info : {}, title = str(meta.title) || 'API', main = $('main');
    document.title = title + ' - API documentation';
    $('title').textContent = title;
    $('ver').textContent = [meta.version != null && 'Version ' + meta.version, spec.openapi != null && 'OpenAPI ' + spec.openapi]
      .filter(Boolean).join(' | ');
    $('desc').textContent = str(meta.description);
    const groups = new Map(), untagged = [], paths = isObj(spec.paths) ? spec.paths : {};
    const group = (name, desc) => groups.get(name) || groups.set(name, { name, desc, ops: [] }).get(name);
    for (const t of Array.isArray(spec.tags) ? spec.tags : []) if (isObj(t) && typeof t.name === 'string') group(t.name, str(t.description));
    for (const path of Object.keys(paths)) {
      const item = deref(paths[path]);
      for (const method of METHODS) {
        const op = item[method];
        if (!isObj(op)) continue;
        const tags = Array.isArray(op.tags) ? op.tags.filter((t) => typeof t === 'string') : [];
        (tags.length ? group(tags[0], '').ops : untagged).push({ path, method, op, item, tags });
      }
    }
    group('Other', '').ops.push(...untagged);
    main.textContent = '';
    let n = 0;
    for (const g of groups.values()) {
      if (!g.ops.length) continue;
      const id = 'tag-' + n++ + '-' + g.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').slice(0, 40);
      const heading = h('h2', null, g.name), sec = ap(h('section'), heading, g.desc && h('p', 'd', g.desc));
      const link = h('a', null, g.name + ' (' + g.ops.length + ')'), entry = { sec, li: ap(h('li'), link), ops: [] };
      sec.id = id;
      heading.id = id + '-h';
      sec.setAttribute('aria-labelledby', heading.id);
      link.href = '#' + id;
      for (const o of g.ops) {
        const el = operation(o);
        sec.append(el);
        entry.ops.push({ el, text: [o.method, o.path, str(o.op.summary), str(o.op.operationId), ...o.tags].join(' ').toLowerCase() });
        total++;
      }
      main.append(sec);
      $('toc').append(entry.li);
      sections.push(entry);
    }
    if (!total) main.append(h('p', null, 'This API description has no operations.'));
    filter();
    const target = location.hash.length > 1 && $(unptr(location.hash.slice(1)));
    if (target) target.scrollIntoView();
  }
  function filter() {
    const q = $('q').value.trim().toLowerCase();
    let shown = 0;
    for (const s of sections) {
      let visible = 0;
      for (const o of s.ops) { o.el.hidden = !!q && !o.text.includes(q); if (!o.el.hidden) visible++; }
      s.sec.hidden = s.li.hidden = !visible;
      shown += visible;
    }
    $('count').textContent = q ? shown + ' of ' + total + ' operations match' : total + ' operations';
  }
  $('q').addEventListener('input', filter);
  /* The document sits next to this page: /docs (or /docs/) loads /openapi.json, /stage/docs loads /stage/openapi.json. */
  const dir = location.pathname.replace(/[/]$/, '');
  const specUrl = dir.slice(0, dir.lastIndexOf('/') + 1) + 'openapi.json';
  fetch(specUrl, { headers: { Accept: 'application/json' }, credentials: 'same-origin' })
    .then((res) => {
      if (!res.ok) throw new Error('HTTP ' + res.status + (res.statusText ? ' ' + res.statusText : ''));
      return res.json();
    })
    .then((doc) => {
      if (!isObj(doc)) throw new Error('the response is not a JSON object');
      spec = doc;
      render();
    })
    .catch((err) => {
      const box = ap(h('div', 'err'), h('h2', null, 'Could not load the API description'),
        h('p', null, 'Fetching ' + specUrl + ' failed: ' + (err && err.message ? err.message : String(err))),
        h('p', null, 'Check that the API is reachable, then reload this page.'));
      box.setAttribute('role', 'alert');
      $('main').replaceChildren(box);
      $('search').hidden = $('tags').hidden = true;
    });
})();
</script>
</body>
</html>
`;
