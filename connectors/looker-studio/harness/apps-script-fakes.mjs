// Fakes of the Apps Script services the connector uses, small but faithful to their documented
// behaviour: synchronous calls, string-only property and cache values, Looker Studio's
// builders answering the JSON Looker Studio reads. `bridge` performs HTTP for UrlFetchApp and
// lets time pass for Utilities.sleep (the harness runs them on the main thread).
import { createHash, randomBytes } from 'node:crypto';

function store() {
  const values = new Map();
  return {
    getProperty: (key) => (values.has(key) ? values.get(key) : null),
    setProperty(key, value) {
      values.set(key, String(value));
      return this;
    },
    deleteProperty(key) {
      values.delete(key);
      return this;
    },
    getProperties: () => Object.fromEntries(values),
    setProperties(props) {
      for (const [k, v] of Object.entries(props)) values.set(k, String(v));
      return this;
    },
  };
}

function cache() {
  const values = new Map();
  return {
    get: (key) => values.get(key) ?? null,
    put: (key, value) => void values.set(key, String(value)),
    remove: (key) => void values.delete(key),
  };
}

/** UrlFetchApp: params as Apps Script takes them (payload object → form; string → as is). */
function urlFetchApp(bridge) {
  return {
    fetch(url, params = {}) {
      const method = (params.method ?? 'get').toUpperCase();
      const headers = { ...(params.headers ?? {}) };
      let body;
      if (params.payload !== undefined) {
        if (typeof params.payload === 'string') {
          body = params.payload;
          headers['content-type'] = params.contentType ?? 'application/x-www-form-urlencoded';
        } else {
          body = new URLSearchParams(params.payload).toString();
          headers['content-type'] = 'application/x-www-form-urlencoded';
        }
      }
      const answer = bridge.request({ url, method, headers, body });
      if (answer.status >= 400 && !params.muteHttpExceptions) {
        throw new Error(`Request failed for ${url} returned code ${answer.status}`);
      }
      return {
        getResponseCode: () => answer.status,
        getContentText: () => answer.body,
        getHeaders: () => answer.headers,
      };
    },
  };
}

/** Looker Studio's connector builder (DataStudioApp.createCommunityConnector()). */
function communityConnector() {
  const names = new Proxy({}, { get: (_t, name) => String(name) });
  const fields = () => {
    const list = [];
    const field = (conceptType) => {
      const f = { conceptType, semantics: { conceptType } };
      list.push(f);
      const builder = {
        setId: (id) => ((f.name = id), builder),
        setName: (name) => ((f.label = name), builder),
        setDescription: (d) => ((f.description = d), builder),
        setType: (type) => {
          f.semantics.semanticType = type;
          f.dataType = /^(NUMBER|PERCENT|DURATION|CURRENCY_)/.test(type)
            ? 'NUMBER'
            : type === 'BOOLEAN'
              ? 'BOOLEAN'
              : 'STRING';
          return builder;
        },
        setAggregation: (a) => ((f.defaultAggregationType = a), builder),
      };
      return builder;
    };
    return {
      newDimension: () => field('DIMENSION'),
      newMetric: () => field('METRIC'),
      asArray: () => list,
      build: () =>
        list.map(({ conceptType, ...f }) => ({
          ...f,
          semantics: { ...f.semantics, conceptType },
        })),
    };
  };
  const config = () => {
    const out = { configParams: [] };
    return {
      newSelectSingle() {
        const p = { type: 'SELECT_SINGLE', options: [] };
        out.configParams.push(p);
        const b = {
          setId: (id) => ((p.name = id), b),
          setName: (n) => ((p.displayName = n), b),
          setHelpText: (h) => ((p.helpText = h), b),
          setIsDynamic: (d) => ((p.isDynamic = d), b),
          addOption: (o) => (p.options.push(o.build()), b),
        };
        return b;
      },
      newOptionBuilder() {
        const o = {};
        const b = {
          setLabel: (l) => ((o.label = l), b),
          setValue: (v) => ((o.value = v), b),
          build: () => o,
        };
        return b;
      },
      setIsSteppedConfig(v) {
        out.isSteppedConfig = v;
        return this;
      },
      setDateRangeRequired(v) {
        out.dateRangeRequired = v;
        return this;
      },
      build: () => out,
    };
  };
  return {
    AuthType: names,
    FieldType: names,
    AggregationType: names,
    newAuthTypeResponse() {
      const out = {};
      const b = { setAuthType: (t) => ((out.type = t), b), build: () => out };
      return b;
    },
    getConfig: config,
    getFields: fields,
    newUserError() {
      let text = '';
      const b = {
        setText: (t) => ((text = t), b),
        setDebugText: () => b,
        throwException() {
          const error = new Error(text);
          error.userError = text;
          throw error;
        },
      };
      return b;
    },
  };
}

