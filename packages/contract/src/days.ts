/**
 * The calendar day (YYYY-MM-DD) of an instant in an IANA time zone: the server counts an
 * account's days and a Stats range in it, the sandbox dates its accounts' figures, the web
 * app names today in the browser's zone. Making an Intl.DateTimeFormat costs far more than
 * using one (every chart's job and schema asks for its account's yesterday), so each zone's is
 * made once. Zones come from providers and browsers: a short list in practice, capped all the
 * same. A zone the runtime does not know throws a RangeError, as Intl does.
 */
const formats = new Map<string, Intl.DateTimeFormat>();
const MAX_ZONES = 500;

export function dayIn(instant: Date, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    if (formats.size >= MAX_ZONES) formats.clear();
    formats.set(timeZone, format);
  }
  return format.format(instant);
}
