import { CLIENT_LINK_PATH_PREFIX, INVITATION_PATH_PREFIX } from '@gds/contract';
/** What a secret is replaced with wherever it would be written. */
export const REDACTED = '[REDACTED]';

/** Object keys whose values are credentials, compared without case, `_` or `-`. */
const SECRET_KEYS = new Set([
  'authorization',
  'proxyauthorization',
  'cookie',
  'setcookie',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'token',
  'clientsecret',
  'apikey',
  'apitoken',
  'apisecret',
  'secretkey',
  'secret',
  'password',
  'codeverifier',
]);

const CREDENTIAL_NAMES =
  '(?:access|refresh|id)[_-]?token|client[_-]?secret|api[_-]?(?:key|token|secret)|secret[_-]?key|code[_-]?verifier|password|authorization|token';
// A value in text runs to the next space, quote or separator. Control characters do not end it,
// so a secret holding a line break is hidden whole, not up to the break.
const VALUE = '[^ "\'`,;&<>(){}\\[\\]]+';

const TEXT_RULES: ReadonlyArray<readonly [RegExp, string]> = [
  // Authorization schemes first (Bearer <token>, Basic <base64>), so that the key rule
  // below then hides the scheme word of `Authorization: Bearer …` and not the token.
  [new RegExp(`\\b([Bb]earer|BEARER|Basic|BASIC)(\\s+)${VALUE}`, 'g'), `$1$2${REDACTED}`],
  // A JSON pair inside text: "access_token":"…"
  [new RegExp(`("(?:${CREDENTIAL_NAMES})"\\s*:\\s*")(?:[^"\\\\]|\\\\.)*"`, 'gi'), `$1${REDACTED}"`],
  // key=value and key: value, as in query strings, form bodies, header lines and inspected
  // objects ({ apiKey: '…' }).
  [
    new RegExp(`(?<![A-Za-z0-9])((?:${CREDENTIAL_NAMES})['"]?\\s*[=:]\\s*['"]?)${VALUE}`, 'gi'),
    `$1${REDACTED}`,
  ],
  // An OAuth code or state as a query or form parameter (elsewhere "code" is an error code).
  [new RegExp(`((?:^|[?&\\s])(?:code|state)=)${VALUE}`, 'g'), `$1${REDACTED}`],
  // fetch's own message quotes the whole header: Headers.set: "<value>" is an invalid header value.
  [/"[^]*?"(?= is an invalid header (?:value|name))/g, `"${REDACTED}"`],
];

/**
 * Pages opened from a link carry its token in their path (`/invite/<token>`, `/connect/<token>`):
 * whoever reads a request log must not be able to use the link.
 */
const LINK_PATH = new RegExp(
  `^(${[INVITATION_PATH_PREFIX, CLIENT_LINK_PATH_PREFIX].join('|')})[A-Za-z0-9_%-]{20,}`,
);

/** A request path with a link's token hidden. */
export function redactPath(path: string): string {
  return path.replace(LINK_PATH, `$1${REDACTED}`);
}

/** Text with every credential the rules recognise replaced. */
export function redactText(text: string): string {
  return TEXT_RULES.reduce((out, [rule, replacement]) => out.replace(rule, replacement), text);
}

const normalKey = (key: string) => key.toLowerCase().replace(/[_-]/g, '');

/** A copy of a log record with every string redacted and credential-named keys hidden. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object' || depth > 32) return value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      redactText(key),
      SECRET_KEYS.has(normalKey(key)) && item !== null && item !== undefined
        ? REDACTED
        : redactValue(item, depth + 1),
    ]),
  );
}

/**
 * Words every rule and every credential key above contains (case aside): a line without any
 * of them has nothing to hide and is written as it is, which keeps logging cheap.
 */
const MAY_HOLD_SECRET =
  /bearer|basic|token|secret|key|password|authoriz|cookie|verifier|code=|state=|invalid header/i;

/**
 * One log line as written (pino's JSON plus a newline): every string in it, at any depth
 * (message, err.message, err.stack, nested objects), goes through the same rules. A line that
 * is not JSON is redacted as text.
 */
export function redactLogLine(line: string): string {
  if (!MAY_HOLD_SECRET.test(line)) return line;
  const newline = line.endsWith('\n') ? '\n' : '';
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch {
    return redactText(line);
  }
  return JSON.stringify(redactValue(record)) + newline;
}

const urlEncoded = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return text; // not well-formed Unicode: it cannot have been sent URL-encoded either
  }
};

/**
 * Text with these exact values replaced, also as they appear URL-encoded or JSON-escaped: what
 * a layer that knows the secrets it sent uses before an error leaves it. Longest first, so a
 * secret containing another is hidden whole.
 */
export function redactValues(text: string, secrets: Iterable<string | undefined>): string {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (!secret) continue;
    forms.add(secret).add(urlEncoded(secret)).add(JSON.stringify(secret).slice(1, -1));
  }
  let out = text;
  for (const form of [...forms].sort((a, b) => b.length - a.length)) {
    out = out.replaceAll(form, REDACTED);
  }
  return out;
}
