#!/usr/bin/env node
// A current (ACP v1) client on the official TypeScript SDK, for acp-compat's interop tests.
//
//   node client.mjs [options] -- AGENT_CMD [ARGS...]
//
// The SDK comes from this folder's node_modules (package.json pins it; `npm ci` here):
//   --sdk 1   @agentclientprotocol/sdk 1.9.0, ClientSideConnection (default)
//   --sdk 2   @agentclientprotocol/sdk 2.4.0 (npm alias "sdk2"), the client() app API
//
// Options:
//   --cwd DIR             a session working directory; repeat for several sessions
//                         (default: one fresh temp dir). The agent process starts in the first.
//   --prompt TEXT         a turn; repeat for several turns. Each turn is sent to every session
//                         at once and awaited before the next (default "hello").
//   --permission MODE     answer to session/request_permission: allow (first allow_once, else
//                         allow_always; default) | allow-always | reject (first reject_once,
//                         else reject_always) | cancel (outcome "cancelled")
//   --cancel-on-tool      send session/cancel when a session's first tool call appears (its
//                         tool_call, or a permission request about it if the SDK hands that
//                         over first); every permission request of the cancelled turn is then
//                         answered "cancelled", after the cancel, whatever --permission says
//                         (a client that cancels a turn MUST answer its open permissions so)
//   --close-on-tool       send session/close when a session's first tool call appears; the
//                         turn's prompt must still be answered (its close is in `closed`)
//   --abort-on-tool       (--sdk 2) abort the prompt request's cancellationSignal when a
//                         session's first tool call appears: the SDK sends $/cancel_request
//                         for the prompt and waits for its answer
//   --embed PATH          add to each prompt the file PATH (relative to the session's cwd) as an
//                         embedded text resource (a "resource" block: its file: URI and text)
//   --link PATH           add to each prompt a "resource_link" block naming PATH (same rule)
//   --mode ID             after session/new, switch each session to mode ID with
//                         session/set_mode (SDK 1: setSessionMode)
//   --config-mode ID      after session/new, switch each session to mode ID with
//                         session/set_config_option on its config option of category "mode"
//                         (SDK 1: setSessionConfigOption)
//   --no-fs               advertise no fs capabilities (the client then serves no fs/*)
//   --auth                when session/new fails with -32000, call authenticate with the first
//                         advertised method and retry once
//   --transcript FILE     JSONL, one object per wire line in arrival order:
//                         {"dir": "recv"|"send", "line": <the raw line, unparsed>}
//   --linger MS           after the last turn, keep listening this long so that late
//                         session/update notifications are seen (default 300)
//   --timeout SEC         give up after this long (default 20)
//
// stdout: exactly one JSON line, the summary:
//   {sdk, api, initialize, auth: {required, methodId}, error: null | {code, message, data},
//    fs: [{op, path, bytes | error}], agentExit: {code, signal} | null,
//    sessions: [{cwd, sessionId, modes, configOptions (as session/new gave them),
//                switched: null | {method, result}, currentModeId (the last
//                current_mode_update), modeValue (the mode option's currentValue in the
//                last config_option_update), stopReasons, updates: {kind: n}, lateUpdates,
//                toolCalls: {id: {title, kind, status, statuses, content, rawInput}},
//                permissions: [{toolCallId, options: [{optionId, kind, name}], answer}],
//                text, thought, closed: null | {result} | {error} (--close-on-tool)}]}
// `lateUpdates` counts session/update notifications that arrived after the session's
// prompt response and before its next prompt. A tool call's `statuses` lists every status it
// was given, in order; `title`, `kind`, `content`, `rawInput` hold the last value given.
// Exit status 0 when there is no error.

import { spawn } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import { pathToFileURL } from "node:url";

const USAGE = fs.readFileSync(new URL(import.meta.url), "utf8").split("\n")
  .filter((l) => l.startsWith("//")).map((l) => l.slice(3)).join("\n");

function fail(message) {
  process.stderr.write(`client.mjs: ${message}\n`);
  process.exit(2);
}

