#!/usr/bin/env node
// An ACP v2 (draft) client on the official TypeScript SDK 2.4.0's experimental v2 API
// (`@agentclientprotocol/sdk/experimental/v2`; the npm alias "sdk2" here), for
// acp-compat's interop tests. The v2 counterpart of client.mjs (its v1 client driver).
//
//   node client_v2.mjs [options] -- AGENT_CMD [ARGS...]
//
// Options:
//   --cwd DIR             the session's working directory (default: a fresh temp dir); the
//                         agent process starts there
//   --prompt TEXT         a turn; repeat for several (default "hello"). A turn is the prompt
//                         (answered at once with its user message's id) and the session's
//                         updates up to the idle state that ends it
//   --permission MODE     answer to session/request_permission: allow (first allow_once,
//                         else allow_always; default) | reject | cancel (outcome cancelled)
//   --cancel-on-tool      send session/cancel when the first tool call of a turn appears; a
//                         permission of that turn is then answered cancelled
//   --config-mode VALUE   after session/new, set the config option of category mode to VALUE
//   --lifecycle           after the turns: session/list, then session/close
//   --transcript FILE     JSONL, one object per wire line in arrival order:
//                         {"dir": "recv"|"send", "line": <the raw line, unparsed>}
//   --timeout SEC         give up after this long (default 20)
//   --linger MS           accepted for the harness (client.mjs's option); no effect here
//
// stdout: exactly one JSON line, the summary:
//   {sdk, api, initialize, error: null | {code, message, data}, agentExit: {code, signal},
//    sessions: [{cwd, sessionId, configOptions (as session/new gave them), switched,
//                acks: [messageId of each prompt], userMessages: [messageId of each
//                user_message], states: [every state_update's state], stopReasons (each
//                turn's idle stop reason), updates: {kind: n}, toolCalls: {id: {title,
//                kind, status, statuses}}, permissions: [{title, toolCallId, options,
//                answer}], text, thought, listed, closed}]}
// Exit status 0 when there is no error.

import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable, Writable } from "node:stream";

function fail(message) {
  process.stderr.write(`client_v2.mjs: ${message}\n`);
  process.exit(2);
}

function parseArgs(argv) {
  const o = {
    cwd: null, prompts: [], permission: "allow", cancelOnTool: false, configMode: null,
    lifecycle: false, transcript: null, timeout: 20, cmd: [],
  };
  const value = (i) => {
    if (i >= argv.length) fail(`${argv[i - 1]} needs a value`);
    return argv[i];
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--") { o.cmd = argv.slice(i + 1); break; }
    else if (a === "--cwd") o.cwd = value(++i);
    else if (a === "--prompt") o.prompts.push(value(++i));
    else if (a === "--permission") o.permission = value(++i);
    else if (a === "--cancel-on-tool") o.cancelOnTool = true;
    else if (a === "--config-mode") o.configMode = value(++i);
    else if (a === "--lifecycle") o.lifecycle = true;
    else if (a === "--transcript") o.transcript = value(++i);
    else if (a === "--timeout") o.timeout = Number(value(++i));
    else if (a === "--linger") value(++i);
    else fail(`unknown option ${a}`);
  }
  if (!["allow", "reject", "cancel"].includes(o.permission)) fail(`bad --permission ${o.permission}`);
  if (!o.cmd.length) fail("the agent command is required after --");
  if (!o.prompts.length) o.prompts.push("hello");
  o.cwd = path.resolve(o.cwd ?? fs.mkdtempSync(path.join(os.tmpdir(), "acp-interop-")));
  return o;
}

const opts = parseArgs(process.argv.slice(2));
const acp = await import("sdk2/experimental/v2");
const sdkVersion = JSON.parse(fs.readFileSync(new URL("./node_modules/sdk2/package.json", import.meta.url), "utf8")).version;

// ---- the agent process and the wire transcript (as client.mjs) ---------------------------
const transcript = opts.transcript ? fs.openSync(opts.transcript, "w") : null;
function record(dir, line) {
  if (transcript !== null) fs.writeSync(transcript, JSON.stringify({ dir, line }) + "\n");
}
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
  cwd: opts.cwd, stdio: ["pipe", "pipe", "inherit"], env: process.env,
});
let agentExit = null;
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
const summary = { sdk: `@agentclientprotocol/sdk@${sdkVersion}`, api: "experimental/v2 client()",
  initialize: null, error: null, agentExit: null, sessions: [] };
const byId = new Map();

