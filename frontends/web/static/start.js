// Runs main.wasm with Go's wasm_exec.js (loaded before this file), on the page and in the
// search worker alike: compiled while it downloads when the server sends application/wasm,
// else from its bytes.
'use strict';
async function cotuongRunWasm() {
  const go = new Go();
  let result;
  try {
    result = await WebAssembly.instantiateStreaming(fetch('main.wasm'), go.importObject);
  } catch (err) {
    const bytes = await (await fetch('main.wasm')).arrayBuffer();
    result = await WebAssembly.instantiate(bytes, go.importObject);
  }
  await go.run(result.instance);
}
