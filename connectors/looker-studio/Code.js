/**
 * Looker Studio community connector for the team's connected data sources. It signs the
 * person in with the app's OAuth 2.0 server (authorization code + PKCE, through the
 * apps-script-oauth2 library), then reads report data from the app's data API: the account's
 * fields (held an hour for charts), then a job, answered at once from a stored result or polled
 * until its rows are ready, page by page.
 *
 * Script properties (Project settings → Script properties):
 *   APP_URL        the app's address, e.g. https://app.example.com (no trailing slash)
 *   CLIENT_ID      the app's LOOKER_STUDIO_CLIENT_ID
 *   CLIENT_SECRET  the app's LOOKER_STUDIO_CLIENT_SECRET
 *   ENVIRONMENT    production (default), patch, uat or qa: which data API to call
 *   CONNECTOR      optional: a connector id (e.g. google-ads) when this deployment serves one
 */

/* global LockService */

var cc = DataStudioApp.createCommunityConnector();

/** Longest a report waits for its job, and the first/longest pause between polls. */
var JOB_TIMEOUT_MS = 5 * 60 * 1000;
var FIRST_POLL_MS = 500;
var MAX_POLL_MS = 8000;

/**
 * Apps Script ends an execution after 6 minutes; waiting for a busy data API stops short of
 * that, with time left to tell the person. The script is loaded afresh for every execution,
 * so this is when the current one started.
 */
var EXECUTION_STARTED_MS = Date.now();
var EXECUTION_BUDGET_MS = 6 * 60 * 1000 - 30 * 1000;
/** When the data API says it is busy without saying for how long. */
var DEFAULT_RETRY_AFTER_MS = 5000;
/** Longest an execution waits for another to finish refreshing the token. */
var LOCK_WAIT_MS = 30 * 1000;

function settings_() {
  var props = PropertiesService.getScriptProperties();
  var appUrl = (props.getProperty('APP_URL') || '').replace(/\/+$/, '');
  if (!appUrl) throwUser_('The connector is not set up: its APP_URL script property is missing.');
  return {
    appUrl: appUrl,
    clientId: props.getProperty('CLIENT_ID') || '',
    clientSecret: props.getProperty('CLIENT_SECRET') || '',
    environment: props.getProperty('ENVIRONMENT') || 'production',
    connector: props.getProperty('CONNECTOR') || '',
  };
}

/**
 * Stops the execution with a message Looker Studio shows the person. Its debug text, which
 * Looker Studio shows admins only
 * (https://developers.google.com/apps-script/reference/data-studio/user-error), adds what the
 * data API said about the figures of a job this execution read.
 */
function throwUser_(message) {
  var debug = DATA_NOTICES.length > 0 ? message + '\n' + noticesDebugText_(DATA_NOTICES) : message;
  cc.newUserError().setText(message).setDebugText(debug).throwException();
}

// ─── Authorization ─────────────────────────────────────────────────────────────────────────

var USER_LOCK = null;

/**
 * The person's lock, one object for the whole execution. Looker Studio runs every chart as an
 * execution of its own, at once: when the access token lapses, the one holding this lock
 * refreshes it and the others, waiting, then read the token it stored instead of spending the
 * same refresh token again.
 */
function userLock_() {
  if (!USER_LOCK) USER_LOCK = LockService.getUserLock();
  return USER_LOCK;
}

function getOAuthService_() {
  var s = settings_();
  return OAuth2.createService('gds')
    .setAuthorizationBaseUrl(s.appUrl + '/connector-oauth/auth')
    .setTokenUrl(s.appUrl + '/connector-oauth/token')
    .setClientId(s.clientId)
    .setClientSecret(s.clientSecret)
    .setScope('data.read')
    .setCallbackFunction('authCallback')
    .setPropertyStore(PropertiesService.getUserProperties())
    .setCache(CacheService.getUserCache())
    .setLock(userLock_())
    .generateCodeVerifier();
}

function getAuthType() {
  return cc.newAuthTypeResponse().setAuthType(cc.AuthType.OAUTH2).build();
}