/**
 * The apps-script-oauth2 library's service (OAuth2.createService): authorization URL with
 * state and PKCE (S256), the code exchange at handleCallback, refresh when the access token is
 * about to expire, token storage in the property store, reset. Every call is real HTTP.
 */
function oauth2(fetchApp, now, redirectUri) {
  return {
    createService(name) {
      const s = { name, params: {} };
      let props = null;
      const key = `oauth2.${name}`;
      const form = (payload) =>
        JSON.parse(
          fetchApp
            .fetch(s.tokenUrl, { method: 'post', payload, muteHttpExceptions: true })
            .getContentText(),
        );
      const save = (token) => {
        if (token.error) return false;
        token.granted_time = Math.floor(now() / 1000);
        props.setProperty(key, JSON.stringify(token));
        return true;
      };
      const service = {
        setAuthorizationBaseUrl: (u) => ((s.authorizeUrl = u), service),
        setTokenUrl: (u) => ((s.tokenUrl = u), service),
        setClientId: (v) => ((s.clientId = v), service),
        setClientSecret: (v) => ((s.clientSecret = v), service),
        setScope: (v) => ((s.scope = v), service),
        setCallbackFunction: (v) => ((s.callback = v), service),
        setPropertyStore: (p) => ((props = p), service),
        setCache: () => service,
        setRedirectUri: (u) => ((s.redirectUri = u), service),
        generateCodeVerifier: () => ((s.pkce = true), service),
        getRedirectUri: () => s.redirectUri ?? redirectUri,
        getAuthorizationUrl() {
          const state = randomBytes(16).toString('base64url');
          const url = new URL(s.authorizeUrl);
          url.searchParams.set('client_id', s.clientId);
          url.searchParams.set('response_type', 'code');
          url.searchParams.set('redirect_uri', service.getRedirectUri());
          url.searchParams.set('state', state);
          if (s.scope) url.searchParams.set('scope', s.scope);
          if (s.pkce) {
            const verifier = randomBytes(32).toString('base64url');
            props.setProperty(`${key}.verifier.${state}`, verifier);
            url.searchParams.set(
              'code_challenge',
              createHash('sha256').update(verifier).digest('base64url'),
            );
            url.searchParams.set('code_challenge_method', 'S256');
          }
          return url.toString();
        },
        handleCallback(request) {
          const { code, state, error } = request.parameter ?? {};
          if (error) return false;
          const verifier = props.getProperty(`${key}.verifier.${state}`);
          if (!code || (s.pkce && !verifier)) throw new Error('Invalid state or code');
          props.deleteProperty(`${key}.verifier.${state}`);
          return save(
            form({
              grant_type: 'authorization_code',
              code,
              redirect_uri: service.getRedirectUri(),
              client_id: s.clientId,
              client_secret: s.clientSecret,
              ...(verifier ? { code_verifier: verifier } : {}),
            }),
          );
        },
        getToken() {
          const raw = props.getProperty(key);
          return raw ? JSON.parse(raw) : null;
        },
        hasAccess() {
          const token = service.getToken();
          if (!token || !token.access_token) return false;
          const expiresAt = (token.granted_time + (token.expires_in ?? 3600)) * 1000;
          if (expiresAt - 60_000 > now()) return true;
          if (!token.refresh_token) return false;
          const fresh = form({
            grant_type: 'refresh_token',
            refresh_token: token.refresh_token,
            client_id: s.clientId,
            client_secret: s.clientSecret,
          });
          if (fresh.error) return false;
          return save({ refresh_token: token.refresh_token, ...fresh });
        },
        getAccessToken() {
          const token = service.getToken();
          if (!token) throw new Error('Access not granted or expired.');
          return token.access_token;
        },
        reset() {
          props.deleteProperty(key);
        },
      };
      return service;
    },
  };
}

/** The global scope the connector's code runs in. */
export function appsScriptGlobals({ bridge, scriptProperties, redirectUri, now }) {
  const script = store();
  script.setProperties(scriptProperties);
  const user = store();
  const caches = { script: cache(), user: cache() };
  const fetchApp = urlFetchApp(bridge);
  return {
    UrlFetchApp: fetchApp,
    PropertiesService: {
      getScriptProperties: () => script,
      getUserProperties: () => user,
    },
    CacheService: {
      getScriptCache: () => caches.script,
      getUserCache: () => caches.user,
    },
    Utilities: { sleep: (ms) => bridge.sleep(ms) },
    HtmlService: { createHtmlOutput: (text) => ({ getContent: () => text }) },
    DataStudioApp: { createCommunityConnector: communityConnector },
    OAuth2: oauth2(fetchApp, now, redirectUri),
    console,
    Date,
    JSON,
    Math,
    encodeURIComponent,
  };
}
