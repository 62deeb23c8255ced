// The system Chromium the end-to-end tests and the Lighthouse bench drive, and the flags they start
// it with: no sandbox or GPU in containers, and everything that would try to reach the network (QUIC,
// first-run pages, background updates, sync) switched off, since the machine's network is closed.

export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
