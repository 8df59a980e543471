// A stand-in for the apps-script-oauth2 library (OAuth2.createService), written from its
// documented behaviour (https://github.com/googleworkspace/apps-script-oauth2, README and
// reference): what the connector relies on behaves as it does there.
//
// - The PKCE verifier is made when the service is built and travels in the state token's
//   arguments; Apps Script hands them back in the callback's request.parameter.
// - handleCallback answers false only for access_denied; any other error, or a code exchange
//   the token endpoint refuses, throws.
// - The token is kept under `oauth2.<service>` in the property store and in the cache (shared by
//   every execution of the person, `"__NULL__"` when there is none), and in the service's memory.
// - hasAccess() and getAccessToken() refresh a token that expires within a minute; with a lock
//   set, they take it, read the token again past the memory, and refresh only if it is still
//   due (another execution may have refreshed it while this one waited).
// - reset() deletes every `oauth2.<service>` property and its cache entry.
import { createHash, randomBytes } from 'node:crypto';

const EXPIRY_BUFFER_SECONDS = 60;
const LOCK_WAIT_MS = 30 * 1000;
const CACHE_SECONDS = 6 * 60 * 60;
const NULL_MARKER = '__NULL__';

/** The token storage of one service: memory, then cache, then properties. */
function storage(prefix, props, cache) {
  const memory = new Map();
  const remove = (key) => {
    props?.deleteProperty(key);
    cache?.remove(key);
    memory.delete(key);
  };
  return {
    get(skipMemory) {
      if (!skipMemory && memory.has(prefix)) {
        const value = memory.get(prefix);
        return value === NULL_MARKER ? null : value;
      }
      const cached = cache?.get(prefix);
      if (cached) {
        const value = JSON.parse(cached);
        memory.set(prefix, value);
        return value === NULL_MARKER ? null : value;
      }
      const stored = props?.getProperty(prefix);
      if (stored) {
        cache?.put(prefix, stored, CACHE_SECONDS);
        const value = JSON.parse(stored);
        memory.set(prefix, value);
        return value;
      }
      memory.set(prefix, NULL_MARKER);
      cache?.put(prefix, JSON.stringify(NULL_MARKER), CACHE_SECONDS);
      return null;
    },
    set(value) {
      const json = JSON.stringify(value);
      props?.setProperty(prefix, json);
      cache?.put(prefix, json, CACHE_SECONDS);
      memory.set(prefix, value);
    },
    reset() {
      const keys = props
        ? Object.keys(props.getProperties()).filter(
            (k) => k === prefix || k.startsWith(`${prefix}.`),
          )
        : [...memory.keys()];
      for (const key of keys) remove(key);
      remove(prefix);
    },
  };
}

