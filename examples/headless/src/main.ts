// A headless shop front: `npm start -w examples/headless -- http://localhost:3000` against a running shop.
import { CartwheelError } from '@cartwheel/sdk';
import { runHeadless } from './shop.ts';

try {
  await runHeadless(process.argv[2] ?? process.env.CARTWHEEL_URL ?? 'http://localhost:3000');
} catch (error) {
  if (!(error instanceof CartwheelError)) throw error;
  console.error(`The shop said no: ${error.status} ${error.code}: ${error.message}`);
  process.exitCode = 1;
}
