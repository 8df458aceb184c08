/* The coach off the page's main thread: hints and analyses (tavli.coach.jobs) in a module worker;
 * also the Grandmaster's plays (job "play", tavli.coach.play).
 *
 * Started by web/browser/coach.py (CoachClient) the first time the player asks for a hint or an
 * analysis. It loads the same vendored Pyodide as the page (the empty package lock,
 * web/pyodide_lock.mjs, as web/snapshot_worker.mjs), writes the boot archive build/python.tar.gz
 * into /home/pyodide and unpacks the computer's data build/ai.zip where tavli.ai reads it
 * (web.browser.aidata.unpack_steps: the directory that holds tavli/), then imports
 * tavli.coach.jobs. Needs no special headers (no SharedArrayBuffer); offline, the service worker
 * answers its fetches (tools/precache.py lists this module and its imports).
 *
 * Messages. Page -> worker: {id, request} (a job of tavli.coach.jobs: {job: "hint" | "analyse" |
 * "play", save, ...}) and {cancel: id}. Worker -> page: {id, progress} (a fraction, at most every
 * PROGRESS_MS), {id, result} (the job's JSON-ready answer; a job that raised answers
 * {error: text}), {id, dropped: true} for every {cancel: id} (its work dropped, if any was left:
 * posted after every earlier message about that job, so nothing about it follows);
 * {ready: {seconds, heap}} once started, {fatal: text} when it cannot start (every request then
 * fails on the page's side). Each result also carries `heap`: the bytes of
 * Pyodide's memory (HEAP8), the worker's memory as far as a page without cross-origin isolation
 * can tell.
 *
 * Scheduling: each job is a steps generator (job_steps), run in slices of about SLICE_MS; between
 * two slices the worker yields a macrotask (a MessageChannel message), so that a cancel or a newer
 * request is read before the next slice. Hints and plays go first: one asked during an analysis
 * runs before the analysis's next slice, and the analysis resumes after it.
 */

import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
import { LOCK } from "./pyodide_lock.mjs";

const indexURL = new URL("./vendor/pyodide/", import.meta.url).href;
const ARCHIVE = new URL("../build/python.tar.gz", import.meta.url).href;  // web/pyodide_early.mjs ARCHIVE
const AI_ARCHIVE = new URL("../build/ai.zip", import.meta.url).href;  // web/browser/aidata.py ARCHIVE
const HOME = "/home/pyodide";
const SLICE_MS = 40;  // one slice of a job's work between two looks at the messages
const PROGRESS_MS = 100;  // the least time between two progress messages of a job

async function bytesOf(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

/* The driver, in Python: a job's generator made from its request (JSON text), and one slice of it
 * run, answering JSON text ({progress} or {result}); whatever the job raises is its error. */
const DRIVER = `
import json as _json
import time as _time

def _coach_start(text):
    from tavli.coach.jobs import job_steps
    return job_steps(_json.loads(text))

def _coach_slice(steps, seconds):
    end = _time.perf_counter() + seconds
    progress = None
    try:
        while True:
            step = next(steps)
            if isinstance(step, float):
                progress = step
            if _time.perf_counter() >= end:
                return _json.dumps({"progress": progress})
    except StopIteration as stop:
        return _json.dumps({"result": stop.value})
    except Exception as error:
        return _json.dumps({"result": {"error": f"{type(error).__name__}: {error}"}})

def _coach_unpack(data):
    from web.browser.aidata import present, unpack_steps
    if not present():
        for _ in unpack_steps(bytes(data)):
            pass
`;

async function start() {
  const begin = performance.now();
  const [pyodide, archive, data] = await Promise.all([
    loadPyodide({ indexURL, lockFileContents: LOCK }), bytesOf(ARCHIVE), bytesOf(AI_ARCHIVE),
  ]);
  pyodide.unpackArchive(archive, "tar.gz", { extractDir: HOME });
  pyodide.runPython(DRIVER);
  const unpack = pyodide.globals.get("_coach_unpack");
  try {
    unpack(new Uint8Array(data));
  } finally {
    unpack.destroy();
  }
  pyodide.runPython("import tavli.coach.jobs");
  return { pyodide, seconds: (performance.now() - begin) / 1000 };
}

const heap = (pyodide) => pyodide._module.HEAP8.length;

let python = null;  // {pyodide, startSlice, runSlice} once started
const jobs = [];  // {id, hint, request, steps, told}: hints first, then in order of arrival
let running = false;

/* A macrotask: messages that arrived meanwhile are handled before it. */
const channel = new MessageChannel();
const waiting = [];
channel.port1.onmessage = () => waiting.shift()();
const yieldTask = () => new Promise((resolve) => { waiting.push(resolve); channel.port2.postMessage(null); });

function drop(job) {
  const at = jobs.indexOf(job);
  if (at >= 0) jobs.splice(at, 1);
  if (job.steps) {
    try {
      job.steps.close();
    } catch (error) { /* a generator that fails to close: it is dropped anyway */ }
    job.steps.destroy();
    job.steps = null;
  }
}

function finish(job, result) {
  drop(job);
  self.postMessage({ id: job.id, result, heap: heap(python.pyodide) });
}

async function run() {
  if (running) return;
  running = true;
  try {
    while (jobs.length) {
      const job = jobs[0];
      if (!job.steps) {
        try {
          job.steps = python.startSlice(JSON.stringify(job.request));
        } catch (error) {
          finish(job, { error: String(error && error.message ? error.message : error) });
          continue;
        }
      }
      const answer = JSON.parse(python.runSlice(job.steps, SLICE_MS / 1000));
      if ("result" in answer) {
        finish(job, answer.result);
      } else if (typeof answer.progress === "number" && performance.now() - job.told >= PROGRESS_MS) {
        job.told = performance.now();
        self.postMessage({ id: job.id, progress: answer.progress });
      }
      await yieldTask();
    }
  } finally {
    running = false;
  }
}

const ready = start().then(({ pyodide, seconds }) => {
  python = {
    pyodide,
    startSlice: pyodide.globals.get("_coach_start"),
    runSlice: pyodide.globals.get("_coach_slice"),
  };
  self.postMessage({ ready: { seconds, heap: heap(pyodide) } });
}, (error) => {
  self.postMessage({ fatal: String(error && error.message ? error.message : error) });
  throw error;
});
ready.catch(() => {});

self.onmessage = async ({ data }) => {
  if (data && data.cancel !== undefined) {
    const job = jobs.find((j) => j.id === data.cancel);
    if (job) drop(job);
    self.postMessage({ id: data.cancel, dropped: true });
    return;
  }
  if (!data || data.id === undefined || !data.request) return;
  const hint = data.request.job === "hint" || data.request.job === "play";  // (the game waits on a play)
  const job = { id: data.id, hint, request: data.request, steps: null, told: -Infinity };
  // A hint (or a play) goes before every analysis (behind the hints already waiting); anything else last.
  const at = hint ? jobs.findIndex((j) => !j.hint) : -1;
  jobs.splice(at < 0 ? jobs.length : at, 0, job);
  try {
    await ready;
  } catch (error) {
    return;  // {fatal} was posted: the page fails every request
  }
  run();
};