function parseArgs(argv) {
  const o = {
    sdk: "1", cwds: [], prompts: [], permission: "allow", cancelOnTool: false, closeOnTool: false, abortOnTool: false, fs: true,
    mode: null, configMode: null, embeds: [], links: [],
    auth: false, transcript: null, linger: 300, timeout: 20, cmd: [],
  };
  const value = (i) => {
    if (i >= argv.length) fail(`${argv[i - 1]} needs a value`);
    return argv[i];
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--") { o.cmd = argv.slice(i + 1); break; }
    else if (a === "--sdk") o.sdk = value(++i);
    else if (a === "--cwd") o.cwds.push(value(++i));
    else if (a === "--prompt") o.prompts.push(value(++i));
    else if (a === "--permission") o.permission = value(++i);
    else if (a === "--cancel-on-tool") o.cancelOnTool = true;
    else if (a === "--close-on-tool") o.closeOnTool = true;
    else if (a === "--abort-on-tool") o.abortOnTool = true;
    else if (a === "--embed") o.embeds.push(value(++i));
    else if (a === "--link") o.links.push(value(++i));
    else if (a === "--mode") o.mode = value(++i);
    else if (a === "--config-mode") o.configMode = value(++i);
    else if (a === "--no-fs") o.fs = false;
    else if (a === "--auth") o.auth = true;
    else if (a === "--transcript") o.transcript = value(++i);
    else if (a === "--linger") o.linger = Number(value(++i));
    else if (a === "--timeout") o.timeout = Number(value(++i));
    else if (a === "-h" || a === "--help") { process.stdout.write(USAGE + "\n"); process.exit(0); }
    else fail(`unknown option ${a} (see --help)`);
  }
  if (!["1", "2"].includes(o.sdk)) fail(`--sdk must be 1 or 2, not ${o.sdk}`);
  if (o.abortOnTool && o.sdk !== "2") fail("--abort-on-tool needs --sdk 2");
  if (!["allow", "allow-always", "reject", "cancel"].includes(o.permission)) {
    fail(`--permission must be allow, allow-always, reject or cancel, not ${o.permission}`);
  }
  if (o.mode !== null && o.configMode !== null) fail("give --mode or --config-mode, not both");
  if (!Number.isFinite(o.linger) || !Number.isFinite(o.timeout)) fail("--linger/--timeout need numbers");
  if (!o.cmd.length) fail("the agent command is required after --");
  if (!o.prompts.length) o.prompts.push("hello");
  if (!o.cwds.length) o.cwds.push(fs.mkdtempSync(path.join(os.tmpdir(), "acp-interop-")));
  o.cwds = o.cwds.map((d) => path.resolve(d));
  return o;
}

const opts = parseArgs(process.argv.slice(2));
// Bare specifiers resolve against this file's folder, i.e. the pinned node_modules here.
const acp = opts.sdk === "1" ? await import("@agentclientprotocol/sdk") : await import("sdk2");
const sdkVersion = JSON.parse(fs.readFileSync(new URL(
  opts.sdk === "1" ? "./node_modules/@agentclientprotocol/sdk/package.json"
    : "./node_modules/sdk2/package.json", import.meta.url), "utf8")).version;

// ---- the agent process and the wire transcript ------------------------------------------
const transcript = opts.transcript ? fs.openSync(opts.transcript, "w") : null;
function record(dir, line) {
  if (transcript !== null) fs.writeSync(transcript, JSON.stringify({ dir, line }) + "\n");
}

// Splits the byte stream into lines for the transcript and passes the bytes on untouched,
// so the SDK parses exactly what the agent wrote.
function lineTap(dir, onEnd = () => {}) {
  let buf = "";
  const decoder = new TextDecoder();
  return new TransformStream({
    transform(chunk, controller) {
      buf += decoder.decode(chunk, { stream: true });
      let nl;
      while ((nl = buf.indexOf("\n")) >= 0) {
        record(dir, buf.slice(0, nl));
        buf = buf.slice(nl + 1);
      }
      controller.enqueue(chunk);
    },
    flush() { if (buf) record(dir, buf); onEnd(); },
  });
}

