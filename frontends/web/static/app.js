// Starts the game: registers the service worker (offline play after the first visit) and runs
// main.wasm, which draws into #board and starts the search worker (worker.js). Until the first
// frame, #msg says what is happening: the download's progress ("Downloading the game: 42 % of
// 3.1 MB", with a bar), then "Starting the game…". Every text shown is kept in
// cotuong.loadSteps (for tests and the console).
'use strict';
window.cotuong = window.cotuong || {};
cotuong.loadSteps = [];
if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('sw.js').catch((err) => console.warn('cotuong: no offline play:', err));
}

function cotuongStep(text, percent) {
  const step = document.getElementById('step');
  if (!step || step.textContent === text) return;
  step.textContent = text;
  cotuong.loadSteps.push(text);
  const bar = document.getElementById('progress');
  if (bar) {
    if (percent === undefined) bar.removeAttribute('value'); // indeterminate
    else bar.value = percent;
  }
}

function cotuongProgress(received, total) {
  if (received < 0) {
    cotuongStep('Starting the game…');
    return;
  }
  if (!total) {
    cotuongStep('Downloading the game: ' + (received / 1e6).toFixed(1) + '\u00a0MB');
    return;
  }
  const percent = Math.min(100, Math.floor(100 * received / total));
  cotuongStep('Downloading the game: ' + percent + '\u00a0% of ' + (total / 1e6).toFixed(1) + '\u00a0MB', percent);
}

cotuongRunWasm(cotuongProgress).catch((err) => {
  cotuongStep('The game could not start: ' + err);
  console.error(err);
});
