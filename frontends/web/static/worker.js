// The search worker: the same main.wasm, which finds no document here and answers the page's
// search requests (see package protocol). Messages that arrive before it is ready are queued.
'use strict';
importScripts('wasm_exec.js', 'start.js');
const queue = [];
let handler = null;
self.onmessage = (e) => { if (handler) handler(e.data); else queue.push(e.data); };
self.cotuongServe = (h) => {
  handler = h;
  for (const m of queue.splice(0)) h(m);
};
cotuongRunWasm().catch((err) => {
  // An error reply with no id: the page searches by itself instead.
  self.postMessage(JSON.stringify({ v: 1, id: 0, ok: false, depth: 0, nodes: 0, us: 0, err: 'worker could not start: ' + err }));
});
