/**
 * Looker Studio community connector for the team's connected data sources. It signs the
 * person in with the app's OAuth 2.0 server (authorization code + PKCE, through the
 * apps-script-oauth2 library), then reads report data from the app's data API: schema, then a
 * job that is polled until its rows are ready, page by page.
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

function throwUser_(message) {
  cc.newUserError().setText(message).setDebugText(message).throwException();
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

/** The account's fields as a Looker Studio Fields object (all of them, or those asked for). */
function fields_(params, only) {
  var connector = connectorOf_(params);
  var schema = api_(
    'get',
    '/connectors/' +
      encodeURIComponent(connector) +
      '/schema?account=' +
      encodeURIComponent(params.account),
  );
  var fields = cc.getFields();
  var wanted = only
    ? only.map(function (f) {
        return f.name;
      })
    : null;
  var byId = {};
  schema.fields.forEach(function (f) {
    byId[f.id] = f;
  });
  (
    wanted ||
    schema.fields.map(function (f) {
      return f.id;
    })
  ).forEach(function (id) {
    var f = byId[id];
    if (!f)
      throwUser_('The field ' + id + ' is no longer offered. Refresh the data source’s fields.');
    var field = f.semantics.conceptType === 'METRIC' ? fields.newMetric() : fields.newDimension();
    field
      .setId(f.id)
      .setName(f.name)
      .setDescription(f.description)
      .setType(fieldType_(f.semantics.semanticType));
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
  return { schema: fields_(request.configParams).build() };
}

function getData(request) {
  var requested = fields_(request.configParams, request.fields);
  var job = api_('post', '/jobs', {
    account: request.configParams.account,
    fields: request.fields.map(function (f) {
      return f.name;
    }),
    dateRange: request.dateRange,
    filters: [],
  });
  var started = Date.now();
  var wait = FIRST_POLL_MS;
  var answer = api_('get', '/jobs/' + encodeURIComponent(job.jobId) + '?page=1');
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
  var rows = [];
  for (;;) {
    answer.rows.forEach(function (values) {
      rows.push({ values: values });
    });
    if (!answer.nextPage) break;
    answer = api_('get', '/jobs/' + encodeURIComponent(job.jobId) + '?page=' + answer.nextPage);
  }
  return { schema: requested.build(), rows: rows };
}
