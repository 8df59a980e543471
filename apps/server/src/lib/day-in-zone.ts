/**
 * The calendar day (YYYY-MM-DD) of an instant in an IANA time zone. Making an
 * Intl.DateTimeFormat costs far more than using one (the report bench saw it on every chart:
 * each job and schema asks for the account's yesterday), so each zone's is made once. Zones
 * come from providers and the browser: a short list in practice, capped all the same.
 */
const formats = new Map<string, Intl.DateTimeFormat | null>();
const MAX_ZONES = 500;

/** The day in `timeZone`, or undefined when this runtime does not know the zone. */
export function dayInZone(instant: Date, timeZone: string): string | undefined {
  let format = formats.get(timeZone);
  if (format === undefined) {
    try {
      // en-CA writes dates as YYYY-MM-DD.
      format = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
    } catch {
      format = null;
    }
    if (formats.size >= MAX_ZONES) formats.clear();
    formats.set(timeZone, format);
  }
  return format?.format(instant);
}
