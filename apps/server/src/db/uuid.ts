const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Ids come from URLs and forms: anything that is not a uuid cannot name a row, so it is not
 * found without asking the database (which would refuse to compare it with a uuid column).
 */
export const isUuid = (value: string) => UUID.test(value);
