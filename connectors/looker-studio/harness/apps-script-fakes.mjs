// Fakes of the Apps Script services the connector uses, faithful to their documented behaviour:
// synchronous calls; string-only property and cache values; the user's properties, caches and
// lock shared by every execution (they live on the harness's main thread, reached through
// `bridge`); state tokens opaque, encrypted and timed out; the clock the harness moves.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { communityConnector } from './data-studio-app.mjs';
import { oauth2Library } from './oauth2-library.mjs';

/** PropertiesService's store: https://developers.google.com/apps-script/reference/properties/properties */
function properties(bridge, scope) {
  const op = (name, ...args) => bridge.call('properties', { scope, op: name, args });
  const store = {
    getProperty: (key) => op('get', key),
    setProperty: (key, value) => (op('set', key, String(value)), store),
    deleteProperty: (key) => (op('delete', key), store),
    getProperties: () => op('all'),
    setProperties: (props) => (op('setAll', props), store),
    deleteAllProperties: () => (op('clear'), store),
  };
  return store;
}

/** CacheService's cache: https://developers.google.com/apps-script/reference/cache/cache */
function cache(bridge, scope) {
  const op = (name, ...args) => bridge.call('cache', { scope, op: name, args });
  return {
    get: (key) => op('get', key),
    // Ten minutes unless told; at most six hours.
    put: (key, value, seconds = 600) => void op('put', key, String(value), seconds),
    remove: (key) => void op('remove', key),
  };
}

/**
 * LockService's user lock (https://developers.google.com/apps-script/reference/lock/lock):
 * one per person, excluding every other execution; released when the execution ends.
 */
function userLock(bridge) {
  let held = false;
  const lock = {
    tryLock(ms) {
      held = bridge.call('lock', { op: 'wait', ms });
      return held;
    },
    waitLock(ms) {
      if (!lock.tryLock(ms)) {
        throw new Error('Lock timeout: another process was holding the lock for too long.');
      }
    },
    hasLock: () => held,
    releaseLock() {
      if (held) bridge.call('lock', { op: 'release' });
      held = false;
    },
  };
  return lock;
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

/**
 * ScriptApp's state tokens (https://developers.google.com/apps-script/reference/script/state-token-builder):
 * opaque and encrypted, naming the function the callback runs and its arguments, valid for
 * the timeout given (60 seconds unless told, at most an hour).
 */
function stateTokens(key, now) {
  return {
    newStateToken() {
      const token = { method: undefined, args: {}, timeout: 60 };
      const builder = {
        withMethod: (m) => ((token.method = m), builder),
        withArgument: (k, v) => ((token.args[k] = String(v)), builder),
        withTimeout: (seconds) => ((token.timeout = Math.min(seconds, 3600)), builder),
        createToken() {
          const iv = randomBytes(12);
          const cipher = createCipheriv('aes-256-gcm', key, iv);
          const plain = JSON.stringify({
            method: token.method,
            args: token.args,
            expiresAt: now() + token.timeout * 1000,
            pad: randomBytes(48).toString('base64'),
          });
          const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
          return `ADEpC${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
        },
      };
      return builder;
    },
  };
}

/** What a state token holds, or undefined when it was not made here or has timed out. */
export function openStateToken(key, token, now) {
  try {
    const bytes = Buffer.from(String(token).replace(/^ADEpC/, ''), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const plain = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
    const opened = JSON.parse(plain.toString('utf8'));
    return opened.expiresAt > now() ? opened : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Apps Script's console (https://developers.google.com/apps-script/guides/logging): each line
 * goes to the execution's log, at its level, where the harness keeps it for the tests.
 */
function executionLog(bridge) {
  const write =
    (level) =>
    (...args) =>
      bridge.log(level, args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
  return { log: write('INFO'), info: write('INFO'), warn: write('WARNING'), error: write('ERROR') };
}

/** A Date that reads the harness's clock, so the connector and the library see its time. */
function clockDate(now) {
  const RealDate = Date;
  function HarnessDate(...args) {
    if (!new.target) return new RealDate(now()).toString();
    return args.length === 0 ? new RealDate(now()) : new RealDate(...args);
  }
  HarnessDate.prototype = RealDate.prototype;
  HarnessDate.now = now;
  HarnessDate.UTC = RealDate.UTC;
  HarnessDate.parse = RealDate.parse;
  return HarnessDate;
}

/** The global scope one execution of the connector's code runs in. */
export function appsScriptGlobals({ bridge, redirectUri, now, stateKey }) {
  const UrlFetchApp = urlFetchApp(bridge);
  const ScriptApp = stateTokens(stateKey, now);
  return {
    UrlFetchApp,
    ScriptApp,
    PropertiesService: {
      getScriptProperties: () => properties(bridge, 'script'),
      getUserProperties: () => properties(bridge, 'user'),
    },
    CacheService: {
      getScriptCache: () => cache(bridge, 'script'),
      getUserCache: () => cache(bridge, 'user'),
    },
    LockService: { getUserLock: () => userLock(bridge) },
    Utilities: { sleep: (ms) => bridge.sleep(ms) },
    HtmlService: { createHtmlOutput: (html) => ({ getContent: () => String(html) }) },
    DataStudioApp: { createCommunityConnector: communityConnector },
    OAuth2: oauth2Library({ UrlFetchApp, ScriptApp, now, redirectUri }),
    console: executionLog(bridge),
    Date: clockDate(now),
    JSON,
    Math,
    encodeURIComponent,
  };
}