const child = spawn(opts.cmd[0], opts.cmd.slice(1), {
  cwd: opts.cwds[0], stdio: ["pipe", "pipe", "inherit"], env: process.env,
});
let agentExit = null;
// "exit", not "close": a process the agent left behind may hold its stdout open, and the
// client must still finish (the transcript waits for the end of stdout separately, briefly).
const exited = new Promise((resolve) => {
  child.on("exit", (code, signal) => { agentExit = { code, signal }; resolve(); });
});
child.on("error", (e) => fail(`cannot start ${opts.cmd[0]}: ${e.message}`));

const toAgent = lineTap("send");
toAgent.readable.pipeTo(Writable.toWeb(child.stdin)).catch(() => {});
let recvEnded;
const recvDone = new Promise((resolve) => { recvEnded = resolve; });
const fromAgent = Readable.toWeb(child.stdout).pipeThrough(lineTap("recv", recvEnded));
const stream = acp.ndJsonStream(toAgent.writable, fromAgent);

// ---- what the client sees ----------------------------------------------------------------
const sessions = new Map(); // sessionId -> per-session record
const fsOps = [];
let call; // (method, params) -> Promise<result>
let notify; // (method, params) -> Promise<void>

function sessionOf(sessionId) {
  const s = sessions.get(sessionId);
  if (!s) throw acp.RequestError.invalidParams({ sessionId }, "unknown session");
  return s;
}

function onUpdate({ sessionId, update }) {
  const s = sessions.get(sessionId);
  if (!s) return;
  const kind = update.sessionUpdate;
  s.updates[kind] = (s.updates[kind] || 0) + 1;
  if (s.responded) s.lateUpdates += 1;
  if (kind === "agent_message_chunk" && update.content?.type === "text") s.text += update.content.text;
  if (kind === "current_mode_update") s.currentModeId = update.currentModeId;
  if (kind === "config_option_update") {
    s.modeValue = update.configOptions.find((x) => x.category === "mode")?.currentValue ?? null;
  }
  if (kind === "agent_thought_chunk" && update.content?.type === "text") s.thought += update.content.text;
  if (kind === "tool_call" || kind === "tool_call_update") {
    const tc = s.toolCalls[update.toolCallId] ||= {
      title: null, kind: null, status: null, statuses: [], content: null, rawInput: null,
    };
    for (const key of ["title", "kind", "content", "rawInput"]) if (update[key] != null) tc[key] = update[key];
    if (update.status != null) { tc.status = update.status; tc.statuses.push(update.status); }
  }
  if (kind === "tool_call" && opts.cancelOnTool && !s.cancelSent) cancelTurn(s);
  if (kind === "tool_call" && opts.closeOnTool && s.closed === null) closeSession(s);
  if (kind === "tool_call" && s.abort !== null && !s.abort.signal.aborted) s.abort.abort();
}

// Closes the session mid-turn (once): `s.closed` is its answer, or its error.
function closeSession(s) {
  s.closed = "sent";
  call("session/close", { sessionId: s.sessionId })
    .then((result) => { s.closed = { result }; }, (e) => { s.closed = { error: errorOf(e) }; });
}

// Sends the session's one session/cancel; `s.cancel` (its sending) stays set until the
// prompt response ends the cancelled turn, so that the turn's permissions are answered
// "cancelled" once the cancel is on the wire.
function cancelTurn(s) {
  s.cancelSent = true;
  s.cancel = notify("session/cancel", { sessionId: s.sessionId })
    .catch((e) => { s.cancelError = String(e?.message ?? e); });
}

async function onPermission(params) {
  const s = sessionOf(params.sessionId);
  if (opts.cancelOnTool && !s.cancelSent) cancelTurn(s);
  if (s.cancel !== null) await s.cancel;
  const options = params.options || [];
  const firstOf = (...kinds) => {
    for (const k of kinds) {
      const o = options.find((x) => x.kind === k);
      if (o) return o;
    }
    return null;
  };
  const chosen = opts.permission === "cancel" || s.cancel !== null ? null
    : opts.permission === "reject" ? firstOf("reject_once", "reject_always")
      : opts.permission === "allow-always" ? firstOf("allow_always", "allow_once")
        : firstOf("allow_once", "allow_always");
  const outcome = chosen ? { outcome: "selected", optionId: chosen.optionId } : { outcome: "cancelled" };
  s.permissions.push({
    toolCallId: params.toolCall?.toolCallId ?? null,
    options: options.map((x) => ({ optionId: x.optionId, kind: x.kind, name: x.name })),
    answer: outcome,
  });
  return { outcome };
}