function onPermission(params) {
  const s = byId.get(params.sessionId);
  const options = params.options || [];
  const firstOf = (...kinds) => kinds.map((k) => options.find((x) => x.kind === k)).find(Boolean) ?? null;
  // Once the client has cancelled the turn, every permission of it is answered cancelled
  // (the spec's MUST), whatever --permission says: it may have come before the cancel.
  const chosen = opts.permission === "cancel" || s?.cancelling ? null
    : opts.permission === "reject" ? firstOf("reject_once", "reject_always")
      : firstOf("allow_once", "allow_always");
  const outcome = chosen ? { outcome: "selected", optionId: chosen.optionId } : { outcome: "cancelled" };
  s?.permissions.push({
    title: params.title, toolCallId: params.subject?.toolCall?.toolCallId ?? null,
    options: options.map((x) => ({ optionId: x.optionId, kind: x.kind, name: x.name })), answer: outcome,
  });
  return { outcome };
}

function see(s, update) {
  const kind = update.sessionUpdate;
  s.updates[kind] = (s.updates[kind] || 0) + 1;
  if (kind === "state_update") s.states.push(update.state);
  if (kind === "user_message") s.userMessages.push(update.messageId);
  if (kind === "agent_message_chunk" && update.content?.type === "text") s.text += update.content.text;
  if (kind === "agent_thought_chunk" && update.content?.type === "text") s.thought += update.content.text;
  if (kind === "tool_call_update") {
    const tc = s.toolCalls[update.toolCallId] ||= { title: null, kind: null, status: null, statuses: [] };
    for (const key of ["title", "kind"]) if (update[key] != null) tc[key] = update[key];
    if (update.status != null) { tc.status = update.status; tc.statuses.push(update.status); }
  }
}

// One turn: the prompt, then the session's updates up to the idle state with a stop reason.
async function turn(ctx, s, session, text) {
  s.cancelling = false;
  const ack = await session.prompt(text);
  s.acks.push(ack.messageId);
  for (;;) {
    const message = await session.nextUpdate();
    see(s, message.update);
    if (message.kind === "stop" && message.stopReason != null) {
      s.stopReasons.push(message.stopReason);
      return;
    }
    if (opts.cancelOnTool && !s.cancelling && message.update.sessionUpdate === "tool_call_update") {
      s.cancelling = true;
      await ctx.notify(acp.methods.agent.session.cancel, { sessionId: s.sessionId });
    }
  }
}

async function run(ctx) {
  summary.initialize = await ctx.request(acp.methods.agent.initialize, {
    protocolVersion: acp.PROTOCOL_VERSION,
    info: { name: "acp-compat-interop", title: "acp-compat interop client", version: "0.0.0" },
    capabilities: {},
  });
  const session = await ctx.buildSession(opts.cwd).start();
  const s = {
    cwd: opts.cwd, sessionId: session.sessionId, configOptions: session.newSessionResponse.configOptions ?? null,
    switched: null, acks: [], userMessages: [], states: [], stopReasons: [], updates: {}, toolCalls: {},
    permissions: [], text: "", thought: "", listed: null, closed: null,
  };
  byId.set(s.sessionId, s);
  summary.sessions.push(s);
  if (opts.configMode !== null) {
    const option = (s.configOptions || []).find((x) => x.category === "mode");
    if (!option) throw new Error("session/new offered no config option of category mode");
    s.switched = await session.setConfigOption({ configId: option.configId, type: "id", value: opts.configMode });
  }
  for (const text of opts.prompts) await turn(ctx, s, session, text);
  if (opts.lifecycle) {
    s.listed = await ctx.request(acp.methods.agent.session.list, {});
    s.closed = await ctx.request(acp.methods.agent.session.close, { sessionId: s.sessionId });
  }
  session.dispose();
}

function errorOf(e) {
  return { code: e?.code ?? null, message: String(e?.message ?? e), data: e?.data ?? null };
}

const app = acp.client({ name: "acp-compat-interop" })
  .onRequest(acp.methods.client.session.requestPermission, ({ params }) => onPermission(params));
const connection = app.connect(stream);

const deadline = setTimeout(() => finish({ code: null, message: "timeout", data: null }), opts.timeout * 1000);
let finished = false;
async function finish(error) {
  if (finished) return;
  finished = true;
  clearTimeout(deadline);
  summary.error = error;
  try { child.stdin.end(); } catch { /* already closed */ }
  const grace = setTimeout(() => child.kill("SIGKILL"), 3000);
  if (agentExit === null) await exited;
  clearTimeout(grace);
  await Promise.race([recvDone, new Promise((r) => setTimeout(r, 1000))]);
  summary.agentExit = agentExit;
  for (const s of summary.sessions) delete s.cancelling;
  process.stdout.write(JSON.stringify(summary) + "\n");
  if (transcript !== null) fs.closeSync(transcript);
  process.exit(error ? 1 : 0);
}

run(connection.agent).then(() => finish(null), (e) => finish(errorOf(e)));