function get3PAuthorizationUrls() {
  return getOAuthService_().getAuthorizationUrl();
}

/**
 * Where the app sends the person back. The OAuth2 library answers false when they chose
 * Cancel and throws on any other error, or when the app refuses the code: each ends on a page
 * saying what happened and what to do.
 */
function authCallback(request) {
  var allowed;
  try {
    allowed = getOAuthService_().handleCallback(request);
  } catch (e) {
    return HtmlService.createHtmlOutput(
      '<p>The connector could not be authorized: ' +
        escapeHtml_(e && e.message ? e.message : String(e)) +
        '</p><p>Go back to Looker Studio and authorize it again. If this keeps happening, ' +
        'contact support.</p>',
    );
  }
  return HtmlService.createHtmlOutput(
    allowed
      ? '<p>Authorized. You can close this tab and go back to Looker Studio.</p>'
      : '<p>Not authorized. Go back to Looker Studio and try again.</p>',
  );
}

function escapeHtml_(text) {
  return text.replace(/[&<>"']/g, function (c) {
    return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c];
  });
}

function isAuthValid() {
  return getOAuthService_().hasAccess();
}

/** Forgets this person's authorization here and ends the grant at the app (RFC 7009). */
function resetAuth() {
  var service = getOAuthService_();
  var token = service.getToken();
  if (token && token.refresh_token) {
    var s = settings_();
    UrlFetchApp.fetch(s.appUrl + '/connector-oauth/token/revocation', {
      method: 'post',
      payload: {
        token: token.refresh_token,
        token_type_hint: 'refresh_token',
        client_id: s.clientId,
        client_secret: s.clientSecret,
      },
      muteHttpExceptions: true,
    });
  }
  service.reset();
}

function isAdminUser() {
  return PropertiesService.getScriptProperties().getProperty('DEBUG') === 'true';
}

// ─── Data API ──────────────────────────────────────────────────────────────────────────────

/** The data API's base for this deployment's environment, from the app's discovery document. */
function dataApiBase_() {
  var s = settings_();
  var cache = CacheService.getScriptCache();
  var key = 'data-api-base:' + s.environment;
  var cached = cache.get(key);
  if (cached) return cached;
  var response = UrlFetchApp.fetch(s.appUrl + '/.well-known/gds-data-api', {
    muteHttpExceptions: true,
  });
  if (response.getResponseCode() !== 200) {
    throwUser_(
      'The app at ' +
        s.appUrl +
        ' did not answer (HTTP ' +
        response.getResponseCode() +
        '). Try again in a few minutes.',
    );
  }
  var base = JSON.parse(response.getContentText()).environments[s.environment];
  if (!base) throwUser_('The app has no data API for the ' + s.environment + ' environment.');
  cache.put(key, base, 3600);
  return base;
}

/**
 * One data API call with the person's token; a refusal becomes a message Looker Studio shows.
 * A refused token is renewed once (the person's grant may still stand); a busy data API (429,
 * 503) is asked again after the wait it names.
 */
function api_(method, path, body) {
  var service = getOAuthService_();
  var renewed = false;
  for (;;) {
    if (!service.hasAccess()) throwUser_('Authorize the connector again: its access has ended.');
    var token = service.getAccessToken();
    var options = {
      method: method,
      headers: { Authorization: 'Bearer ' + token },
      muteHttpExceptions: true,
    };
    if (body !== undefined) {
      options.contentType = 'application/json';
      options.payload = JSON.stringify(body);
    }
    var response = UrlFetchApp.fetch(dataApiBase_() + path, options);
    var code = response.getResponseCode();
    if (code === 401 && !renewed && renewRefusedToken_(service, token)) {
      renewed = true;
      continue;
    }
    if (code === 401) {
      service.reset();
      throwUser_('The connector’s access was revoked or has expired. Reauthorize it to continue.');
    }
    if (code === 429 || code === 503) {
      waitToRetry_(response, code);
      continue;
    }
    var parsed = JSON.parse(response.getContentText() || '{}');
    if (code >= 400)
      throwUser_((parsed.error && parsed.error.message) || 'The data API refused the request.');
    return parsed;
  }
}

