import { spawnSync } from 'node:child_process';
import ICAL from 'ical.js';
import nodeIcal, { type VEvent } from 'node-ical';

/** One event as a calendar reader understood it; instants as ISO strings in UTC, null when the reader found no instant. */
export interface ReadEvent {
  uid: string;
  start: string | null;
  end: string | null;
  sequence: number | null;
  lastModified: string | null;
}

/** Debian's interpreter, which sees Debian's python3-icalendar (a pyenv or venv python3 first on PATH would not). */
const PYTHON = '/usr/bin/python3';
export const PYTHON_ICALENDAR_MISSING =
  'python-icalendar is needed to read the calendar feed as a Python program would: ' +
  `apt-get install -y python3-icalendar (Debian's package, for ${PYTHON}).`;

// A date or a floating time (no zone, no Z) names no instant: None, so a test sees it.
const PYTHON_READER = `
import datetime, json, sys
try:
    import icalendar
except ImportError:
    sys.exit(3)
def instant(event, name):
    if name not in event:
        return None
    value = event.decoded(name)
    if not isinstance(value, datetime.datetime) or value.tzinfo is None:
        return None
    return value.astimezone(datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%S.000Z')
events = []
for event in icalendar.Calendar.from_ical(sys.stdin.buffer.read()).walk('VEVENT'):
    events.append({
        'uid': str(event['UID']),
        'start': instant(event, 'DTSTART'),
        'end': instant(event, 'DTEND'),
        'sequence': int(event['SEQUENCE']) if 'SEQUENCE' in event else None,
        'lastModified': instant(event, 'LAST-MODIFIED'),
    })
json.dump(events, sys.stdout)
`;

/** The events as python-icalendar reads them; throws saying how to install it when it is missing. */
export function readWithPythonIcalendar(text: string): ReadEvent[] {
  const run = spawnSync(PYTHON, ['-c', PYTHON_READER], { input: text, encoding: 'utf8', timeout: 60_000 });
  if (run.error && (run.error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(PYTHON_ICALENDAR_MISSING);
  if (run.status === 3) throw new Error(PYTHON_ICALENDAR_MISSING);
  if (run.error || run.status !== 0) throw new Error(`python-icalendar could not read the feed: ${run.error?.message ?? run.stderr}`);
  return JSON.parse(run.stdout) as ReadEvent[];
}

/** The events as ical.js (Mozilla's reader) reads them, with the feed's own VTIMEZONEs, if any. */
export function readWithIcalJs(text: string): ReadEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  // A floating time would be read in this machine's own zone: no instant.
  const instant = (time: ICAL.Time | null) => (!time || time.zone === ICAL.Timezone.localTimezone ? null : time.toJSDate().toISOString());
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    const lastModified = component.getFirstPropertyValue('last-modified');
    return {
      uid: event.uid,
      start: instant(event.startDate),
      end: instant(event.endDate),
      sequence: component.hasProperty('sequence') ? event.sequence : null,
      lastModified: instant(lastModified instanceof ICAL.Time ? lastModified : null),
    };
  });
}

/** The events as node-ical reads them. */
export function readWithNodeIcal(text: string): ReadEvent[] {
  return Object.values(nodeIcal.sync.parseICS(text))
    .filter((c): c is VEvent => c?.type === 'VEVENT')
    .map((event) => ({
      uid: event.uid,
      start: event.start.toISOString(),
      end: event.end?.toISOString() ?? null,
      sequence: event.sequence === undefined ? null : Number(event.sequence),
      lastModified: event.lastmodified?.toISOString() ?? null,
    }));
}

/** The events as each of the three readers reads them, by reader name. */
export function readCalendarEverywhere(text: string): Record<'python-icalendar' | 'ical.js' | 'node-ical', ReadEvent[]> {
  return { 'python-icalendar': readWithPythonIcalendar(text), 'ical.js': readWithIcalJs(text), 'node-ical': readWithNodeIcal(text) };
}