async function onRead(params) {
  sessionOf(params.sessionId);
  let data;
  try {
    data = await fsp.readFile(params.path, "utf8");
  } catch (e) {
    fsOps.push({ op: "read", path: params.path, error: e.code || String(e) });
    // Editors answer a missing file with "Resource not found"; anything else is internal.
    throw e.code === "ENOENT" ? acp.RequestError.resourceNotFound(params.path)
      : acp.RequestError.internalError({ details: String(e.message || e) });
  }
  if (params.line != null || params.limit != null) {
    const start = Math.max(0, (params.line ?? 1) - 1);
    const lines = data.split("\n");
    data = lines.slice(start, params.limit != null ? start + params.limit : lines.length).join("\n");
  }
  fsOps.push({ op: "read", path: params.path, bytes: Buffer.byteLength(data) });
  return { content: data };
}

async function onWrite(params) {
  sessionOf(params.sessionId);
  try {
    await fsp.writeFile(params.path, params.content, "utf8");
  } catch (e) {
    fsOps.push({ op: "write", path: params.path, error: e.code || String(e) });
    throw acp.RequestError.internalError({ details: String(e.message || e) });
  }
  fsOps.push({ op: "write", path: params.path, bytes: Buffer.byteLength(params.content) });
  return {};
}

// The two SDK generations expose different client APIs; both end up as call/notify.
let api;
if (opts.sdk === "1") {
  api = "ClientSideConnection";
  const conn = new acp.ClientSideConnection(() => ({
    sessionUpdate: async (params) => onUpdate(params),
    requestPermission: async (params) => onPermission(params),
    readTextFile: (params) => onRead(params),
    writeTextFile: (params) => onWrite(params),
  }), stream);
  const byMethod = {
    initialize: (p) => conn.initialize(p),
    authenticate: (p) => conn.authenticate(p),
    "session/new": (p) => conn.newSession(p),
    "session/prompt": (p) => conn.prompt(p),
    "session/set_mode": (p) => conn.setSessionMode(p),
    "session/set_config_option": (p) => conn.setSessionConfigOption(p),
    "session/close": (p) => conn.closeSession(p),
  };
  call = (method, params) => byMethod[method](params);
  notify = (method, params) => conn.cancel(params);
} else {
  api = "client()";
  const conn = acp.client({ name: "acp-compat-interop" })
    .onNotification(acp.methods.client.session.update, ({ params }) => onUpdate(params))
    .onRequest(acp.methods.client.session.requestPermission, ({ params }) => onPermission(params))
    .onRequest(acp.methods.client.fs.readTextFile, ({ params }) => onRead(params))
    .onRequest(acp.methods.client.fs.writeTextFile, ({ params }) => onWrite(params))
    .connect(stream);
  call = (method, params, options) => conn.agent.request(method, params, options);
  notify = (method, params) => conn.agent.notify(method, params);
}

// ---- the run -----------------------------------------------------------------------------
const summary = {
  sdk: `@agentclientprotocol/sdk@${sdkVersion}`, api, initialize: null,
  auth: { required: false, methodId: null }, error: null, fs: fsOps, agentExit: null, sessions: [],
};

function errorOf(e) {
  return { code: e?.code ?? null, message: String(e?.message ?? e), data: e?.data ?? null };
}

async function newSession(cwd) {
  const params = { cwd, mcpServers: [] };
  try {
    return await call("session/new", params);
  } catch (e) {
    if (e?.code !== -32000 || !opts.auth) throw e;
    summary.auth.required = true;
    const method = summary.initialize?.authMethods?.[0];
    if (!method) throw e;
    await call("authenticate", { methodId: method.id });
    summary.auth.methodId = method.id;
    return await call("session/new", params);
  }
}