/**
 * The data API refused `refused`. Under the person's lock: when another execution has stored
 * a newer token meanwhile, that one is used; otherwise the token is refreshed once. False when
 * there is nothing to renew with or the app refuses the refresh (the grant has ended).
 */
function renewRefusedToken_(service, refused) {
  var lock = userLock_();
  lock.waitLock(LOCK_WAIT_MS);
  try {
    var stored = service.getToken(true);
    if (stored && stored.access_token && stored.access_token !== refused) return true;
    if (!stored || !stored.refresh_token) return false;
    try {
      service.refresh();
      return true;
    } catch {
      return false;
    }
  } finally {
    lock.releaseLock();
  }
}

/**
 * Sleeps for the Retry-After the data API sent (seconds, or an HTTP date), when that still
 * leaves the execution time to finish; otherwise tells the person to try again later.
 */
function waitToRetry_(response, code) {
  var headers = response.getHeaders() || {};
  var value = null;
  Object.keys(headers).forEach(function (name) {
    if (name.toLowerCase() === 'retry-after') value = String(headers[name]);
  });
  var waitMs = DEFAULT_RETRY_AFTER_MS;
  if (value !== null && /^\d+$/.test(value.trim())) waitMs = Number(value.trim()) * 1000;
  else if (value !== null && !isNaN(Date.parse(value))) waitMs = Date.parse(value) - Date.now();
  waitMs = Math.max(waitMs, 1000);
  if (Date.now() + waitMs > EXECUTION_STARTED_MS + EXECUTION_BUDGET_MS) {
    throwUser_(
      'The data API is busy (HTTP ' +
        code +
        ') and asked to wait longer than this report can. Refresh the report in a few minutes.',
    );
  }
  Utilities.sleep(waitMs);
}

// ─── Data notes ────────────────────────────────────────────────────────────────────────────

/**
 * The optional "Data notes" dimension: what the data API said about a chart's figures (the
 * provider sampled them, may have withheld rows with few users, lumped rows into "(other)").
 * It is the connector's own field, never sent to the data API.
 */
var DATA_NOTES_ID = 'data_notes';

/** The notices of the job this execution read (the script is loaded afresh for each one). */
var DATA_NOTICES = [];

/** Each notice kind in a few words, for one short sentence per row. */
var NOTE_WORDS = {
  sampled: 'figures are estimates from a sample',
  thresholded: 'rows with few users may be withheld',
  other_row: 'some rows are lumped into "(other)"',
};

/** Looker Studio's fields: https://developers.google.com/apps-script/reference/data-studio/fields */
function addDataNotesField_(fields) {
  fields
    .newDimension()
    .setId(DATA_NOTES_ID)
    .setName('Data notes')
    .setDescription(
      'Whether the data source sampled these figures, may have withheld rows with few users, ' +
        'or lumped rows into "(other)". Empty when the figures are whole.',
    )
    .setType(cc.FieldType.TEXT);
}

/** The notices as one short sentence, or '' when there were none. */
function notesSentence_(notices) {
  if (notices.length === 0) return '';
  var text = notices
    .map(function (n) {
      return NOTE_WORDS[n.kind] || n.message.replace(/\.$/, '');
    })
    .join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1) + '.';
}

/** The notices in full, as the data API words them, for admins. */
function noticesDebugText_(notices) {
  return (
    'Data notices: ' +
    notices
      .map(function (n) {
        return n.kind + ': ' + n.message;
      })
      .join(' ')
  );
}

/**
 * What a chart of Data notes alone asks the data API: a metric that adds up over any range
 * (so no range is refused for it), else the account's first field.
 */
function notesOnlyField_(offered) {
  var summed = offered.filter(function (f) {
    return f.semantics.conceptType === 'METRIC' && f.aggregation === 'SUM';
  });
  var field = summed[0] || offered[0];
  if (!field) throwUser_('This account offers no fields to report on. Refresh its fields.');
  return field.id;
}

// ─── Looker Studio's connector functions ───────────────────────────────────────────────────

