// A CPU profile of the process the benchmark drives, taken after its setup (issue 32): preload it
// with `BENCH_API_NODE_ARGS="--import ./bench/cpu-profile.mjs"`. The profile starts at the
// BENCH_PROFILE_AFTER-th request (200) to BENCH_PROFILE_ROUTE (/api/user/sendMoneyToWallet), so the
// setup's sign-ins and credits stay out, runs BENCH_PROFILE_SECONDS (8) and is written to
// bench/results/api-<pid>.cpuprofile (Chrome DevTools opens it; `node bench/profile-summary.mjs`
// prints where the time went). `--cpu-prof` would profile the whole run, setup included.
import http from 'node:http';
import { Session } from 'node:inspector';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const route = process.env.BENCH_PROFILE_ROUTE ?? '/api/user/sendMoneyToWallet';
const after = Number(process.env.BENCH_PROFILE_AFTER ?? 200);
const seconds = Number(process.env.BENCH_PROFILE_SECONDS ?? 8);
const file = resolve(import.meta.dirname, `results/api-${process.pid}.cpuprofile`);

const session = new Session();
session.connect();
const post = (method, params = {}) =>
  new Promise((done, fail) =>
    session.post(method, params, (error, result) => (error ? fail(error) : done(result))),
  );

let seen = 0;
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, request, ...rest) {
  if (event === 'request' && request.url === route && ++seen === after) void profile();
  return emit.call(this, event, request, ...rest);
};

async function profile() {
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 250 });
  await post('Profiler.start');
  setTimeout(async () => {
    const { profile: taken } = await post('Profiler.stop');
    writeFileSync(file, JSON.stringify(taken));
    process.stderr.write(`cpu profile written: ${file}\n`);
  }, seconds * 1000).unref();
}
