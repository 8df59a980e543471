// Looker Studio's connector builder (DataStudioApp.createCommunityConnector()): builders that
// answer the JSON Looker Studio reads, and its enums as fixed lists, so a type Looker Studio
// does not know fails here as it fails there.

/**
 * FieldType's values, from
 * https://developers.google.com/apps-script/reference/data-studio/field-type
 */
const FIELD_TYPES = [
  'YEAR',
  'YEAR_QUARTER',
  'YEAR_MONTH',
  'YEAR_WEEK',
  'YEAR_MONTH_DAY',
  'YEAR_MONTH_DAY_HOUR',
  'YEAR_MONTH_DAY_MINUTE',
  'YEAR_MONTH_DAY_SECOND',
  'QUARTER',
  'MONTH',
  'WEEK',
  'MONTH_DAY',
  'DAY_OF_WEEK',
  'DAY',
  'HOUR',
  'MINUTE',
  'DURATION',
  'COUNTRY',
  'COUNTRY_CODE',
  'CONTINENT',
  'CONTINENT_CODE',
  'SUB_CONTINENT',
  'SUB_CONTINENT_CODE',
  'REGION',
  'REGION_CODE',
  'CITY',
  'CITY_CODE',
  'METRO',
  'METRO_CODE',
  'LATITUDE_LONGITUDE',
  'NUMBER',
  'PERCENT',
  'TEXT',
  'BOOLEAN',
  'URL',
  'HYPERLINK',
  'IMAGE',
  'IMAGE_LINK',
  ...[
    'AED',
    'ALL',
    'ARS',
    'AUD',
    'BDT',
    'BGN',
    'BOB',
    'BRL',
    'CAD',
    'CDF',
    'CHF',
    'CLP',
    'CNY',
    'COP',
    'CRC',
    'CZK',
    'DKK',
    'DOP',
    'EGP',
    'ETB',
    'EUR',
    'GBP',
    'HKD',
    'HRK',
    'HUF',
    'IDR',
    'ILS',
    'INR',
    'IRR',
    'ISK',
    'JMD',
    'JPY',
    'KRW',
    'LKR',
    'LTL',
    'MNT',
    'MVR',
    'MXN',
    'MYR',
    'NOK',
    'NZD',
    'PAB',
    'PEN',
    'PHP',
    'PKR',
    'PLN',
    'RON',
    'RSD',
    'RUB',
    'SAR',
    'SEK',
    'SGD',
    'THB',
    'TRY',
    'TWD',
    'TZS',
    'UAH',
    'USD',
    'UYU',
    'VEF',
    'VND',
    'YER',
    'ZAR',
  ].map((code) => `CURRENCY_${code}`),
];

/** https://developers.google.com/apps-script/reference/data-studio/aggregation-type */
const AGGREGATION_TYPES = [
  'AVG',
  'COUNT',
  'COUNT_DISTINCT',
  'MAX',
  'MIN',
  'SUM',
  'AUTO',
  'NO_AGGREGATION',
];

const AUTH_TYPES = [
  'NONE',
  'OAUTH2',
  'USER_PASS',
  'KEY',
  'USER_TOKEN',
  'PATH_USER_PASS',
  'PATH_KEY',
];

/** An Apps Script enum: its members by name; reading an unknown name gives undefined. */
const enumOf = (names) => Object.freeze(Object.fromEntries(names.map((n) => [n, n])));

/** What a builder's setter takes: only a member of its enum, as in Apps Script. */
function member(names, what, value) {
  if (!names.includes(value)) {
    throw new Error(`Invalid argument: ${String(value)} is not a ${what}.`);
  }
  return value;
}

function fields() {
  const list = [];
  const field = (conceptType) => {
    const f = { conceptType, semantics: { conceptType } };
    list.push(f);
    const builder = {
      setId: (id) => ((f.name = id), builder),
      setName: (name) => ((f.label = name), builder),
      setDescription: (d) => ((f.description = d), builder),
      setType: (type) => {
        f.semantics.semanticType = member(FIELD_TYPES, 'FieldType', type);
        f.dataType = /^(NUMBER|PERCENT|DURATION|CURRENCY_)/.test(type)
          ? 'NUMBER'
          : type === 'BOOLEAN'
            ? 'BOOLEAN'
            : 'STRING';
        return builder;
      },
      setAggregation: (a) => {
        f.defaultAggregationType = member(AGGREGATION_TYPES, 'AggregationType', a);
        return builder;
      },
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
}

function config() {
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
}

export function communityConnector() {
  return {
    AuthType: enumOf(AUTH_TYPES),
    FieldType: enumOf(FIELD_TYPES),
    AggregationType: enumOf(AGGREGATION_TYPES),
    newAuthTypeResponse() {
      const out = {};
      const b = {
        setAuthType: (t) => ((out.type = member(AUTH_TYPES, 'AuthType', t)), b),
        build: () => out,
      };
      return b;
    },
    getConfig: config,
    getFields: fields,
    // https://developers.google.com/apps-script/reference/data-studio/user-error: the text
    // everyone sees, and a debug text Looker Studio shows admins only.
    newUserError() {
      let text = '';
      let debugText = '';
      const b = {
        setText: (t) => ((text = t), b),
        setDebugText: (t) => ((debugText = t), b),
        throwException() {
          const error = new Error(text);
          error.userError = text;
          error.debugText = debugText;
          throw error;
        },
      };
      return b;
    },
  };
}