function getConfig(request) {
  var config = cc.getConfig();
  var params = (request && request.configParams) || {};
  var connector = settings_().connector || params.connector;
  if (!settings_().connector) {
    var connectors = api_('get', '/connectors').connectors;
    var choice = config
      .newSelectSingle()
      .setId('connector')
      .setName('Data source')
      .setHelpText('Which kind of data source to report on.')
      .setIsDynamic(true);
    connectors.forEach(function (c) {
      choice.addOption(config.newOptionBuilder().setLabel(c.name).setValue(c.id));
    });
    if (!connector) {
      config.setIsSteppedConfig(true);
      return config.build();
    }
  }
  var accounts = api_('get', '/connectors/' + encodeURIComponent(connector) + '/accounts').accounts;
  var account = config
    .newSelectSingle()
    .setId('account')
    .setName('Account')
    .setHelpText('The account this data source reports on.');
  accounts.forEach(function (a) {
    account.addOption(config.newOptionBuilder().setLabel(a.name).setValue(a.id));
  });
  config.setDateRangeRequired(true);
  return config.build();
}

function connectorOf_(params) {
  var connector = settings_().connector || (params && params.connector);
  if (!connector) throwUser_('Choose a data source in the connector’s settings.');
  if (!params || !params.account) throwUser_('Choose an account in the connector’s settings.');
  return connector;
}

/** The account's fields as the data API lists them. */
function accountFields_(params) {
  var connector = connectorOf_(params);
  return api_(
    'get',
    '/connectors/' +
      encodeURIComponent(connector) +
      '/schema?account=' +
      encodeURIComponent(params.account),
  ).fields;
}

/** How long a person's executions reuse an account's field list for charts (seconds). */
var CHART_FIELDS_SECONDS = 3600;
/**
 * CacheService keeps at most 100 KB a key
 * (https://developers.google.com/apps-script/reference/cache/cache#putkey,-value,-expirationinseconds);
 * a character is up to three bytes in UTF-8.
 */
var CACHE_MAX_CHARS = 33000;

/**
 * The account's fields as a chart needs them (no descriptions: Looker Studio shows getSchema's),
 * kept an hour in the user cache that all of the person's executions share, so each chart of
 * a report asks the data API for its job only. A chart naming a field the held list lacks (one
 * made at the provider since) reads the list anew. A list too large for the cache is read
 * every time, as before.
 */
function chartFields_(params, names) {
  var cache = CacheService.getUserCache();
  var key = 'chart-fields:' + connectorOf_(params) + ':' + params.account;
  var held = cache.get(key);
  if (held) {
    var fields = JSON.parse(held);
    var ids = {};
    fields.forEach(function (f) {
      ids[f.id] = true;
    });
    var complete = names.every(function (name) {
      return name === DATA_NOTES_ID || ids[name];
    });
    if (complete) return fields;
  }
  var read = accountFields_(params).map(function (f) {
    return { id: f.id, name: f.name, semantics: f.semantics, aggregation: f.aggregation };
  });
  var text = JSON.stringify(read);
  if (text.length <= CACHE_MAX_CHARS) cache.put(key, text, CHART_FIELDS_SECONDS);
  return read;
}

/**
 * The fields as a Looker Studio Fields object, in the order asked (all of the account's, then
 * Data notes, when none are named).
 */
function fields_(offered, wanted) {
  var fields = cc.getFields();
  var byId = {};
  offered.forEach(function (f) {
    byId[f.id] = f;
  });
  (
    wanted ||
    offered
      .map(function (f) {
        return f.id;
      })
      .concat([DATA_NOTES_ID])
  ).forEach(function (id) {
    if (id === DATA_NOTES_ID) {
      addDataNotesField_(fields);
      return;
    }
    var f = byId[id];
    if (!f)
      throwUser_('The field ' + id + ' is no longer offered. Refresh the data source’s fields.');
    var field = f.semantics.conceptType === 'METRIC' ? fields.newMetric() : fields.newDimension();
    field.setId(f.id).setName(f.name).setType(fieldType_(f.semantics.semanticType));
    if (f.description) field.setDescription(f.description);
    if (f.aggregation && f.semantics.conceptType === 'METRIC') {
      // The data API says NONE where Looker Studio's AggregationType says NO_AGGREGATION.
      field.setAggregation(
        f.aggregation === 'NONE'
          ? cc.AggregationType.NO_AGGREGATION
          : cc.AggregationType[f.aggregation],
      );
    }
  });
  return fields;
}

