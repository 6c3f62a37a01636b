// Runs main.wasm with Go's wasm_exec.js (loaded before this file), on the page and in the
// search worker alike: compiled while it downloads when the server sends application/wasm,
// else from its bytes. On the page, onProgress(received, total) follows the download; total is
// the wasm file's size, written into this file when the site is built (a gzip-compressed
// response's Content-Length is not the size of what the page receives).
'use strict';
const cotuongWasmSize = Number('{{WASM_SIZE}}') || 0;

// cotuongFetchWasm fetches main.wasm; with onProgress, its body is passed on through a stream
// that reports every chunk.
async function cotuongFetchWasm(onProgress) {
  const resp = await fetch('main.wasm');
  if (!onProgress || !resp.ok || !resp.body) return resp;
  let total = cotuongWasmSize;
  if (!total && !resp.headers.get('Content-Encoding')) total = Number(resp.headers.get('Content-Length')) || 0;
  let received = 0;
  onProgress(0, total);
  const reader = resp.body.getReader();
  const body = new ReadableStream({
    async pull(ctrl) {
      const { done, value } = await reader.read();
      if (done) {
        ctrl.close();
        return;
      }
      received += value.byteLength;
      onProgress(received, total);
      ctrl.enqueue(value);
    },
    cancel(reason) { return reader.cancel(reason); },
  });
  return new Response(body, { status: resp.status, headers: { 'Content-Type': resp.headers.get('Content-Type') || '' } });
}

async function cotuongRunWasm(onProgress) {
  const go = new Go();
  let result;
  try {
    result = await WebAssembly.instantiateStreaming(cotuongFetchWasm(onProgress), go.importObject);
  } catch (err) {
    const bytes = await (await cotuongFetchWasm(onProgress)).arrayBuffer();
    result = await WebAssembly.instantiate(bytes, go.importObject);
  }
  if (onProgress) onProgress(-1, 0); // downloaded and compiled: the program starts
  await go.run(result.instance);
}