// The mode switch the options ask for, through the SDK's own API for it.
async function switchMode(s, created) {
  if (opts.mode !== null) {
    const params = { sessionId: s.sessionId, modeId: opts.mode };
    const method = opts.sdk === "1" ? "session/set_mode" : acp.methods.agent.session.setMode;
    s.switched = { method, result: await call(method, params) };
  } else if (opts.configMode !== null) {
    const option = (created.configOptions || []).find((x) => x.category === "mode");
    if (!option) throw new Error("session/new offered no config option of category mode");
    const params = { sessionId: s.sessionId, configId: option.id, value: opts.configMode };
    const method = opts.sdk === "1" ? "session/set_config_option"
      : acp.methods.agent.session.setConfigOption;
    s.switched = { method, result: await call(method, params) };
  }
}

// A prompt's blocks: the text, then the --embed resources and the --link links, in order.
function promptBlocks(s, text) {
  const file = (name) => path.resolve(s.cwd, name);
  const embeds = opts.embeds.map((name) => ({
    type: "resource",
    resource: { uri: pathToFileURL(file(name)).href, mimeType: "text/plain",
      text: fs.readFileSync(file(name), "utf8") },
  }));
  const links = opts.links.map((name) => ({
    type: "resource_link", uri: pathToFileURL(file(name)).href, name: path.basename(name),
  }));
  return [{ type: "text", text }, ...embeds, ...links];
}

async function turn(s, text) {
  s.responded = false;
  s.abort = opts.abortOnTool ? new AbortController() : null;
  const options = s.abort === null ? undefined : { cancellationSignal: s.abort.signal };
  const params = { sessionId: s.sessionId, prompt: promptBlocks(s, text) };
  const result = await call("session/prompt", params, options);
  s.abort = null;
  s.responded = true;
  s.cancel = null;
  s.stopReasons.push(result?.stopReason ?? null);
}

async function run() {
  summary.initialize = await call("initialize", {
    protocolVersion: acp.PROTOCOL_VERSION,
    clientCapabilities: { fs: { readTextFile: opts.fs, writeTextFile: opts.fs }, terminal: false },
    clientInfo: { name: "acp-compat-interop", title: "acp-compat interop client", version: "0.0.0" },
  });
  for (const cwd of opts.cwds) {
    const created = await newSession(cwd);
    const { sessionId } = created;
    const s = {
      cwd, sessionId, modes: created.modes ?? null, configOptions: created.configOptions ?? null,
      switched: null, currentModeId: null, modeValue: null, stopReasons: [], updates: {},
      lateUpdates: 0, toolCalls: {}, permissions: [], text: "", thought: "", responded: false,
      cancelSent: false, cancel: null, closed: null, abort: null,
    };
    sessions.set(sessionId, s);
    summary.sessions.push(s);
    await switchMode(s, created);
  }
  for (const p of opts.prompts) await Promise.all(summary.sessions.map((s) => turn(s, p)));
  await new Promise((r) => setTimeout(r, opts.linger));
}

const deadline = setTimeout(() => finish({ code: null, message: "timeout", data: null }), opts.timeout * 1000);
let finished = false;
async function finish(error) {
  if (finished) return;
  finished = true;
  clearTimeout(deadline);
  summary.error = error;
  // Closing stdin is how a client ends an ACP stdio session; the relay must then exit.
  try { child.stdin.end(); } catch { /* already closed */ }
  const grace = setTimeout(() => child.kill("SIGKILL"), 3000);
  if (agentExit === null) await exited;
  clearTimeout(grace);
  // Lines still in the pipeline reach the transcript before it is closed (a late update
  // the relay wrote just before exiting must not be lost).
  await Promise.race([recvDone, new Promise((r) => setTimeout(r, 1000))]);
  summary.agentExit = agentExit;
  for (const s of summary.sessions) {
    delete s.responded; delete s.cancelSent; delete s.cancel; delete s.abort;
  }
  process.stdout.write(JSON.stringify(summary) + "\n");
  if (transcript !== null) fs.closeSync(transcript);
  process.exit(error ? 1 : 0);
}

run().then(() => finish(null), (e) => finish(errorOf(e)));