/**
 * Looker Studio's type for a semantic type the data API names. Its FieldType is a fixed list:
 * a currency it does not list is shown as a number, anything else unknown as text.
 */
function fieldType_(semanticType) {
  if (cc.FieldType[semanticType]) return cc.FieldType[semanticType];
  return /^CURRENCY_/.test(semanticType) ? cc.FieldType.NUMBER : cc.FieldType.TEXT;
}

function getSchema(request) {
  return { schema: fields_(accountFields_(request.configParams)).build() };
}

/**
 * Looker Studio names one chart's fields, in the order each row's values must follow
 * (https://developers.google.com/looker-studio/connector/reference#getdata). Data notes is the
 * connector's own: the job is asked for the other fields only, so a chart with it and one
 * without share a job and its stored result, and each row carries the job's notes.
 */
function getData(request) {
  var names = request.fields.map(function (f) {
    return f.name;
  });
  var offered = chartFields_(request.configParams, names);
  var requested = fields_(offered, names);
  var asked = names.filter(function (name) {
    return name !== DATA_NOTES_ID;
  });
  var answer = finishedJob_(request, asked.length > 0 ? asked : [notesOnlyField_(offered)]);
  var notes = notesSentence_(DATA_NOTICES);
  if (DATA_NOTICES.length > 0 && isAdminUser()) {
    // Looker Studio shows debug text with errors only: for a report that worked, admins read
    // the notices in the execution's log, where console.warn writes
    // (https://developers.google.com/looker-studio/connector/debug,
    // https://developers.google.com/apps-script/guides/logging).
    console.warn(noticesDebugText_(DATA_NOTICES));
  }
  // A chart of Data notes alone: one row, the notes on the account's figures over the range.
  if (asked.length === 0) {
    return {
      schema: requested.build(),
      rows: [
        {
          values: names.map(function () {
            return notes;
          }),
        },
      ],
    };
  }
  var columns = names.map(function (name) {
    return name === DATA_NOTES_ID ? null : answer.fields.indexOf(name);
  });
  return {
    schema: requested.build(),
    rows: answer.rows.map(function (values) {
      return {
        values: columns.map(function (at) {
          return at === null ? notes : values[at];
        }),
      };
    }),
  };
}

/**
 * Starts the job, polls it with back-off, and answers its fields and every page's rows. A job
 * answered from a stored result comes back done with its first page: no poll at all.
 */
function finishedJob_(request, fields) {
  var job = api_('post', '/jobs', {
    account: request.configParams.account,
    fields: fields,
    dateRange: request.dateRange,
    filters: [],
  });
  var started = Date.now();
  var wait = FIRST_POLL_MS;
  var answer =
    job.state === 'done' && job.rows
      ? job
      : api_('get', '/jobs/' + encodeURIComponent(job.jobId) + '?page=1');
  while (answer.state === 'queued' || answer.state === 'running') {
    if (Date.now() - started > JOB_TIMEOUT_MS) {
      throwUser_(
        'The data source is taking too long to answer. Refresh the report in a few minutes.',
      );
    }
    Utilities.sleep(Math.max(wait, Math.min(answer.retryAfterMs || 0, MAX_POLL_MS)));
    wait = Math.min(wait * 2, MAX_POLL_MS);
    answer = api_('get', '/jobs/' + encodeURIComponent(job.jobId) + '?page=1');
  }
  if (answer.state === 'failed') throwUser_(answer.reason);
  DATA_NOTICES = answer.notices || [];
  var done = { fields: answer.fields, rows: [] };
  for (;;) {
    answer.rows.forEach(function (values) {
      done.rows.push(values);
    });
    if (!answer.nextPage) return done;
    answer = api_('get', '/jobs/' + encodeURIComponent(job.jobId) + '?page=' + answer.nextPage);
  }
}