/** `OAuth2` as the connector sees it, over the execution's Apps Script services. */
export function oauth2Library({ UrlFetchApp, ScriptApp, now, redirectUri }) {
  const seconds = () => Math.floor(now() / 1000);
  return {
    getRedirectUri: () => redirectUri,
    createService(name) {
      const s = { params: {} };
      let store;
      let lastError;
      const tokens = () => (store ??= storage(`oauth2.${name}`, s.props, s.cache));
      const fetchToken = (payload) => {
        const response = UrlFetchApp.fetch(s.tokenUrl, {
          method: 'post',
          headers: { Accept: 'application/json' },
          payload,
          muteHttpExceptions: true,
        });
        let token;
        try {
          token = JSON.parse(response.getContentText());
        } catch (e) {
          throw new Error(`Token response not valid JSON: ${e}`);
        }
        const code = response.getResponseCode();
        if (code < 200 || code >= 300 || token.error) {
          const reason = [token.error, token.error_description].filter(Boolean).join(', ');
          throw new Error(
            `Error retrieving token: ${reason || `${code}: ${JSON.stringify(token)}`}`,
          );
        }
        if (token.expires_in) token.expiresAt = seconds() + Number(token.expires_in);
        return token;
      };
      const isExpired = (token) =>
        token.expiresAt !== undefined && token.expiresAt - seconds() < EXPIRY_BUFFER_SECONDS;
      const lockable = (work) => {
        let release = false;
        if (s.lock && !s.lock.hasLock()) {
          s.lock.waitLock(LOCK_WAIT_MS);
          release = true;
        }
        const result = work();
        if (release) s.lock.releaseLock();
        return result;
      };
      const service = {
        setAuthorizationBaseUrl: (u) => ((s.authorizeUrl = u), service),
        setTokenUrl: (u) => ((s.tokenUrl = u), service),
        setClientId: (v) => ((s.clientId = v), service),
        setClientSecret: (v) => ((s.clientSecret = v), service),
        setScope: (v) => ((s.params.scope = v), service),
        setParam: (k, v) => ((s.params[k] = v), service),
        setCallbackFunction: (v) => ((s.callback = v), service),
        setPropertyStore: (p) => ((s.props = p), service),
        setCache: (c) => ((s.cache = c), service),
        setLock: (l) => ((s.lock = l), service),
        setRedirectUri: (u) => ((s.redirectUri = u), service),
        generateCodeVerifier: () => ((s.verifier = randomBytes(32).toString('base64url')), service),
        getRedirectUri: () => s.redirectUri ?? redirectUri,
        getAuthorizationUrl(extra = {}) {
          const state = ScriptApp.newStateToken()
            .withMethod(s.callback)
            .withArgument('serviceName', name)
            .withTimeout(3600);
          if (s.verifier) state.withArgument('codeVerifier_', s.verifier);
          for (const [k, v] of Object.entries(extra)) state.withArgument(k, v);
          const url = new URL(s.authorizeUrl);
          url.searchParams.set('client_id', s.clientId);
          url.searchParams.set('response_type', 'code');
          url.searchParams.set('redirect_uri', service.getRedirectUri());
          url.searchParams.set('state', state.createToken());
          if (s.verifier) {
            url.searchParams.set(
              'code_challenge',
              createHash('sha256').update(s.verifier).digest('base64url'),
            );
            url.searchParams.set('code_challenge_method', 'S256');
          }
          for (const [k, v] of Object.entries(s.params)) url.searchParams.set(k, v);
          return url.toString();
        },
        handleCallback(request) {
          const { code, error, codeVerifier_: verifier } = request.parameter;
          if (error) {
            if (error === 'access_denied') return false;
            throw new Error(`Error authorizing token: ${error}`);
          }
          const token = fetchToken({
            code,
            client_id: s.clientId,
            client_secret: s.clientSecret,
            redirect_uri: service.getRedirectUri(),
            grant_type: 'authorization_code',
            ...(verifier ? { code_verifier: verifier } : {}),
          });
          tokens().set(token);
          return true;
        },
        getToken: (skipMemory) => tokens().get(skipMemory),
        hasAccess() {
          let token = service.getToken();
          if (token && !isExpired(token)) return true;
          if (!token?.refresh_token) return false;
          return lockable(() => {
            token = service.getToken(true);
            if (token && !isExpired(token)) return true;
            try {
              if (!token?.refresh_token) return false;
              service.refresh();
              return true;
            } catch (e) {
              lastError = e;
              return false;
            }
          });
        },
        getAccessToken() {
          if (!service.hasAccess()) throw new Error('Access not granted or expired.');
          return service.getToken().access_token;
        },
        refresh() {
          lockable(() => {
            const token = service.getToken();
            if (!token?.refresh_token) throw new Error('Offline access is required.');
            const fresh = fetchToken({
              refresh_token: token.refresh_token,
              client_id: s.clientId,
              client_secret: s.clientSecret,
              grant_type: 'refresh_token',
            });
            fresh.refresh_token ??= token.refresh_token;
            tokens().set(fresh);
          });
        },
        reset: () => tokens().reset(),
        getLastError: () => lastError,
      };
      return service;
    },
  };
}
