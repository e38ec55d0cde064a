#!/usr/bin/env node
// A small ACP v2 (draft) agent on the official TypeScript SDK 2.4.0's experimental v2 API
// (`@agentclientprotocol/sdk/experimental/v2`, the npm alias "sdk2" here), for acp-compat's
// interop tests. It plays the turn the SDK 1.9 example agent plays, in v2:
//
//   node v2_agent.mjs
//
// initialize: protocol 2, info, capabilities.session (the baseline methods below).
// session/new, session/list (the sessions made here), session/resume, session/close.
// session/prompt: answered at once with the user message's id, then, as notifications:
//   user_message, state running, an agent message, tool call call_1 (read) created and
//   completed, another message, tool call call_2 (edit) and a permission request for it
//   (state requires_action, then running), call_2 completed when allowed and failed
//   otherwise, a last message, state idle with stop reason end_turn.
// session/cancel: the turn stops where it is and ends idle with stop reason cancelled
//   (an open permission request is withdrawn with $/cancel_request).
// session/close: the same, but a closed session's turn reports nothing more.
// Each step waits a little (`STEP_MS`), so that a client can cancel mid-turn.

import { Readable, Writable } from "node:stream";

const acp = await import("sdk2/experimental/v2");

const STEP_MS = 30;
const sessions = new Map(); // sessionId -> {cwd, turn: AbortController | null}
let counter = 0;
const nextId = (prefix) => `${prefix}-${++counter}`;

const sleep = (ms, signal) => new Promise((resolve, reject) => {
  const timer = setTimeout(resolve, ms);
  signal.addEventListener("abort", () => { clearTimeout(timer); reject(signal.reason); }, { once: true });
});

async function turn(client, sessionId, prompt, userMessageId, signal) {
  const update = (u) => client.notify(acp.methods.client.session.update, { sessionId, update: u });
  const state = (s, extra = {}) => update({ sessionUpdate: "state_update", state: s, ...extra });
  const say = (text) => update({
    sessionUpdate: "agent_message_chunk", messageId: nextId("msg"), content: { type: "text", text },
  });
  await update({ sessionUpdate: "user_message", messageId: userMessageId, content: prompt });
  await state("running");
  try {
    await say("I'll help you with that. Let me read some files first.");
    await sleep(STEP_MS, signal);
    await update({
      sessionUpdate: "tool_call_update", toolCallId: "call_1", title: "Reading project files",
      kind: "read", status: "pending", locations: [{ path: "/project/README.md" }],
      rawInput: { path: "/project/README.md" },
    });
    await sleep(STEP_MS, signal);
    await update({
      sessionUpdate: "tool_call_update", toolCallId: "call_1", status: "completed",
      content: [{ type: "content", content: { type: "text", text: "# My Project" } }],
    });
    await sleep(STEP_MS, signal);
    await say(" Now I need to change the configuration.");
    await update({
      sessionUpdate: "tool_call_update", toolCallId: "call_2",
      title: "Modifying critical configuration file", kind: "edit", status: "pending",
      locations: [{ path: "/project/config.json" }],
    });
    await state("requires_action");
    const answer = await client.request(acp.methods.client.session.requestPermission, {
      sessionId,
      title: "Modify config.json?",
      subject: { type: "tool_call", toolCall: { toolCallId: "call_2" } },
      options: [
        { optionId: "allow", name: "Allow this change", kind: "allow_once" },
        { optionId: "reject", name: "Skip this change", kind: "reject_once" },
      ],
    }, { cancellationSignal: signal, stopWaitingOnCancel: true });
    await state("running");
    const allowed = answer.outcome.outcome === "selected" && answer.outcome.optionId === "allow";
    await sleep(STEP_MS, signal);
    await update({
      sessionUpdate: "tool_call_update", toolCallId: "call_2",
      status: allowed ? "completed" : "failed",
    });
    await say(allowed ? " Done: the configuration is updated." : " I left the configuration alone.");
    await state("idle", { stopReason: "end_turn" });
  } catch (e) {
    if (!signal.aborted) throw e;
    // A closed session is gone: nothing more is reported of it.
    if (sessions.has(sessionId)) await state("idle", { stopReason: "cancelled" });
  }
}

const app = acp.agent({ name: "acp-compat-v2-example-agent" })
  .onRequest(acp.methods.agent.initialize, () => ({
    protocolVersion: acp.PROTOCOL_VERSION,
    info: { name: "acp-compat-v2-example-agent", title: "v2 example agent", version: "0.0.0" },
    capabilities: { session: { prompt: {}, mcp: { stdio: {} } } },
  }))
  .onRequest(acp.methods.agent.session.new, ({ params }) => {
    const sessionId = nextId("session");
    sessions.set(sessionId, { cwd: params.cwd, turn: null });
    return { sessionId };
  })
  .onRequest(acp.methods.agent.session.list, () => ({
    sessions: [...sessions].map(([sessionId, s]) => ({ sessionId, cwd: s.cwd })),
  }))
  .onRequest(acp.methods.agent.session.resume, async ({ params, client }) => {
    if (!sessions.has(params.sessionId)) sessions.set(params.sessionId, { cwd: params.cwd, turn: null });
    await client.notify(acp.methods.client.session.update, {
      sessionId: params.sessionId, update: { sessionUpdate: "state_update", state: "idle" },
    });
    return {};
  })
  .onRequest(acp.methods.agent.session.close, ({ params }) => {
    const session = sessions.get(params.sessionId);
    sessions.delete(params.sessionId);
    session?.turn?.abort();
    return {};
  })
  .onRequest(acp.methods.agent.session.prompt, ({ params, client }) => {
    const session = sessions.get(params.sessionId);
    if (!session) throw acp.RequestError.resourceNotFound(params.sessionId);
    const messageId = nextId("user");
    session.turn = new AbortController();
    const signal = session.turn.signal;
    // The turn runs after the answer: v2 acknowledges a prompt at once.
    setImmediate(() => turn(client, params.sessionId, params.prompt, messageId, signal)
      .catch((e) => process.stderr.write(`v2_agent.mjs: turn failed: ${e?.stack ?? e}\n`))
      .finally(() => { if (session.turn?.signal === signal) session.turn = null; }));
    return { messageId };
  })
  .onNotification(acp.methods.agent.session.cancel, ({ params }) => {
    sessions.get(params.sessionId)?.turn?.abort();
  });

const stream = acp.ndJsonStream(Writable.toWeb(process.stdout), Readable.toWeb(process.stdin));
const connection = app.connect(stream);
await connection.closed;
