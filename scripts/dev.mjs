// `npm run dev`: the API with reload on :3000, and both Vite dev servers; open http://localhost:5173
// (the storefront's dev server proxies /api to the API and /admin to the back office's dev server).
import { spawn } from 'node:child_process';
import { ROOT } from './targets.mjs';

const children = [
  ['api', ['node', '--import', 'tsx', '--watch', 'apps/api/src/main.ts']],
  ['storefront', ['npx', 'vite', '--config', 'apps/storefront/vite.config.ts', 'apps/storefront']],
  ['admin', ['npx', 'vite', '--config', 'apps/admin/vite.config.ts', 'apps/admin']],
].map(([name, [cmd, ...args]]) => {
  // tsx reads the working directory's tsconfig (the root has none): the API's gives its .tsx email
  // templates the automatic JSX runtime ("React is not defined" otherwise).
  const env = { ...process.env, PORT: '3000', TSX_TSCONFIG_PATH: 'apps/api/tsconfig.json' };
  const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', env });
  child.on('exit', (code) => {
    console.log(`${name} exited (${code}); stopping the others`);
    stop();
  });
  return child;
});

function stop() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
console.log(
  '\n  Dev servers starting: open http://localhost:5173 (back office at http://localhost:5173/admin)\n',
);
