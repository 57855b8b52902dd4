/**
 * The webhook portal: one self-contained page (inline CSS and vanilla JS, no build step, no
 * third-party requests) that a magic link opens. It reads the link's token from the URL fragment,
 * removes the fragment from the address bar, exchanges the token for a portal session (kept in
 * `sessionStorage`, so it dies with the tab) and then talks only to `/portal/api`.
 * Everything the API answers is shown with `textContent`, never parsed as HTML.
 * The script avoids backticks and dollar-brace so it can live in this template literal unescaped.
 */
export const portalPageHtml = String.raw`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'">
<title>Webhooks portal</title>
<style>
  :root { color-scheme: light; --fg: #1f2328; --muted: #57606a; --line: #d0d7de; --accent: #0b5cad; --bad: #a40e26; --good: #1a7f37; --bg2: #f6f8fa; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); }
  header { padding: 12px 24px; border-bottom: 1px solid var(--line); display: flex; gap: 16px; align-items: baseline; }
  header h1 { font-size: 20px; margin: 0; }
  main { padding: 16px 24px; max-width: 1100px; }
  h2 { font-size: 18px; margin: 16px 0 8px; }
  h3 { font-size: 16px; margin: 16px 0 8px; }
  table { border-collapse: collapse; width: 100%; margin: 8px 0; }
  th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
  th { background: var(--bg2); font-weight: 600; }
  button { font: inherit; padding: 5px 12px; border: 1px solid var(--line); border-radius: 6px; background: #fff; color: var(--fg); cursor: pointer; }
  button.primary { background: var(--accent); border-color: var(--accent); color: #fff; }
  button.danger { color: var(--bad); border-color: var(--bad); }
  button:disabled { opacity: .6; cursor: default; }
  :focus-visible { outline: 3px solid #f0b400; outline-offset: 2px; }
  h2[tabindex="-1"]:focus { outline: none; }
  label { display: block; font-weight: 600; margin: 10px 0 4px; }
  input[type=url], input[type=text], input[type=datetime-local], textarea { font: inherit; padding: 6px 8px; border: 1px solid #8c959f; border-radius: 6px; width: 100%; max-width: 640px; }
  fieldset { border: 1px solid var(--line); border-radius: 6px; margin: 10px 0; max-width: 900px; }
  fieldset label { display: inline-flex; gap: 6px; font-weight: 400; margin: 2px 16px 2px 0; min-width: 260px; }
  .row { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 8px 0; }
  .muted { color: var(--muted); }
  .hint { color: var(--muted); font-size: 13px; margin: 2px 0; }
  .status-succeeded { color: var(--good); font-weight: 600; }
  .status-failed { color: var(--bad); font-weight: 600; }
  .status-pending { color: var(--muted); font-weight: 600; }
  code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 13px; }
  pre { background: var(--bg2); padding: 8px; border-radius: 6px; overflow: auto; max-height: 320px; white-space: pre-wrap; word-break: break-all; }
  #status { min-height: 1.5em; margin: 0; }
  #status.error { color: var(--bad); }
  .notice { padding: 12px 16px; border: 1px solid var(--bad); border-radius: 6px; color: var(--bad); max-width: 640px; }
  .panel { border: 1px solid var(--line); border-radius: 8px; padding: 4px 16px 12px; margin: 12px 0; }
</style>
</head>
<body>
<header><h1>Webhooks</h1><span id="team" class="muted"></span></header>
<main>
  <p id="status" role="status" aria-live="polite"></p>

  <section id="view-blocked" hidden>
    <h2 tabindex="-1">Portal link not usable</h2>
    <p class="notice" id="blocked-text"></p>
  </section>

  <section id="view-endpoints" hidden aria-labelledby="endpoints-heading">
    <h2 id="endpoints-heading" tabindex="-1">Endpoints</h2>
    <div class="row"><button type="button" class="primary" id="add-endpoint">Add endpoint</button></div>
    <table>
      <caption class="muted" style="text-align:left">Where events are sent</caption>
      <thead><tr><th scope="col">URL</th><th scope="col">Description</th><th scope="col">Events</th><th scope="col">State</th><th scope="col"><span class="muted">Actions</span></th></tr></thead>
      <tbody id="endpoint-rows"></tbody>
    </table>
    <p id="no-endpoints" class="muted" hidden>No endpoints yet.</p>
  </section>

  <section id="view-form" hidden aria-labelledby="form-heading">
    <h2 id="form-heading" tabindex="-1">Add endpoint</h2>
    <form id="endpoint-form" novalidate>
      <label for="f-url">URL</label>
      <input id="f-url" name="url" type="url" required placeholder="https://example.com/webhooks" aria-describedby="f-url-hint">
      <p class="hint" id="f-url-hint">https only; plain http is allowed for localhost and 127.0.0.1.</p>
      <label for="f-description">Description</label>
      <input id="f-description" name="description" type="text" maxlength="500">
      <fieldset>
        <legend>Event types</legend>
        <p class="hint">Leave all unchecked to receive every event type.</p>
        <div id="f-types"></div>
      </fieldset>
      <label style="font-weight:400; display:inline-flex; gap:6px"><input type="checkbox" id="f-disabled"> Disabled (receives nothing)</label>
      <div class="row">
        <button type="submit" class="primary" id="f-save">Save endpoint</button>
        <button type="button" id="f-cancel">Cancel</button>
      </div>
    </form>
  </section>

  <section id="view-endpoint" hidden aria-labelledby="endpoint-heading">
    <div class="row"><button type="button" id="back-to-list">Back to endpoints</button></div>
    <h2 id="endpoint-heading" tabindex="-1">Endpoint</h2>
    <p id="endpoint-summary" class="muted"></p>
    <div class="row">
      <button type="button" id="edit-endpoint">Edit</button>
      <button type="button" id="toggle-endpoint">Disable</button>
      <button type="button" id="test-endpoint">Send test event</button>
      <button type="button" class="danger" id="delete-endpoint">Delete</button>
    </div>
    <div class="panel">
      <h3>Signing secret</h3>
      <p class="hint">Verify each request's <code>webhook-signature</code> header with this secret (Standard Webhooks).</p>
      <p><code id="secret-value">••••••••••••••••</code></p>
      <div class="row">
        <button type="button" id="reveal-secret" aria-controls="secret-value">Reveal secret</button>
        <button type="button" class="danger" id="rotate-secret">Rotate secret</button>
      </div>
    </div>
    <div class="panel">
      <h3>Replay failed messages</h3>
      <label for="replay-since">Failed since</label>
      <div class="row">
        <input id="replay-since" type="datetime-local" style="max-width:260px">
        <button type="button" id="replay-failed">Replay failed messages</button>
      </div>
    </div>
    <h3 id="messages-heading">Messages</h3>
    <div class="row">
      <button type="button" id="refresh-messages">Refresh</button>
      <button type="button" id="newer-messages">Newer</button>
      <button type="button" id="older-messages">Older</button>
      <span id="messages-range" class="muted"></span>
    </div>
    <table aria-labelledby="messages-heading">
      <thead><tr><th scope="col">Time</th><th scope="col">Event type</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Last status code</th><th scope="col"><span class="muted">Actions</span></th></tr></thead>
      <tbody id="message-rows"></tbody>
    </table>
    <p id="no-messages" class="muted" hidden>No messages yet.</p>
  </section>

  <section id="view-message" hidden aria-labelledby="message-heading">
    <div class="row"><button type="button" id="back-to-endpoint">Back to endpoint</button></div>
    <h2 id="message-heading" tabindex="-1">Message</h2>
    <p id="message-summary" class="muted"></p>
    <div class="row"><button type="button" id="replay-message">Replay to this endpoint</button></div>
    <h3>Attempts</h3>
    <table>
      <thead><tr><th scope="col">#</th><th scope="col">Time</th><th scope="col">Trigger</th><th scope="col">Status code</th><th scope="col">Duration</th><th scope="col">Response</th></tr></thead>
      <tbody id="attempt-rows"></tbody>
    </table>
    <p id="no-attempts" class="muted" hidden>No attempt yet: the message is waiting to be sent.</p>
    <h3>Payload</h3>
    <pre id="message-payload"></pre>
  </section>
</main>
<script>
(function () {
  'use strict';
  var storageKey = 'webhook-portal-session';
  var pageSize = 20;
  var state = { session: null, eventTypes: [], endpoints: [], endpoint: null, editing: null, offset: 0, total: 0, message: null };

  function el(id) { return document.getElementById(id); }
  function make(tag, text, className) {
    var node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    if (className) node.className = className;
    return node;
  }
  function button(text, onClick, className) {
    var node = make('button', text, className);
    node.type = 'button';
    node.addEventListener('click', onClick);
    return node;
  }
  function say(message, isError) {
    var status = el('status');
    status.textContent = message;
    status.className = isError ? 'error' : '';
  }
  function when(iso) { return iso ? new Date(iso).toLocaleString() : ''; }

  var views = ['view-blocked', 'view-endpoints', 'view-form', 'view-endpoint', 'view-message'];
  function show(id) {
    views.forEach(function (view) { el(view).hidden = view !== id; });
    var heading = el(id).querySelector('h2');
    if (heading) heading.focus();
  }
  function blocked(text) {
    el('blocked-text').textContent = text;
    show('view-blocked');
  }

  function api(method, path, body) {
    var headers = { authorization: 'Bearer ' + (state.session ? state.session.session_token : '') };
    if (body !== undefined) headers['content-type'] = 'application/json';
    return fetch('/portal/api' + path, { method: method, headers: headers, body: body === undefined ? undefined : JSON.stringify(body) })
      .then(function (response) {
        return response.json().catch(function () { return null; }).then(function (json) {
          if (response.ok && json && json.success) return json;
          if (response.status === 401 && path !== '/session') {
            sessionStorage.removeItem(storageKey);
            blocked('Your portal session has expired. Open the portal again with a new link.');
          }
          var error = json && json.error ? json.error : { message: 'The request failed (' + response.status + ')' };
          var details = (error.details || []).map(function (detail) { return detail.path.replace(/^body\./, '') + ': ' + detail.message; });
          throw new Error(details.length ? error.message + ' — ' + details.join('; ') : error.message);
        });
      });
  }
  function failed(error) { say(error.message, true); }

  // Session: a magic link's token arrives in the fragment; it is removed from the address bar at once.
  function start() {
    var match = /[#&]token=([^&]+)/.exec(location.hash);
    if (match) {
      history.replaceState(null, '', location.pathname + location.search);
      say('Opening the portal…');
      api('POST', '/session', { token: decodeURIComponent(match[1]) })
        .then(function (json) {
          state.session = json.data;
          sessionStorage.setItem(storageKey, JSON.stringify(json.data));
          ready();
        })
        .catch(function () {
          say('');
          blocked('This portal link is invalid, has expired or was already used. Links work once, for 10 minutes: ask for a new one.');
        });
      return;
    }
    try { state.session = JSON.parse(sessionStorage.getItem(storageKey) || 'null'); } catch (ignored) { state.session = null; }
    if (!state.session || Date.parse(state.session.expires_at) <= Date.now()) {
      blocked('No portal session. Open the portal with a link from GET /v1/webhooks/portal.');
      return;
    }
    ready();
  }

  function ready() {
    el('team').textContent = state.session.team_name;
    api('GET', '/event-types').then(function (json) {
      state.eventTypes = json.data;
      return loadEndpoints();
    }).then(function () { say('Portal ready.'); }).catch(failed);
  }

  function loadEndpoints() {
    return api('GET', '/endpoints').then(function (json) {
      state.endpoints = json.data;
      renderEndpoints();
      show('view-endpoints');
    });
  }

  function stateText(endpoint) {
    if (!endpoint.disabled) return 'Enabled';
    return endpoint.disabled_reason === 'failing' ? 'Disabled: failing since ' + when(endpoint.failing_since) : 'Disabled';
  }

  function renderEndpoints() {
    var rows = el('endpoint-rows');
    rows.replaceChildren();
    state.endpoints.forEach(function (endpoint) {
      var row = make('tr');
      row.appendChild(make('td', endpoint.url));
      row.appendChild(make('td', endpoint.description));
      row.appendChild(make('td', endpoint.event_types.length ? endpoint.event_types.join(', ') : 'All event types'));
      row.appendChild(make('td', stateText(endpoint)));
      var actions = make('td');
      var open = button('Open', function () { openEndpoint(endpoint.id); });
      open.setAttribute('aria-label', 'Open ' + endpoint.url);
      actions.appendChild(open);
      row.appendChild(actions);
      rows.appendChild(row);
    });
    el('no-endpoints').hidden = state.endpoints.length > 0;
  }

  // Create and edit.
  function openForm(endpoint) {
    state.editing = endpoint;
    el('form-heading').textContent = endpoint ? 'Edit endpoint' : 'Add endpoint';
    el('f-url').value = endpoint ? endpoint.url : '';
    el('f-description').value = endpoint ? endpoint.description : '';
    el('f-disabled').checked = endpoint ? endpoint.disabled : false;
    var types = el('f-types');
    types.replaceChildren();
    state.eventTypes.forEach(function (eventType, index) {
      var label = make('label');
      var box = document.createElement('input');
      box.type = 'checkbox';
      box.value = eventType.type;
      box.id = 'type-' + index;
      box.checked = endpoint ? endpoint.event_types.indexOf(eventType.type) >= 0 : false;
      label.title = eventType.description;
      label.appendChild(box);
      label.appendChild(make('span', eventType.type));
      types.appendChild(label);
    });
    show('view-form');
    el('f-url').focus();
  }

  el('endpoint-form').addEventListener('submit', function (submitted) {
    submitted.preventDefault();
    var body = {
      url: el('f-url').value.trim(),
      description: el('f-description').value,
      event_types: Array.prototype.map.call(el('f-types').querySelectorAll('input:checked'), function (box) { return box.value; }),
      disabled: el('f-disabled').checked,
    };
    var editing = state.editing;
    el('f-save').disabled = true;
    (editing ? api('PATCH', '/endpoints/' + editing.id, body) : api('POST', '/endpoints', body))
      .then(function (json) {
        say(editing ? 'Endpoint saved.' : 'Endpoint created.');
        return loadEndpoints().then(function () { return openEndpoint(json.data.id); });
      })
      .catch(function (error) { failed(error); el('f-url').focus(); })
      .then(function () { el('f-save').disabled = false; });
  });
  el('f-cancel').addEventListener('click', function () { state.editing && state.endpoint ? show('view-endpoint') : show('view-endpoints'); });
  el('add-endpoint').addEventListener('click', function () { openForm(null); });

  // One endpoint.
  function openEndpoint(id) {
    var endpoint = state.endpoints.filter(function (candidate) { return candidate.id === id; })[0];
    if (!endpoint) return loadEndpoints();
    state.endpoint = endpoint;
    state.offset = 0;
    el('endpoint-heading').textContent = endpoint.url;
    el('endpoint-summary').textContent = (endpoint.description ? endpoint.description + ' · ' : '') + (endpoint.event_types.length ? endpoint.event_types.length + (endpoint.event_types.length === 1 ? ' event type' : ' event types') : 'All event types') + ' · ' + stateText(endpoint);
    el('toggle-endpoint').textContent = endpoint.disabled ? 'Enable' : 'Disable';
    el('secret-value').textContent = '••••••••••••••••';
    el('reveal-secret').textContent = 'Reveal secret';
    el('reveal-secret').setAttribute('aria-expanded', 'false');
    var since = new Date(Date.now() - 24 * 3600 * 1000);
    since.setMinutes(since.getMinutes() - since.getTimezoneOffset());
    el('replay-since').value = since.toISOString().slice(0, 16);
    show('view-endpoint');
    return loadMessages();
  }

  function loadMessages() {
    var endpoint = state.endpoint;
    return api('GET', '/endpoints/' + endpoint.id + '/messages?limit=' + pageSize + '&offset=' + state.offset).then(function (json) {
      state.total = json.meta.total;
      var rows = el('message-rows');
      rows.replaceChildren();
      json.data.forEach(function (message) {
        var row = make('tr');
        row.appendChild(make('td', when(message.timestamp)));
        row.appendChild(make('td', message.event_type));
        row.appendChild(make('td', message.status, 'status-' + message.status));
        row.appendChild(make('td', message.attempt_count));
        row.appendChild(make('td', message.last_status_code === null ? '—' : message.last_status_code));
        var actions = make('td');
        var view = button('View', function () { openMessage(message.event_id); });
        view.setAttribute('aria-label', 'View ' + message.event_type + ' message of ' + when(message.timestamp));
        actions.appendChild(view);
        row.appendChild(actions);
        rows.appendChild(row);
      });
      el('no-messages').hidden = json.data.length > 0;
      el('messages-range').textContent = json.data.length ? (state.offset + 1) + '–' + (state.offset + json.data.length) + ' of ' + state.total : '';
      el('newer-messages').disabled = state.offset === 0;
      el('older-messages').disabled = state.offset + json.data.length >= state.total;
    });
  }

  el('back-to-list').addEventListener('click', function () { loadEndpoints().catch(failed); });
  el('edit-endpoint').addEventListener('click', function () { openForm(state.endpoint); });
  el('refresh-messages').addEventListener('click', function () { loadMessages().then(function () { say('Messages refreshed.'); }).catch(failed); });
  el('newer-messages').addEventListener('click', function () { state.offset = Math.max(0, state.offset - pageSize); loadMessages().catch(failed); });
  el('older-messages').addEventListener('click', function () { state.offset += pageSize; loadMessages().catch(failed); });

  el('toggle-endpoint').addEventListener('click', function () {
    var endpoint = state.endpoint;
    api('PATCH', '/endpoints/' + endpoint.id, { disabled: !endpoint.disabled })
      .then(function () { say(endpoint.disabled ? 'Endpoint enabled.' : 'Endpoint disabled.'); return loadEndpoints(); })
      .then(function () { return openEndpoint(endpoint.id); })
      .catch(failed);
  });
  el('delete-endpoint').addEventListener('click', function () {
    var endpoint = state.endpoint;
    if (!confirm('Delete the endpoint ' + endpoint.url + '? It will receive nothing more.')) return;
    api('DELETE', '/endpoints/' + endpoint.id)
      .then(function () { state.endpoint = null; return loadEndpoints(); })
      .then(function () { say('Endpoint deleted.'); })
      .catch(failed);
  });
  el('test-endpoint').addEventListener('click', function () {
    api('POST', '/endpoints/' + state.endpoint.id + '/test')
      .then(function () { say('Test event sent. It appears in the messages below.'); return loadMessages(); })
      .catch(failed);
  });
  el('reveal-secret').addEventListener('click', function () {
    var shown = el('reveal-secret').getAttribute('aria-expanded') === 'true';
    if (shown) {
      el('secret-value').textContent = '••••••••••••••••';
      el('reveal-secret').textContent = 'Reveal secret';
      el('reveal-secret').setAttribute('aria-expanded', 'false');
      return;
    }
    api('GET', '/endpoints/' + state.endpoint.id + '/secret').then(function (json) {
      el('secret-value').textContent = json.data.secret;
      el('reveal-secret').textContent = 'Hide secret';
      el('reveal-secret').setAttribute('aria-expanded', 'true');
    }).catch(failed);
  });
  el('rotate-secret').addEventListener('click', function () {
    if (!confirm('Rotate the secret? The receiver must use the new secret to verify signatures from now on.')) return;
    api('POST', '/endpoints/' + state.endpoint.id + '/secret/rotate').then(function (json) {
      el('secret-value').textContent = json.data.secret;
      el('reveal-secret').textContent = 'Hide secret';
      el('reveal-secret').setAttribute('aria-expanded', 'true');
      say('Secret rotated. The new secret is shown.');
    }).catch(failed);
  });
  el('replay-failed').addEventListener('click', function () {
    var value = el('replay-since').value;
    if (!value) { say('Choose the time from which to replay failed messages.', true); el('replay-since').focus(); return; }
    api('POST', '/endpoints/' + state.endpoint.id + '/replay-failed', { since: new Date(value).toISOString() })
      .then(function (json) { say(json.data.replayed + ' failed messages queued for replay.'); return loadMessages(); })
      .catch(failed);
  });

  // One message.
  function openMessage(eventId) {
    return api('GET', '/messages/' + eventId).then(function (json) {
      var message = json.data;
      state.message = message;
      el('message-heading').textContent = message.event_type;
      el('message-summary').textContent = 'Event ' + message.event_id + ' · ' + when(message.timestamp);
      var delivery = message.deliveries.filter(function (candidate) { return candidate.endpoint_id === state.endpoint.id; })[0];
      var rows = el('attempt-rows');
      rows.replaceChildren();
      var attempts = delivery ? delivery.attempts : [];
      attempts.forEach(function (attempt) {
        var row = make('tr');
        row.appendChild(make('td', attempt.attempt));
        row.appendChild(make('td', when(attempt.attempted_at)));
        row.appendChild(make('td', attempt.trigger));
        row.appendChild(make('td', attempt.status_code === null ? (attempt.error || 'no answer') : attempt.status_code, attempt.succeeded ? 'status-succeeded' : 'status-failed'));
        row.appendChild(make('td', attempt.duration_ms + ' ms'));
        var excerpt = make('td');
        excerpt.appendChild(make('code', attempt.response_excerpt));
        row.appendChild(excerpt);
        rows.appendChild(row);
      });
      el('no-attempts').hidden = attempts.length > 0;
      el('message-payload').textContent = message.payload === null ? 'Not dispatched yet.' : JSON.stringify(message.payload, null, 2);
      show('view-message');
    }).catch(failed);
  }
  el('back-to-endpoint').addEventListener('click', function () { show('view-endpoint'); loadMessages().catch(failed); });
  el('replay-message').addEventListener('click', function () {
    var eventId = state.message.event_id;
    api('POST', '/messages/' + eventId + '/replay', { endpoint_id: state.endpoint.id })
      .then(function () { say('Message queued for replay.'); return openMessage(eventId); })
      .catch(failed);
  });

  start();
})();
</script>
</body>
</html>
`;
