/* eslint-disable no-console -- a report on standard output */
/**
 * Where the time went in a V8 CPU profile (node --cpu-prof, or BENCH_PROFILE_DIR in the bench):
 * self time by package or source area, and the heaviest functions.
 *
 *   node --import tsx apps/server/bench/profile-summary.ts /tmp/prof/CPU.*.cpuprofile [from to]
 *
 * `from` and `to` (seconds from the profile's start, `to` may be negative: from its end) keep
 * only the samples of one load, leaving out the server's start-up.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const file = process.argv[2];
if (!file) throw new Error('Name a .cpuprofile file.');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const length = profile.timeDeltas.reduce((sum, us) => sum + us, 0) / 1e6;
const at = (arg: string | undefined, fallback: number) => {
  const value = arg === undefined ? fallback : Number(arg);
  return value < 0 ? length + value : value;
};
const from = at(process.argv[3], 0);
const to = at(process.argv[4], length);
const selfUs = new Map<number, number>();
let clock = 0;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  clock += delta / 1e6;
  if (clock < from || clock > to) return;
  selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
});

const areas = new Map<string, number>();
const functions = new Map<string, number>();
let total = 0;
for (const [id, us] of selfUs) {
  const frame = byId.get(id)?.callFrame;
  if (!frame) continue;
  total += us;
  const area = areaOf(frame.url, frame.functionName);
  areas.set(area, (areas.get(area) ?? 0) + us);
  const name = `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;
  functions.set(name, (functions.get(name) ?? 0) + us);
}

const busy = total - (areas.get('(idle)') ?? 0);
console.log(
  `profile ${length.toFixed(1)} s; window ${from.toFixed(1)}–${to.toFixed(1)} s: busy ${(busy / 1e6).toFixed(1)} s\n`,
);
print('by area (share of busy time)', areas);
print('heaviest functions', functions);

function print(title: string, table: Map<string, number>): void {
  console.log(title);
  const rows = [...table].filter(([name]) => name !== '(idle)');
  for (const [name, us] of rows.sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(`${((us / busy) * 100).toFixed(1).padStart(5)} %  ${name}`);
  }
  console.log('');
}

/** A package name, "our code", or V8's own entries such as (garbage collector). */
function areaOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg?.[1]) return pkg[1];
  if (url.startsWith('node:')) return 'node core';
  if (url.includes('/apps/server/')) return 'our server code';
  if (url.includes('/packages/contract/')) return 'contract';
  return url;
}

function shortUrl(url: string): string {
  return url.replace(/^.*node_modules\//, '').replace(/^.*\/apps\//, 'apps/');
}
